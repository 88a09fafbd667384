import type { Image, NodeData, ViewRow } from '../../drupal/types';
import { images } from '../fields';

export interface GalleryView {
  /** The gallery's pictures in the editor's order: a before/after pair (and more), or a licence gallery's scans. */
  images: Image[];
  /** Full-size scans beside them (field_gallery_image_1), by index, where the bundle has that field. */
  fullImages: Image[];
}

export const GALLERY_WANTS = ['field_gallery_image', 'field_gallery_image_1'];

export const galleryView = (node: NodeData): GalleryView => ({
  images: images(node, 'field_gallery_image'),
  fullImages: images(node, 'field_gallery_image_1'),
});

/** How a gallery's page shows its pictures: whole, as documents, or as a labelled before/after pair. */
export type GalleryKind = 'documents' | 'before-after';

/**
 * Drupal has one gallery bundle for two things, and says which is which: a licence
 * gallery is one its licence view (/rest/license-images) lists, or one whose node
 * holds full-size scans beside its pictures (field_gallery_image_1, the field that
 * view reads). Every other gallery is a before/after one. The path or title says
 * nothing (another clinic names them as it likes). Should the licence view fail
 * (`licences` undefined), the pictures are shown whole and unlabelled: a licence
 * is never labelled «До» / «После», and a photo pair loses only its labels.
 */
export function galleryKind(view: GalleryView, nid: number, licences: readonly ViewRow[] | undefined): GalleryKind {
  if (view.fullImages.length > 0 || licences === undefined || licences.some((row) => row.nid === nid)) return 'documents';
  return 'before-after';
}

/** A licence gallery's documents: each picture with the full-size scan it opens (the node's, else the licence view's, else itself). */
export function galleryDocuments(
  view: GalleryView,
  nid: number,
  licences: readonly ViewRow[] | undefined,
): { thumb: Image; full: Image }[] {
  const row = licences?.find((r) => r.nid === nid);
  const thumbs = view.images.length > 0 ? view.images : (row?.images ?? []);
  return thumbs.map((thumb, index) => ({ thumb, full: view.fullImages[index] ?? row?.fullImages[index] ?? thumb }));
}
