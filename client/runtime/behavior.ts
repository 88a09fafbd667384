import type { ComponentType } from 'react';
import type { BehaviorName, BehaviorProps } from '../../common/behaviors';

/** What a module under client/behaviors/ exports by default. */
export interface Behavior<P> {
  readonly mount: (root: HTMLElement, props: P) => void;
}

export function defineBehavior<N extends BehaviorName>(
  _name: N,
  mount: (root: HTMLElement, props: BehaviorProps[N]) => void,
): Behavior<BehaviorProps[N]> {
  return { mount };
}

/** A module's default export is a behaviour (a `mount` function), or a React component. */
export const isBehavior = <P>(value: Behavior<P> | ComponentType<P>): value is Behavior<P> =>
  typeof value === 'object' && value !== null && 'mount' in value && typeof value.mount === 'function';
