import type { Image, NodeData } from '../../drupal/types';
import { day, firstImage, text } from '../fields';

/** What a promotion's page reads: its picture, its subtitle and its last day. */
export interface ActionView {
  image?: Image;
  subtitle?: string;
  /** YYYY-MM-DD: the promotion's last day. */
  until?: string;
}

export const ACTION_WANTS = ['field_image'];

export const actionView = (node: NodeData): ActionView => ({
  image: firstImage(node, 'field_image'),
  subtitle: text(node, 'field_subtitle'),
  until: day(text(node, 'field_action_date')),
});
