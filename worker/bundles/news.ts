import type { Image, NodeData } from '../drupal/types';
import type { BundleModule } from './index';
import { day, firstImage, text } from './fields';

export interface NewsView {
  bundle: 'news';
  image?: Image;
  /** YYYY-MM-DD: the publication date, else the day it was created. */
  date?: string;
}

export const news: BundleModule<NewsView> = {
  wants: ['field_image'],
  view: (node: NodeData) => ({ bundle: 'news', image: firstImage(node, 'field_image'), date: day(text(node, 'field_date_publication') ?? node.created) }),
};
