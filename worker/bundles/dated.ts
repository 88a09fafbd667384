import type { Image, NodeData, Teaser } from '../drupal/types';
import { day, firstImage, text } from './fields';

/** News and articles read the same fields: a picture and a date. */
export interface DatedView {
  image?: Image;
  /** YYYY-MM-DD: the publication date, else the day it was created. */
  date?: string;
}

const dateOf = (node: NodeData) => day(text(node, 'field_date_publication') ?? node.created);

export const DATED_WANTS = ['field_image'];

export const datedView = (node: NodeData): DatedView => ({ image: firstImage(node, 'field_image'), date: dateOf(node) });

/** A node of a JSON:API list as a line of a page's «other» list: its title, page, picture and date. */
export function otherTeaser(node: NodeData): Teaser {
  const image = firstImage(node, 'field_image');
  return {
    nid: node.nid,
    title: node.title,
    url: node.path,
    image: image && { ...image, alt: image.alt || node.title },
    date: dateOf(node),
  };
}
