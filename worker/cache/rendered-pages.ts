/**
 * Pages as rendered, kept per isolate for a moment, so that a page asked for many
 * times a second (a burst of visitors, or Drupal hanging while every page is
 * served stale) is rendered about once a second rather than once a request.
 *
 * A page is kept only while every payload it showed would still be served the
 * same way: a fresh page until its first payload turns stale (and at most
 * WINDOW_MS), a stale one for WINDOW_MS. A purge, or a payload refreshed from
 * Drupal, in this isolate moves the isolate's change count on (state.ts), and a page rendered
 * before that is not served again; another isolate's purge reaches here as it reaches the memory
 * tier's payloads (memory-tier.ts), within its few seconds (on Node at once: the store announces it).
 */
const WINDOW_MS = 1_000;
const MAX_PAGES = 50;
/** How long past its moment a page may still answer while another request renders it again. */
const LAST_PAGE_MS = 10_000;
/** Longer pages (in UTF-16 units, as JavaScript counts them) are rendered each time rather than held. */
export const MAX_KEPT_LENGTH = 400_000;

export interface RenderedPage {
  status: number;
  headers: readonly [string, string][];
  /** The body's UTF-8 bytes, cut where its nonce stood: each response puts its own nonce between them. */
  pieces: readonly Uint8Array[];
}

interface Kept extends RenderedPage {
  until: number;
  /** The isolate's change count when the page started rendering (state.ts `version`). */
  version: number;
}

/** The isolate's kept pages (its one copy is on the isolate's state, state.ts). */
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
   * Keeps a page rendered from `since` (the change count when it started) until `freshUntil`
   * (a stale page: undefined) or WINDOW_MS from now, whichever is first; not when
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
    const until = Math.min(now + WINDOW_MS, freshUntil ?? Infinity);
    if (until <= now || since !== version) return;
    let pages = this.#scopes.get(scope);
    if (!pages) this.#scopes.set(scope, (pages = new Map()));
    pages.delete(key);
    pages.set(key, { ...page, until, version });
    // Maps iterate in insertion order: the first key is the oldest.
    if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value!);
  }
}

const encoder = new TextEncoder();

/** A rendered body as kept: its bytes between the occurrences of `nonce`. */
export const piecesOf = (body: string, nonce: string): Uint8Array[] => body.split(nonce).map((piece) => encoder.encode(piece));

/** The kept body with `nonce` where the old one stood. */
export function bodyWith(pieces: readonly Uint8Array[], nonce: string): Uint8Array {
  const between = encoder.encode(nonce);
  const size = pieces.reduce((sum, piece) => sum + piece.length, 0) + between.length * (pieces.length - 1);
  const body = new Uint8Array(size);
  let at = 0;
  pieces.forEach((piece, i) => {
    if (i > 0) {
      body.set(between, at);
      at += between.length;
    }
    body.set(piece, at);
    at += piece.length;
  });
  return body;
}
