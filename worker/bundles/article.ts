import type { Image, NodeData } from '../drupal/types';
import type { BundleModule } from './index';
import { day, firstImage, text } from './fields';

export interface ArticleView {
  bundle: 'article';
  image?: Image;
  /** YYYY-MM-DD. */
  date?: string;
}

/** The author and the service link come from their own calls (spec §7), which the route starts. */
export const article: BundleModule<ArticleView> = {
  wants: ['field_image'],
  view: (node: NodeData) => ({ bundle: 'article', image: firstImage(node, 'field_image'), date: day(text(node, 'field_date_publication') ?? node.created) }),
};
