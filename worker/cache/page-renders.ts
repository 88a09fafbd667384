/** A render's time beyond its payloads' (the origin timeout): the claim on it lapses after both. */
const RENDER_SLACK_MS = 1_000;

/** How long a claim on a page's render holds, with Drupal's calls waited for at most `originTimeoutMs`. */
export const renderClaimMs = (originTimeoutMs: number): number => originTimeoutMs + RENDER_SLACK_MS;

/**
 * Which pages a request of this isolate is rendering right now, per settings object and page key
 * (cache/rendered-pages.ts keys them alike). When a kept page's moment is over, the first request renders
 * it again and the others, meanwhile, get the page as it was kept: a burst of visitors of a page made of
 * stale payloads (Drupal hanging, the breaker open) renders it once a moment, not once per visitor. Under
 * `wrangler dev` each render is tens of milliseconds of the one thread every request shares
 * (docs/benchmarks.md "bench:faults"). When nothing is kept to give them (the page's first render, or one
 * after a change dropped it), the others look again every few milliseconds while the claim holds, and take the
 * page once it is kept. Plain data, as in flights.ts: no request waits on another's I/O, only on a timer; a
 * claim whose request went away without giving it up lapses after `maxMs`.
 */
export class PageRenders {
  readonly #claims = new WeakMap<object, Map<string, number>>();

  /** Takes the render of `key` for this request: false while another request's claim on it holds. */
  claim(scope: object, key: string, maxMs: number, now = Date.now()): boolean {
    let claims = this.#claims.get(scope);
    if (!claims) this.#claims.set(scope, (claims = new Map()));
    const since = claims.get(key);
    if (since !== undefined && now - since < maxMs) return false;
    claims.set(key, now);
    return true;
  }

  /** Whether another request's claim on the render of `key` holds now. */
  held(scope: object, key: string, maxMs: number, now = Date.now()): boolean {
    const since = this.#claims.get(scope)?.get(key);
    return since !== undefined && now - since < maxMs;
  }

  /** The render of `key` is over (kept or not). */
  release(scope: object, key: string): void {
    this.#claims.get(scope)?.delete(key);
  }
}
