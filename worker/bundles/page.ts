import type { Image, NodeData } from '../drupal/types';
import type { BundleModule } from './index';
import { firstImage, images } from './fields';

export interface PageView {
  bundle: 'page';
  image?: Image;
  /** Documents to download, each with the editor's description. */
  files: Image[];
}

export const page: BundleModule<PageView> = {
  wants: ['field_image', 'field_files'],
  view: (node: NodeData) => ({ bundle: 'page', image: firstImage(node, 'field_image'), files: images(node, 'field_files') }),
};
