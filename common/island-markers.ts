/**
 * The attributes of an island's marker in the HTML, which the worker writes and
 * the browser's loader reads. Kept apart from defineIsland, so that the loader
 * takes these few strings into its own chunk and nothing else.
 */
export const ISLAND_ATTRIBUTE = 'data-island';
export const PROPS_ATTRIBUTE = 'data-props';
export const WHEN_ATTRIBUTE = 'data-hydrate';
/** The URL of the island's chunk, from the build's manifest. */
export const SRC_ATTRIBUTE = 'data-src';
/** Marks the element that holds an island's server-rendered children. */
export const SLOT_ATTRIBUTE = 'data-island-slot';
/** The event the loader dispatches on window when an island's code cannot be loaded. */
export const ISLAND_ERROR_EVENT = 'island:error';
/** On any element: the name of the island (hydrated on `demand`) that its first use wakes. */
export const WAKES_ATTRIBUTE = 'data-wakes';
