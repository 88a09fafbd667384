import type { Context, Env, MiddlewareHandler } from 'hono';
import type { ReactNode } from 'react';
import { consentIn } from '../../common/consent';
import { lowVisionIn } from '../../common/low-vision';
import { documentStart } from '../components/Document';
import { preloadLinks } from '../components/client-assets';
import { createFrame, type Frame, type PageProps } from '../frame/frame';
import { startFirst } from '../render/document-stream';
import type { ConfigVariables } from './config';
import { isCrawlerAgent } from './crawler';
import { asksForHtml } from './navigation';
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
  /**
   * `render` starts at once; when the page has to wait for Drupal (a cold page), the document's fixed start goes
   * out then and the render follows it, else the answer is the render's own (docs/architecture.md, "Rendering
   * and streaming"). For a page that is a 200 whatever Drupal answers (the home page), the start goes out once
   * any of its calls goes to Drupal. For one whose status waits on one call (`statusCall`, a node's page: true once
   * that call goes to Drupal, false when it is answered from what is kept; or `true` at once, when it is not at hand),
   * the start goes out to a browser's navigation then, and never to anything else; known at once, the start goes out
   * before `render` starts, which waits a task for the runtime to send it. Not for a crawler (the complete document
   * at once) nor an editor.
   */
  headFirst(render: () => Promise<Response>, statusCall?: Promise<boolean> | true): Promise<Response>;
}

type Needs = { Variables: ConfigVariables & SecurityVariables & Partial<PagePathVariables> & Partial<EditorVariables> & PageVariables };

/** Crawlers get the complete document at once rather than a stream. */
const isCrawler = (c: Context) => isCrawlerAgent(c.req.header('User-Agent'));

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
    // Who writes the document's start, settled once: the render that answers first, or headFirst before it.
    let start: 'sent' | 'rendered' | undefined;
    c.setRenderer((body, props) =>
      frame.render(body, props, {
        nonce: c.var.nonce(),
        cacheStatus: () => c.var.cacheReport.summary(),
        complete: isCrawler(c),
        consent: consentIn(c.req.header('Cookie')),
        lowVision: lowVisionIn(c.req.header('Cookie')),
        pageUrl: pageUrlOf(c.req.url),
        editor: Boolean(c.var.editor),
        startSent: () => (start ??= 'rendered') === 'sent',
        startGone: () => start === 'sent',
      }),
    );
    c.set('headFirst', async (render: () => Promise<Response>, statusCall?: Promise<boolean> | true) => {
      // Its failure is the render's to report (the render awaits the same call); unread here, it must not go unhandled.
      if (statusCall !== true) statusCall?.catch(() => undefined);
      if (isCrawler(c) || c.var.editor || (statusCall && !asksForHtml(c.req.header('Accept')))) return render();
      const lowVision = lowVisionIn(c.req.header('Cookie'));
      // The page waits (for Drupal, or a node's page for a read of the store): a MISS, whatever follows.
      const sendStart = (rest: Promise<Response>) => {
        start = 'sent';
        return startFirst(documentStart({ nonce: c.var.nonce(), lowVision }), { Link: preloadLinks, 'X-Cache': 'MISS' }, rest);
      };
      // Its calls' work would hold the start's bytes in this thread until done: they begin a task after it.
      if (statusCall === true) return sendStart(new Promise((resolve) => setTimeout(resolve, 0)).then(render));
      const rendered = render();
      // Drupal is asked before the page is ready: the wait is a round.
      const asked = statusCall
        ? statusCall.then((sent: boolean) => (sent ? undefined : rendered))
        : c.var.cacheReport.firstMiss().then(() => undefined);
      const first = await Promise.race([rendered, asked]);
      if (first || start !== undefined) return first ?? rendered;
      return sendStart(rendered);
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
