import type { NodeData } from '../drupal/types';
import type { BundleModule } from './index';
import { day, text } from './fields';

export interface ReviewView {
  bundle: 'reviews';
  /** The doctor the review is about, by name or as a link. */
  doctor?: { title: string; url?: string };
  /** YYYY-MM-DD. */
  date?: string;
}

export const reviews: BundleModule<ReviewView> = {
  wants: ['field_doctor'],
  view: (node: NodeData) => {
    const linked = node.links.field_doctor?.[0];
    const named = text(node, 'field_doctor');
    return { bundle: 'reviews', doctor: linked ?? (named ? { title: named } : undefined), date: day(node.created) };
  },
};
