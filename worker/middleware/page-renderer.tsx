import type { Context, Env, MiddlewareHandler } from 'hono';
import type { ReactNode } from 'react';
import { consentIn } from '../../common/consent';
import { lowVisionIn } from '../../common/low-vision';
import { createFrame, type Frame, type PageProps } from '../frame/frame';
import type { ConfigVariables } from './config';
import type { EditorVariables } from './editor';
import type { PagePathVariables } from './page-path';
import type { SecurityVariables } from './security-headers';

declare module 'hono' {
  interface ContextRenderer {
    (body: ReactNode, props: PageProps): Promise<Response>;
  }
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
 * `c.render(body, { title })`. The request's frame (frame/frame.ts) starts its calls when a route asks for
 * them (see `framed`) or, at the latest, when the page renders; an error page that no route framed takes a
 * frame made of path-independent calls only.
 */
export function pageRenderer<E extends Env & Needs>(): MiddlewareHandler<E> {
  return async (c, next) => {
    const frame = createFrame(c.var.drupal, c.var.config, () => c.var.pagePath ?? '/');
    c.set('frame', frame);
    c.setRenderer((body, props) =>
      frame.render(body, props, {
        nonce: c.var.nonce(),
        cacheStatus: () => c.var.cacheReport.summary(),
        complete: isCrawler(c),
        consent: consentIn(c.req.header('Cookie')),
        lowVision: lowVisionIn(c.req.header('Cookie')),
        pageUrl: pageUrlOf(c.req.url),
        editor: Boolean(c.var.editor),
      }),
    );
    await next();
  };
}

/** The request's path and query, as the browser sent them. */
function pageUrlOf(url: string): string {
  const { pathname, search } = new URL(url);
  return pathname + search;
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
