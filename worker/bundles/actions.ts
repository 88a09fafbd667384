import type { Image, NodeData } from '../drupal/types';
import type { BundleModule } from './index';
import { day, firstImage, text } from './fields';

export interface ActionView {
  bundle: 'actions';
  image?: Image;
  subtitle?: string;
  /** YYYY-MM-DD: the promotion's last day. */
  until?: string;
}

export const actions: BundleModule<ActionView> = {
  wants: ['field_image'],
  view: (node: NodeData) => ({
    bundle: 'actions',
    image: firstImage(node, 'field_image'),
    subtitle: text(node, 'field_subtitle'),
    until: day(text(node, 'field_action_date')),
  }),
};
