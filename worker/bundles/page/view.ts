import type { Image, NodeData } from '../../drupal/types';
import { firstImage, images } from '../fields';

/** What a basic page reads: a picture and the files to download. */
export interface PageView {
  image?: Image;
  /** Documents to download, each with the editor's description. */
  files: Image[];
}

export const PAGE_WANTS = ['field_image', 'field_files'];

export const pageView = (node: NodeData): PageView => ({ image: firstImage(node, 'field_image'), files: images(node, 'field_files') });
