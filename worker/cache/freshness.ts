/**
 * How a cached copy is served, decided from its metadata, whether a purge outdated it,
 * the clock and what the breaker knows of Drupal: a pure decision (the clock is given,
 * nothing is read or written), which kv-cache.ts carries out.
 */
import type { CacheSettings, EntryMetadata } from './entry';

export type Freshness =
  /** Nothing stored: Drupal is asked, and waited for. */
  | 'missing'
  /** Served as it is; Drupal is not asked. */
  | 'fresh'
  /** Served as it is while Drupal refreshes it in the background (when no fetch of it is under way and the breaker admits one). */
  | 'stale-refresh'
  /** Drupal failed to refresh it a moment ago and has not answered since: served as it is, Drupal left alone. */
  | 'stale-failing'
  /**
   * Expired, or purged: Drupal is asked first, and the copy served only if Drupal fails
   * or the breaker leaves Drupal alone (kept for that alone).
   */
  | 'fetch-first';

export interface FreshnessInput {
  /** The stored copy's metadata; none stored: undefined. */
  metadata: EntryMetadata | undefined;
  /** A purge (of everything, or of a tag the copy shows) came after its fetch started. */
  purged: boolean;
  /** The clock, epoch ms. */
  now: number;
  /** How long a failure written beside the copy spares Drupal the call (ORIGIN_RETRY_SECONDS). */
  retryMs: number;
  /** The breaker's word: whether Drupal has answered this isolate since `time` (then an older failure is old news). */
  answeredSince(time: number): boolean;
}

export function freshness({ metadata, purged, now, retryMs, answeredSince }: FreshnessInput): Freshness {
  if (!metadata) return 'missing';
  if (!purged && now < metadata.fu) return 'fresh';
  if (!purged && now < metadata.su) return 'stale-refresh';
  const failedAt = metadata.ef;
  if (failedAt !== undefined && now - failedAt < retryMs && !answeredSince(failedAt)) return 'stale-failing';
  return 'fetch-first';
}

/** Whether the copy is fresh by its clock alone (before a purge is looked up). */
export const freshAt = (metadata: EntryMetadata, now: number): boolean => now < metadata.fu;

/** The metadata of a payload fetched at `now`: fresh, then stale; a negative answer (a 404) fresh only, and briefly. */
export function metadataFor(negative: boolean, settings: CacheSettings, now: number): EntryMetadata {
  const freshSeconds = negative ? settings.notFoundSeconds : settings.freshSeconds;
  const staleSeconds = negative ? 0 : settings.staleSeconds;
  const metadata: EntryMetadata = { fu: now + freshSeconds * 1000, su: now + (freshSeconds + staleSeconds) * 1000 };
  if (negative) metadata.n = 1;
  return metadata;
}

/**
 * Whether a failure is worth writing beside a copy fetched at `fetchedAt`: not when the copy this isolate holds
 * (`held`) was marked failing less than `retryMs` ago, nor when it holds a newer copy. Simultaneous visitors all read
 * the copy before the first mark, and each mark stores the whole payload again: KV takes about one write a second
 * per key, and under `wrangler dev` each write blocks the worker (docs/benchmarks.md "bench:faults").
 */
export function failureMarkDue(
  held: { fetchedAt: number; metadata: EntryMetadata } | undefined,
  fetchedAt: number,
  now: number,
  retryMs: number,
): boolean {
  if (!held) return true;
  const markedAt = held.metadata.ef;
  return held.fetchedAt === fetchedAt && (markedAt === undefined || now - markedAt >= retryMs);
}
