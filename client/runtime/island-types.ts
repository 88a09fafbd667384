import type { ReactNode } from 'react';

/** What may cross from the worker into the browser as island props. */
export type Serializable = string | number | boolean | null | readonly Serializable[] | { readonly [key: string]: Serializable };

export type SerializableProps = { readonly [key: string]: Serializable };

/**
 * When an island's code is loaded and hydrated:
 * - `idle`: once the browser is idle after loading;
 * - `visible`: when it scrolls into view;
 * - `interaction`: on the first pointer, touch, focus or key event inside it (the click is replayed).
 */
export type HydrateWhen = 'idle' | 'visible' | 'interaction';

/**
 * A component the worker renders into HTML and the browser hydrates. The name is
 * the island's file name under client/islands/, which is how the loader finds its code.
 */
export type IslandComponent<P extends SerializableProps> = ((props: P) => ReactNode) & {
  readonly islandName: string;
  readonly hydrate: HydrateWhen;
};

export function defineIsland<P extends SerializableProps>(
  islandName: string,
  hydrate: HydrateWhen,
  component: (props: P) => ReactNode,
): IslandComponent<P> {
  return Object.assign(component, { islandName, hydrate });
}

export const ISLAND_ATTRIBUTE = 'data-island';
export const PROPS_ATTRIBUTE = 'data-props';
export const WHEN_ATTRIBUTE = 'data-hydrate';
