import { createContext, useContext } from 'react';
import type { LowVision } from '../../common/low-vision';

/**
 * What the frame's components know of the request, set once per page by
 * render/render-page.tsx: the page's own address (where the low-vision panel
 * sends the visitor back, and whether the page is an editors' one) and the
 * version for the visually impaired (the panel, and carousels as plain lists).
 */
export interface PageView {
  /** The request's path and query, as the browser sent them. */
  url: string;
  /** The visitor's low-vision settings; none, the ordinary version. */
  lowVision?: LowVision;
  /** The request is a signed-in editor's: the frame shows the editors' bar. */
  editor?: boolean;
}

export const PageContext = createContext<PageView>({ url: '/' });

export const usePage = () => useContext(PageContext);
