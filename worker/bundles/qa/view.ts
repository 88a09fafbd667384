import type { NodeData } from '../../drupal/types';
import { text } from '../fields';

/** What a question and its answer read. */
export interface QaView {
  /** The visitor's question; the node's body is the answer. */
  question?: string;
}

/** It reads no relationship field. */
export const QA_WANTS: readonly string[] = [];

export const qaView = (node: NodeData): QaView => ({ question: text(node, 'field_question') });
