import type { NodeData } from '../drupal/types';
import type { BundleModule } from './index';
import { html, text } from './fields';

export interface VacancyView {
  bundle: 'vacancy';
  subtitle?: string;
  /** field_note as HTML to show: formatted text sanitised, or plain text escaped, whichever Drupal sends. */
  note?: string;
}

export const vacancy: BundleModule<VacancyView> = {
  wants: [],
  view: (node: NodeData) => ({ bundle: 'vacancy', subtitle: text(node, 'field_subtitle'), note: html(node, 'field_note') }),
};
