/**
 * The contract between the worker, which renders islands into the HTML, and the
 * browser's loader, which hydrates them: both import this file.
 */
import type { ReactNode } from 'react';

/** What may cross from the worker into the browser as island props. */
export type Serializable = string | number | boolean | null | readonly Serializable[] | { readonly [key: string]: Serializable };

export type SerializableProps = { readonly [key: string]: Serializable };

/**
 * When an island's code is loaded and hydrated:
 * - `idle`: once the browser is idle after loading;
 * - `visible`: when it scrolls into view;
 * - `interaction`: on the first pointer, touch, focus or key event inside it (the click is replayed);
 * - `reach`: when the visitor reaches for it — a press or touch on it, focus or a key inside it, a sideways
 *   wheel over it — but not a pointer passing over it, nor a click on a link in it (that goes at once); any
 *   other click is replayed. Until then its server-rendered markup works on its own (a carousel's
 *   scroll-snap row scrolls natively, docs/architecture.md "Islands and behaviors in the browser");
 * - `demand`: when an element elsewhere that names it in `data-wakes` is first used (that click is replayed).
 */
export type HydrateWhen = 'idle' | 'visible' | 'interaction' | 'reach' | 'demand';

/**
 * A component the worker renders into HTML and the browser hydrates, as its file under client/islands/ defines it:
 * `hydrate` is its default trigger, which a use of the island may change. Besides its serialisable props it may take
 * server-rendered children, which reach it in the browser as the same static HTML. It has no name until the islands'
 * table (client/islands/index.ts) gives it the name of its file.
 */
export type IslandDefinition<P extends SerializableProps> = ((props: P & { children?: ReactNode }) => ReactNode) & {
  readonly hydrate: HydrateWhen;
};

/**
 * An island as the worker renders it: its definition and the name of its file under client/islands/, which is how the
 * loader finds its code (each island's chunk is named after its file, vite.config.ts).
 */
export type IslandComponent<P extends SerializableProps> = IslandDefinition<P> & { readonly islandName: string };

// An island without props is inferred as `{}`, not as any serialisable object.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export function defineIsland<P extends SerializableProps = {}>(
  hydrate: HydrateWhen,
  component: (props: P & { children?: ReactNode }) => ReactNode,
): IslandDefinition<P> {
  return Object.assign(component, { hydrate });
}

/**
 * The islands' table: each definition under the name it is keyed by, which is its file's (`{ Popup }` for
 * client/islands/Popup.tsx; test/worker/islands.test.tsx holds the table to the files). A name is written once,
 * and every use of it (a button's `data-wakes`) is checked against the table by the type checker.
 */
export function islandsByFile<T extends { readonly [name: string]: IslandDefinition<never> }>(
  islands: T,
): { readonly [N in keyof T & string]: T[N] & { readonly islandName: N } } {
  for (const [islandName, island] of Object.entries(islands)) Object.assign(island, { islandName });
  return islands as { readonly [N in keyof T & string]: T[N] & { readonly islandName: N } };
}
