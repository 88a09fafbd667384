/**
 * Behaviours: islands without React. The worker renders their markup as plain
 * server components; in the browser a small module drives that markup (a
 * carousel, a menu, a button). Most visitors only read, and a behaviour costs
 * them a few kilobytes where a React island costs React.
 *
 * Each behaviour's props and default trigger, by the name of its module under
 * client/behaviors/: the worker names behaviours only through this table, so none
 * of their browser code reaches the worker's bundle.
 */
import type { HydrateWhen } from './islands';

export interface BehaviorProps {
  BackToTop: { threshold: number };
  SearchToggle: { barId: string };
}

export type BehaviorName = keyof BehaviorProps;

export const BEHAVIOR_TRIGGERS: { readonly [N in BehaviorName]: HydrateWhen } = {
  BackToTop: 'idle',
  SearchToggle: 'interaction',
};
