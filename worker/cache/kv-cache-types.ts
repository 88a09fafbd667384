/**
 * What the payload cache offers its callers (the Drupal client) and takes from them: the
 * interface kv-cache.ts implements on the shared store, and no-cache.ts for editors.
 */
import type { CacheReport } from './cache-report';
import type { CircuitBreaker } from './circuit-breaker';
import type { CacheSettings } from './entry';
import type { KeyValueStore } from '../seams/seams';

/** What a loader hands the cache: the parsed payload, and whether it is a short-lived negative answer (a 404). */
export interface Loaded<T> {
  value: T;
  negative?: boolean;
  /** The content the payload shows (cache tags: `node:12`, `node_list:news`), so that purging it reaches this payload. */
  tags?: readonly string[];
}

/** How the cache treats a failing origin. */
export interface OriginGuard {
  breaker: CircuitBreaker;
  /** The origin timeout: a request waits no longer than this for another request's fetch of the same payload. */
  timeoutMs: number;
  /** How long a failure written beside a payload spares Drupal that call from every isolate. */
  retryMs: number;
}

export interface KvCacheOptions {
  kv: KeyValueStore;
  settings: CacheSettings;
  guard: OriginGuard;
  waitUntil: (promise: Promise<unknown>) => void;
  report?: CacheReport;
  log?: (message: string, error: unknown) => void;
  /**
   * Settles once the request's answer is out (its body's last byte handed to the runtime, or the visitor gone).
   * Where no other process waits on a copy (a store without claims), the copies are written, and what a type relates
   * to is learned, only after it: their work would otherwise take the render's CPU (docs/architecture.md, "Rendering
   * and streaming"). Without it, they wait for the request's fetches alone.
   */
  answered?: Promise<unknown>;
}

export interface KvCache {
  /**
   * The payload for `url`: from KV while fresh; stale while `load` refreshes it in
   * the background; after that from `load`, falling back to the old copy when
   * `load` throws (stale-if-error) or while Drupal is known to be failing. Without
   * any copy, `load`'s error propagates. With `keep`, the answer is stored only
   * once `keep` resolves true (a draft's metatags and breadcrumb name the draft).
   */
  get<T>(url: string, load: () => Promise<Loaded<T>>, keep?: Promise<boolean>): Promise<T>;
  /**
   * The payload for `url` without waiting for Drupal: a fresh copy as `get` serves it; an
   * expired or purged one as it is, refetched in the background; none: undefined at once,
   * with `load` started in the background once the request's own fetches are answered, so
   * that the next request knows. For knowledge a page can do without while it is being learned.
   */
  known<T>(url: string, load: () => Promise<Loaded<T>>): Promise<T | undefined>;
  /**
   * Keeps what a write call taught (Drupal has no such resource) for `seconds`,
   * under the URL that taught it; no loader can refetch it, so it is simply forgotten then.
   */
  remember(url: string, value: unknown, seconds: number): Promise<void>;
  /** What `remember` kept for `url`, while it holds. */
  recall<T>(url: string): Promise<T | undefined>;
  /**
   * Whether this process holds a copy of `url` in memory, however fresh: a page made of it need not wait for a read
   * of the store. No read is made.
   */
  atHand(url: string): Promise<boolean>;
  /**
   * What Drupal said of `url` the last time, however old or purged the copy, while Drupal has been
   * answering: a guess to start on while `get` asks again, read without a call and not counted as a lookup.
   */
  lastKnown<T>(url: string): Promise<T | undefined>;
  /** Drops the cached payload of one URL. */
  purge(url: string): Promise<void>;
  /** Makes every cached payload refetch on its next read (kept only for when Drupal fails); returns the new generation. */
  purgeAll(): Promise<number>;
  /** Makes every payload that shows any of `tags` refetch on its next read. */
  purgeTags(tags: readonly string[]): Promise<void>;
}
