import type { Image, NodeData } from '../drupal/types';
import type { BundleModule } from './index';
import { images } from './fields';

export interface GalleryView {
  bundle: 'gallery';
  /** Before and after (a licence gallery: every scan), in the editor's order. */
  images: Image[];
}

export const gallery: BundleModule<GalleryView> = {
  wants: ['field_gallery_image'],
  view: (node: NodeData) => ({ bundle: 'gallery', images: images(node, 'field_gallery_image') }),
};
