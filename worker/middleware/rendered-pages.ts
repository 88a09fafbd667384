import type { Env, MiddlewareHandler } from 'hono';
import { consentIn } from '../../common/consent';
import { lowVisionIn, lowVisionValue } from '../../common/low-vision';
import { bodyWith, MAX_KEPT_LENGTH, piecesOf, type RenderedPage } from '../cache/rendered-pages';
import { isolate } from '../state';
import type { ConfigVariables } from './config';
import type { EditorVariables } from './editor';
import { isCrawler } from './page-renderer';
import type { SecurityVariables } from './security-headers';

/** A render's time beyond its payloads' (the origin timeout): the claim on it lapses after both. */
const RENDER_SLACK_MS = 1_000;

type Needs = { Variables: ConfigVariables & EditorVariables & SecurityVariables };

/**
 * A visitor's page served from the page just rendered for the same URL (see
 * cache/rendered-pages.ts), with this response's own nonce. Only what every
 * visitor gets is kept: GET, no editor, a 200 HTML page made of cached payloads.
 */
export function renderedPages<E extends Env & Needs>(): MiddlewareHandler<E> {
  return async (c, next) => {
    if (c.req.method !== 'GET' || c.var.editor) return next();
    // The settings object is the isolate's own (config.ts keeps one per bindings): other settings, other pages.
    const scope = c.var.config;
    // The analytics choice (the counter's tag, or the banner asking) and the low-vision settings change the page: each is another page.
    const cookies = c.req.header('Cookie');
    const lowVision = lowVisionIn(cookies);
    const key = `${isCrawler(c) ? 'crawler' : 'browser'} ${consentIn(cookies) ?? 'unasked'} ${lowVision ? lowVisionValue(lowVision) : 'ordinary'} ${c.req.url}`;
    const state = isolate();
    // Past its moment, the page is rendered again by one request; the others meanwhile get it as it was kept
    // (cache/page-renders.ts). A render's claim lapses when a render could have ended: its payloads wait no longer.
    const claimMs = scope.origin.timeoutMs + RENDER_SLACK_MS;
    let kept: RenderedPage | undefined = state.renderedPages.page(scope, key, state.version);
    const claimed = !kept && state.pageRenders.claim(scope, key, claimMs);
    if (!kept && !claimed) kept = state.renderedPages.lastPage(scope, key, state.version);
    if (kept) {
      const headers = new Headers(kept.headers as [string, string][]);
      headers.set('Server-Timing', 'page;desc="rendered a moment ago"');
      return new Response(bodyWith(kept.pieces, c.var.nonce), { status: kept.status, headers });
    }
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
    const headers = [...res.headers];
    const nonce = c.var.nonce;
    const [visitor, copy] = res.body.tee();
    c.res = new Response(visitor, res);
    c.executionCtx.waitUntil(
      (async () => {
        const body = await new Response(copy).text();
        // A part rendered after the headers may have gone to Drupal: only a page made wholly of cached payloads is kept.
        const status = await report.summary();
        if (body.length > MAX_KEPT_LENGTH || (status !== 'HIT' && status !== 'STALE')) return;
        state.renderedPages.keep(
          scope,
          key,
          { status: 200, headers, pieces: piecesOf(body, nonce) },
          since,
          state.version,
          status === 'HIT' ? report.firstStale : undefined,
        );
      })()
        .catch(() => undefined)
        .finally(release),
    );
  };
}
