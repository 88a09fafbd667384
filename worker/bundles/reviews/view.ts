import type { NodeData } from '../../drupal/types';
import { day, text } from '../fields';

/** What a review reads: the doctor it is about and its day. */
export interface ReviewView {
  /** The doctor the review is about, by name or as a link. */
  doctor?: { title: string; url?: string };
  /** YYYY-MM-DD. */
  date?: string;
}

export const REVIEW_WANTS = ['field_doctor'];

export function reviewView(node: NodeData): ReviewView {
  const linked = node.links.field_doctor?.[0];
  const named = text(node, 'field_doctor');
  return { doctor: linked ?? (named ? { title: named } : undefined), date: day(node.created) };
}
