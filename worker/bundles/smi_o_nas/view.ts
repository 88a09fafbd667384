import type { NodeData } from '../../drupal/types';
import { day } from '../fields';
import { SIMPLE_WANTS, simpleView, type SimpleView } from '../simple';

/** A press mention reads a simple page's picture (../simple.tsx) and the day it was published. */
export type PressView = SimpleView & { date?: string };

export const PRESS_WANTS = SIMPLE_WANTS;

export const pressView = (node: NodeData): PressView => ({ ...simpleView(node), date: day(node.created) });
