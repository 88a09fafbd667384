import type { Image, NodeData, NodeLink } from '../drupal/types';
import type { BundleModule } from './index';
import { firstImage, text } from './fields';

export interface DoctorView {
  bundle: 'doctors';
  post?: string;
  /** The big photo when there is one. */
  photo?: Image;
  /** The services the doctor performs, published ones only. */
  services: NodeLink[];
}

export const doctors: BundleModule<DoctorView> = {
  wants: ['field_photo', 'field_photo_big', 'field_services'],
  view: (node: NodeData) => ({
    bundle: 'doctors',
    post: text(node, 'field_post'),
    photo: firstImage(node, 'field_photo_big', 'field_photo'),
    services: node.links.field_services ?? [],
  }),
};
