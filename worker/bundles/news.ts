import type { Image, NodeData } from '../drupal/types';
import type { BundleModule } from './index';
import { day, firstImage, text } from './fields';

/** News and articles read the same fields: a picture and a date. */
export interface DatedView {
  bundle: 'news' | 'article';
  image?: Image;
  /** YYYY-MM-DD: the publication date, else the day it was created. */
  date?: string;
}

export const dated = (bundle: DatedView['bundle']): BundleModule<DatedView> => ({
  wants: ['field_image'],
  view: (node: NodeData) => ({ bundle, image: firstImage(node, 'field_image'), date: day(text(node, 'field_date_publication') ?? node.created) }),
});

export const news = dated('news');
