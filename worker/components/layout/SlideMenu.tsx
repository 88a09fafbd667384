import type { LayoutData } from '../../loaders/layout';

/**
 * Phones: the hamburger button and the slide-out menu it opens (spec §2, §4).
 * To be built: the menu, search and a call link; content after 5 s or on first open.
 */
export function SlideMenu(_: { layout: LayoutData }) {
  return null;
}
