import { createContext, useContext } from 'react';
import type { LowVision } from '../../common/low-vision';

/**
 * The version for the visually impaired, as the components that change with it
 * read it: the panel (which page to come back to after a choice) and the carousels
 * (plain lists then). Set once per page by render/render-page.tsx.
 */
export interface LowVisionView {
  /** The visitor's settings; none, the ordinary version. */
  settings?: LowVision;
  /** The page's own path and query, where the panel's form sends the visitor back. */
  back: string;
}

export const LowVisionContext = createContext<LowVisionView>({ back: '/' });

export const useLowVision = () => useContext(LowVisionContext);
