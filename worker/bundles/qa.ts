import type { NodeData } from '../drupal/types';
import type { BundleModule } from './index';
import { text } from './fields';

export interface QaView {
  bundle: 'qa';
  /** The visitor's question; the node's body is the answer. */
  question?: string;
}

export const qa: BundleModule<QaView> = {
  wants: [],
  view: (node: NodeData) => ({ bundle: 'qa', question: text(node, 'field_question') }),
};
