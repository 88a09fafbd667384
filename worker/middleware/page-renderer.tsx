import type { Context, Env, MiddlewareHandler } from 'hono';
import type { ReactNode } from 'react';
import { consentIn } from '../../common/consent';
import { lowVisionIn } from '../../common/low-vision';
import type { PopupForm } from '../../common/popups';
import type { LayoutData, PreFooterData } from '../components/layout/layout-data';
import type { NodeData } from '../drupal/types';
import { loadErrorLayout, loadLayout } from '../loaders/layout';
import { loadPreFooter, type PageSubject } from '../loaders/pre-footer';
import { defer } from '../components/deferred';
import { renderPage, type LayoutKind } from '../render/render-page';
import type { ConfigVariables } from './config';
import type { EditorVariables } from './editor';
import type { PagePathVariables } from './page-path';
import type { SecurityVariables } from './security-headers';

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

declare module 'hono' {
  interface ContextRenderer {
    (body: ReactNode, props: PageProps): Promise<Response>;
  }
}

/** The frame of the page (header, menus, blocks, footer), its Drupal calls started once per request. */
export interface Frame {
  /**
   * Starts the frame's calls for `path` (the request's page path unless given); later calls get the same frame.
   * `keep`: whether what names the page's node may be cached (a node page's: once its node is found public).
   * `node`: the page's node on its way, where the frame reads it (loaders/layout.ts).
   */
  forPage(path?: string, keep?: Promise<boolean>, node?: Promise<NodeData | null>): LayoutData;
  /**
   * Starts the pre-footer carousels' calls; later calls get the same lists, unless they name another
   * subject. `about` is the node the page shows, so that its own kind's list leaves it out.
   */
  preFooter(about?: PageSubject): PreFooterData;
}

/** What this middleware puts on the context. */
export interface PageVariables {
  frame: Frame;
}

type Needs = { Variables: ConfigVariables & SecurityVariables & Partial<PagePathVariables> & Partial<EditorVariables> & PageVariables };

const CRAWLER = /bot|crawl|spider|slurp|yandex|lighthouse/i;

/** Crawlers get the complete document at once rather than a stream. */
export const isCrawler = (c: Context) => CRAWLER.test(c.req.header('User-Agent') ?? '');

/**
 * The page renderer, in the shape of Hono's jsxRenderer: a handler says only
 * `c.render(body, { title })`. The frame's calls start when a route asks for them
 * (see `framed`) or, at the latest, when the page renders; an error page that no
 * route framed takes a frame made of path-independent calls only.
 */
export function pageRenderer<E extends Env & Needs>(): MiddlewareHandler<E> {
  return async (c, next) => {
    let started: LayoutData | undefined;
    let preFooter: { about: string; lists: PreFooterData } | undefined;
    const pagePath = () => c.var.pagePath ?? '/';
    const frame: Frame = {
      forPage: (path, keep, node) => (started ??= loadLayout(c.var.drupal, c.var.config, path ?? pagePath(), keep, node)),
      // A page started on a guess (routes/content.tsx) that Drupal then corrects asks again, for the right node.
      preFooter: (about) => {
        const key = JSON.stringify(about ?? null);
        if (!preFooter || (about !== undefined && preFooter.about !== key))
          preFooter = { about: key, lists: loadPreFooter(c.var.drupal, about) };
        return preFooter.lists;
      },
    };
    c.set('frame', frame);
    c.setRenderer((body, props) => {
      const status = props.status ?? 200;
      const layout = props.layout ?? 'default';
      return renderPage({
        status,
        layout,
        frame:
          status >= 400
            ? errorFrame(started, () => loadErrorLayout(c.var.drupal, c.var.config, pagePath(), status))
            : (started ?? frame.forPage()),
        title: props.title,
        searchKeywords: props.searchKeywords,
        popup: props.popup,
        ownRegions: props.ownRegions,
        // Error pages have none: an unknown URL costs Drupal only the lookups that found it unknown.
        preFooter: status < 400 && layout === 'default' ? frame.preFooter() : undefined,
        body,
        nonce: c.var.nonce(),
        cacheStatus: () => c.var.cacheReport.summary(),
        complete: isCrawler(c),
        consent: consentIn(c.req.header('Cookie')),
        lowVision: lowVisionIn(c.req.header('Cookie')),
        pageUrl: pageUrlOf(c.req.url),
        editor: Boolean(c.var.editor),
      });
    });
    await next();
  };
}

/** The request's path and query, as the browser sent them. */
function pageUrlOf(url: string): string {
  const { pathname, search } = new URL(url);
  return pathname + search;
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

/**
 * Route middleware: the page's frame starts with the request, beside the route's
 * own calls (one round to Drupal instead of two). `pathOf` names the path Drupal
 * knows the page by, when it is not the request's (a listing's later pages).
 */
export function framed<E extends Env & Needs>(pathOf?: (c: Context<E>) => string): MiddlewareHandler<E> {
  return async (c, next) => {
    c.var.frame.forPage(pathOf?.(c));
    // Path-independent lists, the same for every page that shows no node of their own.
    c.var.frame.preFooter();
    await next();
  };
}
