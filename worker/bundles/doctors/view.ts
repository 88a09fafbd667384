import type { Image, NodeData, NodeLink } from '../../drupal/types';
import { firstImage, text } from '../fields';

export interface DoctorView {
  post?: string;
  /** The big photo when there is one. */
  photo?: Image;
  /** The services the doctor performs, published ones only. */
  services: NodeLink[];
}

/** The relationship fields a doctor's page reads. */
export const DOCTOR_WANTS = ['field_photo', 'field_photo_big', 'field_services'];

export const doctorView = (node: NodeData): DoctorView => ({
  post: text(node, 'field_post'),
  photo: firstImage(node, 'field_photo_big', 'field_photo'),
  services: node.links.field_services ?? [],
});

/** docs/requirements.md §9: a doctor's services show at most 6 links. */
const DOCTOR_SERVICES = 6;

/**
 * docs/requirements.md §2: «[ФИО] проводит процедуры», at most six links; when the doctor has
 * more, the fifth entry ends in an ellipsis to say the list goes on.
 */
export function doctorServiceLinks(services: NodeLink[]): { link: NodeLink; ellipsis: boolean }[] {
  const more = services.length > DOCTOR_SERVICES;
  return services.slice(0, DOCTOR_SERVICES).map((link, index) => ({ link, ellipsis: more && index === 4 }));
}
