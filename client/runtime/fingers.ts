/**
 * Whether a finger is on a `reach` island (docs/architecture.md, "Islands and behaviors in the browser"): the island loader keeps
 * `data-touching` on the island's root from the first touch to the last, from before the island's code arrives, so a
 * behaviour reads a finger it did not see go down. The loader's listener captures on the root, so a behaviour's own
 * listener on an element inside reads the attribute already changed.
 */

/** The touch events that put a finger down or lift one. */
export const FINGER_EVENTS = ['touchstart', 'touchend', 'touchcancel'] as const;

/** Whether a finger is on the `reach` island `element` is in. */
export const fingerOn = (element: Element): boolean => element.closest('[data-touching]') !== null;

/** Keeps `data-touching` on a `reach` island's root (the island loader). */
export function keepFingers(root: HTMLElement): void {
  const fingers = (event: TouchEvent) => root.toggleAttribute('data-touching', event.touches.length > 0);
  for (const type of FINGER_EVENTS) root.addEventListener(type, fingers, { capture: true, passive: true });
}

/** Calls `then` each time a finger is put down on `target` or lifted from it. */
export function onFingers(target: HTMLElement, then: () => void): void {
  for (const type of FINGER_EVENTS) target.addEventListener(type, then, { passive: true });
}
