/**
 * Pages as rendered, kept per isolate as the bytes that go on the wire (cache/page-bytes.ts), so that a page
 * asked for many times (a burst of visitors, or Drupal hanging while every page is served stale) is rendered
 * once, compressed once, and answered with a 304 to a visitor who has it.
 *
 * A page is kept only while every payload it showed would still be served the same way: a fresh page until
 * its first payload turns stale, and at most FRESH_KEEP_MS, as long as the memory tier holds a payload
 * (memory-tier.ts): another isolate's purge reaches a kept page no later than it reaches the payloads (on Node
 * at once: the store announces it). A stale one for STALE_KEEP_MS: its payloads are being refreshed. A purge,
 * or a payload refreshed from Drupal, in this isolate moves the isolate's change count on (isolate.ts), and a
 * page rendered before that is not served again.
 */
import type { PageBytes } from './page-bytes';

const FRESH_KEEP_MS = 10_000;
const STALE_KEEP_MS = 1_000;
const MAX_PAGES = 50;
/** How long past its moment a page may still answer while another request renders it again. */
const LAST_PAGE_MS = 10_000;
/** Longer pages (in UTF-16 units, as JavaScript counts them) are rendered each time rather than held. */
export const MAX_KEPT_LENGTH = 400_000;

export interface RenderedPage {
  status: number;
  /**
   * The headers every response of the page carries, by lower-case name: all its first answer had once the
   * outermost middlewares added theirs, its CSP (by the scripts' hashes) among them.
   */
  headers: Readonly<Record<string, string>>;
  bytes: PageBytes;
}

interface Kept extends RenderedPage {
  until: number;
  /** The isolate's change count when the page started rendering (isolate.ts `version`). */
  version: number;
}

/** The isolate's kept pages (its one copy is on the isolate's state, isolate.ts). */
export class RenderedPages {
  /** Pages per settings object: a page rendered with other settings is another page. */
  readonly #scopes = new WeakMap<object, Map<string, Kept>>();

  /** The page kept for `key`, while nothing cached has changed since it began (`version`: the isolate's change count now). */
  page(scope: object, key: string, version: number, now = Date.now()): RenderedPage | undefined {
    const page = this.lastPage(scope, key, version, now);
    return page && now < page.until ? page : undefined;
  }

  /**
   * The page kept for `key` even past its moment (at most LAST_PAGE_MS past it), while nothing cached has changed
   * since it began: what the others get while one request renders it again (page-renders.ts).
   */
  lastPage(scope: object, key: string, version: number, now = Date.now()): (RenderedPage & { until: number }) | undefined {
    const pages = this.#scopes.get(scope);
    const page = pages?.get(key);
    if (!page) return undefined;
    if (page.version === version && now < page.until + LAST_PAGE_MS) return page;
    pages!.delete(key);
    return undefined;
  }

  /**
   * Keeps a page rendered from `since` (the change count when it started) until `freshUntil` or
   * FRESH_KEEP_MS from now, whichever is first (a stale page, `freshUntil` undefined: STALE_KEEP_MS); not when
   * something changed while it rendered (`version`, the count now, differs).
   */
  keep(
    scope: object,
    key: string,
    page: RenderedPage,
    since: number,
    version: number,
    freshUntil: number | undefined,
    now = Date.now(),
  ): void {
    const until = freshUntil === undefined ? now + STALE_KEEP_MS : Math.min(now + FRESH_KEEP_MS, freshUntil);
    if (until <= now || since !== version) return;
    let pages = this.#scopes.get(scope);
    if (!pages) this.#scopes.set(scope, (pages = new Map()));
    pages.delete(key);
    pages.set(key, { ...page, until, version });
    // Maps iterate in insertion order: the first key is the oldest.
    if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
  }
}
