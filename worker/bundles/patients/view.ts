import type { Image, NodeData } from '../../drupal/types';
import { firstImage, html } from '../fields';

/** docs/requirements.md §2: what a patient's page reads, the photo and the feedback text. */
export interface PatientView {
  photo?: Image;
  /** Sanitised HTML. */
  feedback?: string;
}

export const PATIENT_WANTS = ['field_photo'];

export const patientView = (node: NodeData): PatientView => ({
  photo: firstImage(node, 'field_photo', 'field_image'),
  feedback: html(node, 'field_feedback_text'),
});
