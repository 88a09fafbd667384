import type { Image, NodeData } from '../drupal/types';
import type { BundleModule } from './index';

/** A bundle Drupal adds later: its title, first picture and body. */
export interface GenericView {
  bundle: 'generic';
  image?: Image;
}

export const generic: BundleModule<GenericView> = {
  wants: [],
  view: (node: NodeData) => ({ bundle: 'generic', image: Object.values(node.images).find((list) => list.length > 0)?.[0] }),
};
