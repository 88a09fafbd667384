/**
 * Which pages a request of this isolate is rendering right now, per settings object and page key
 * (cache/rendered-pages.ts keys them alike). When a kept page's moment is over, the first request renders
 * it again and the others, meanwhile, get the page as it was kept: a burst of visitors of a page made of
 * stale payloads (Drupal hanging, the breaker open) renders it once a moment, not once per visitor. Under
 * `wrangler dev` each render is tens of milliseconds of the one thread every request shares
 * (docs/benchmarks.md "bench:faults"). Plain data, as in flights.ts: no request waits on another's I/O; a
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

  /** The render of `key` is over (kept or not). */
  release(scope: object, key: string): void {
    this.#claims.get(scope)?.delete(key);
  }
}
