import type { NodeData } from '../../drupal/types';
import { html, text } from '../fields';

/** What a vacancy reads: its subtitle and the note beside the body. */
export interface VacancyView {
  subtitle?: string;
  /** field_note as HTML to show: formatted text sanitised, or plain text escaped, whichever Drupal sends. */
  note?: string;
}

/** It reads no relationship field. */
export const VACANCY_WANTS: readonly string[] = [];

export const vacancyView = (node: NodeData): VacancyView => ({ subtitle: text(node, 'field_subtitle'), note: html(node, 'field_note') });
