import type { Image, NodeData } from '../../drupal/types';

/** A bundle Drupal adds later: its title, first picture and body. */
export interface GenericView {
  image?: Image;
}

/** It asks for no relationship field: the site does not know the bundle's fields. */
export const GENERIC_WANTS: readonly string[] = [];

export const genericView = (node: NodeData): GenericView => ({ image: Object.values(node.images).find((list) => list.length > 0)?.[0] });
