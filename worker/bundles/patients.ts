import type { Image, NodeData } from '../drupal/types';
import type { BundleModule } from './index';
import { firstImage, html } from './fields';

export interface PatientView {
  bundle: 'patients';
  photo?: Image;
  /** Sanitised HTML. */
  feedback?: string;
}

export const patients: BundleModule<PatientView> = {
  wants: ['field_photo'],
  view: (node: NodeData) => ({
    bundle: 'patients',
    photo: firstImage(node, 'field_photo', 'field_image'),
    feedback: html(node, 'field_feedback_text'),
  }),
};
