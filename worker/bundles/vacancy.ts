import type { NodeData } from '../drupal/types';
import type { BundleModule } from './index';
import { text } from './fields';

export interface VacancyView {
  bundle: 'vacancy';
  subtitle?: string;
}

export const vacancy: BundleModule<VacancyView> = {
  wants: [],
  view: (node: NodeData) => ({ bundle: 'vacancy', subtitle: text(node, 'field_subtitle') }),
};
