import type { Env, MiddlewareHandler } from 'hono';
import { isolate, type IsolateState } from '../cache/isolate';
import { compressAll, pageBytes } from '../cache/page-bytes';
import { renderClaimMs } from '../cache/page-renders';
import { MAX_KEPT_LENGTH, type RenderedPage } from '../cache/rendered-pages';
import { sleep } from '../cache/sleep';
import type { ConfigVariables } from './config';
import type { EditorVariables } from './editor';
import { keptResponse } from './kept-answer';
import { keptPageKey } from './kept-page-key';
import { contentSecurityPolicy, withSecurityHeaders, type SecurityVariables } from './security-headers';

/** How often a request waiting on another's render of its page looks for it: a render takes tens of milliseconds. */
const WAIT_POLL_MS = 10;

type Needs = { Variables: ConfigVariables & EditorVariables & SecurityVariables };

const KEPT_TIMING = 'page;desc="rendered a moment ago"';
/** Headers of the first, streamed response that a kept page sets anew, or that belong to that one response. */
const NOT_KEPT = new Set(['content-security-policy', 'content-length', 'server-timing', 'etag', 'vary', 'content-encoding']);

/**
 * Keeps a visitor's page as it was just rendered for the same URL (cache/rendered-pages.ts), as the same bytes for
 * everyone: compressed as the visitor accepts, with a strong ETag and a 304 to `If-None-Match` (cache/page-bytes.ts;
 * docs/architecture.md, "Kept pages"). Only what every visitor gets is kept: GET, no editor, a 200 HTML page made of
 * cached payloads. What differs per visitor and changes the page is part of the key (kept-page-key.ts). A page kept
 * and fresh is answered before the app (kept-answer.ts); here, one past its moment is rendered again by one request
 * while the others get it as it was.
 */
export function renderedPages<E extends Env & Needs>(): MiddlewareHandler<E> {
  return async (c, next) => {
    if (c.req.method !== 'GET' || c.var.editor) return next();
    // The settings object is the isolate's own (config.ts keeps one per bindings): other settings, other pages.
    const scope = c.var.config;
    const key = keptPageKey(c.req.raw);
    const state = isolate();
    // Past its moment, the page is rendered again by one request; the others meanwhile get it as it was kept
    // (cache/page-renders.ts). A render's claim lapses when a render could have ended: its payloads wait no longer.
    const claimMs = renderClaimMs(scope.origin.timeoutMs);
    let kept: RenderedPage | undefined = state.renderedPages.page(scope, key, state.version);
    let claimed = !kept && state.pageRenders.claim(scope, key, claimMs);
    if (!kept && !claimed) {
      // Nothing kept to give meanwhile (a first render, or one after a change dropped the page): a burst of
      // visitors waits for the one render rather than making two hundred at once.
      kept = state.renderedPages.lastPage(scope, key, state.version) ?? (await keptMeanwhile(state, scope, key, claimMs));
      // That render kept nothing (an error, a private page, a part from Drupal): each renders its own, one by claim.
      if (!kept) claimed = state.pageRenders.claim(scope, key, claimMs);
    }
    if (kept) return keptResponse(kept, c.req.raw.headers);
    // Only the request that claimed the render gives it up; one rendering beside it (no page kept yet) has none.
    const release = () => {
      if (claimed) state.pageRenders.release(scope, key);
    };

    const since = state.version;
    try {
      await next();
    } catch (error) {
      release();
      throw error;
    }
    const res = c.res;
    const report = c.var.cacheReport;
    // How the page's cached calls were answered when its headers were sent, as a value (not read back from X-Cache).
    const served = report.answered;
    const keepable =
      res.status === 200 &&
      res.body !== null &&
      (served === 'HIT' || served === 'STALE') &&
      res.headers.get('Content-Type')?.startsWith('text/html') &&
      !res.headers.has('Set-Cookie') &&
      // A page that says it is one visitor's, or changes by the minute (the booking steps), is never answered again.
      !/\b(private|no-store)\b/.test(res.headers.get('Cache-Control') ?? '');
    if (!keepable) {
      release();
      return;
    }
    // The same URL is sent compressed once it is kept: a shared cache must keep the encodings apart from the start.
    res.headers.append('Vary', 'Accept-Encoding');
    const headers = Object.fromEntries([...res.headers].filter(([name]) => !NOT_KEPT.has(name)));
    const { config } = c.var;
    const nonce = c.var.nonce();
    const [visitor, copy] = res.body!.tee();
    c.res = new Response(visitor, res);
    c.executionCtx.waitUntil(
      (async () => {
        const body = await new Response(copy).text();
        // A part rendered after the headers may have gone to Drupal: only a page made wholly of cached payloads is kept.
        const status = await report.summary();
        if (body.length > MAX_KEPT_LENGTH || (status !== 'HIT' && status !== 'STALE')) return;
        const bytes = await pageBytes(body, nonce);
        if (!bytes) return;
        headers['content-security-policy'] = contentSecurityPolicy(bytes.scriptHashes, config.analyticsOrigins);
        headers['server-timing'] = KEPT_TIMING;
        headers['vary'] = 'Accept-Encoding';
        state.renderedPages.keep(
          scope,
          key,
          // Answered before the middlewares (kept-answer.ts): with the headers the outermost of them adds.
          { status: 200, headers: withSecurityHeaders(headers, 200), bytes },
          since,
          state.version,
          status === 'HIT' ? report.firstStale : undefined,
        );
        await compressAll(bytes, config.pageCompressor);
      })()
        .catch(() => undefined)
        .finally(release),
    );
  };
}

/** The page another request is rendering, once it keeps it; undefined when its render ends (or lapses) without. */
async function keptMeanwhile(state: IsolateState, scope: object, key: string, claimMs: number): Promise<RenderedPage | undefined> {
  while (state.pageRenders.held(scope, key, claimMs)) {
    await sleep(WAIT_POLL_MS);
    const page = state.renderedPages.page(scope, key, state.version);
    if (page) return page;
  }
  return undefined;
}
