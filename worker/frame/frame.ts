import type { ReactNode } from 'react';
import type { PopupForm } from '../../common/popups';
import type { Config } from '../config/config';
import type { DrupalClient } from '../drupal/client';
import type { NodeData } from '../drupal/types';
import { defer } from '../components/deferred';
import type { LayoutData, PreFooterData } from '../components/layout/layout-data';
import { renderPage, type LayoutKind, type PageRender } from '../render/render-page';
import { loadErrorLayout, loadLayout } from './layout';
import { loadPreFooter, type PageSubject } from './pre-footer';

/** What a handler says about its page besides the body. */
export interface PageProps {
  title: string;
  status?: number;
  searchKeywords?: string;
  /** A popup open over the page from the start. */
  popup?: PopupForm;
  /** The site frame (default) or the landing pages' bare one. */
  layout?: LayoutKind;
  /** Block regions the page's body shows in its own places, which the frame then leaves out. */
  ownRegions?: readonly string[];
}

/** What the request says of its visitor that changes the page (middleware/page-renderer.tsx reads it). */
export type PageVisitor = Pick<
  PageRender,
  'nonce' | 'cacheStatus' | 'complete' | 'consent' | 'lowVision' | 'pageUrl' | 'editor' | 'startSent' | 'startGone'
>;

/**
 * The frame of a page (header, menus, blocks, pre-footer, footer, head) and the render of a page in it: one per
 * request, its Drupal calls started once, by the route that knows the page's path or at the latest by the render.
 */
export interface Frame {
  /**
   * Starts the frame's calls for `path` (the request's page path unless given); later calls get the same frame.
   * `keep`: whether what names the page's node may be cached (a node page's: once its node is found public).
   * `node`: the page's node on its way, where the frame reads it (layout.ts).
   */
  forPage(path?: string, keep?: Promise<boolean>, node?: Promise<NodeData | null>): LayoutData;
  /**
   * Starts the pre-footer carousels' calls; later calls get the same lists, unless they name another
   * subject. `about` is the node the page shows, so that its own kind's list leaves it out.
   */
  preFooter(about?: PageSubject): PreFooterData;
  /** The page's body in this frame, as the response's stream. */
  render(body: ReactNode, props: PageProps, visitor: PageVisitor): Promise<Response>;
}

/** A request's frame: `pagePath` is the page's path once the request knows it. */
export function createFrame(drupal: DrupalClient, config: Config, pagePath: () => string): Frame {
  let started: LayoutData | undefined;
  let preFooter: { about: string; lists: PreFooterData } | undefined;
  const frame: Frame = {
    forPage: (path, keep, node) => (started ??= loadLayout(drupal, config, path ?? pagePath(), keep, node)),
    // A page started on a guess (routes/content.tsx) that Drupal then corrects asks again, for the right node.
    preFooter: (about) => {
      const key = JSON.stringify(about ?? null);
      if (!preFooter || (about !== undefined && preFooter.about !== key)) preFooter = { about: key, lists: loadPreFooter(drupal, about) };
      return preFooter.lists;
    },
    render: (body, props, visitor) => {
      const status = props.status ?? 200;
      const layout = props.layout ?? 'default';
      return renderPage({
        status,
        layout,
        frame: status >= 400 ? errorFrame(started, () => loadErrorLayout(drupal, config, pagePath(), status)) : frame.forPage(),
        title: props.title,
        searchKeywords: props.searchKeywords,
        popup: props.popup,
        ownRegions: props.ownRegions,
        // Error pages have none: an unknown URL costs Drupal only the lookups that found it unknown.
        preFooter: status < 400 && layout === 'default' ? frame.preFooter() : undefined,
        body,
        ...visitor,
      });
    },
  };
  return frame;
}

/**
 * An error page's frame: the page's own, when a route had started it, less what names
 * the page (its metatags and breadcrumb: a draft's title, a listing's name on its 404);
 * else one of path-independent calls only.
 */
function errorFrame(started: LayoutData | undefined, errorLayout: () => LayoutData): LayoutData {
  if (!started) return errorLayout();
  return { ...started, head: Promise.resolve({ tags: [] }), breadcrumb: defer(Promise.resolve([])) };
}
