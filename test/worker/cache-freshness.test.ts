/**
 * The cache's freshness decision (worker/cache/freshness.ts) on its own: a stored copy's
 * metadata, a purge, the clock and the breaker's word in; how the copy is served out.
 * The clock is given, so every boundary is exact.
 */
import { describe, expect, it } from 'vitest';
import type { CacheSettings, EntryMetadata } from '../../worker/cache/entry';
import { failureMarkDue, freshAt, freshness, metadataFor, type FreshnessInput } from '../../worker/cache/freshness';

const T = 1_800_000_000_000;
const SETTINGS: CacheSettings = { freshSeconds: 300, staleSeconds: 86_400, maxAgeSeconds: 30 * 86_400, notFoundSeconds: 60 };
const RETRY_MS = 10_000;

/** A copy fetched at T with SETTINGS. */
const copy = (extra: Partial<EntryMetadata> = {}): EntryMetadata => ({ ...metadataFor(false, SETTINGS, T), ...extra });

const decide = (input: Partial<FreshnessInput> & { now: number }) =>
  freshness({ metadata: copy(), purged: false, retryMs: RETRY_MS, answeredSince: () => false, ...input });

describe('the freshness of a cached copy', () => {
  it('nothing stored: Drupal is asked and waited for', () => {
    expect(decide({ metadata: undefined, now: T })).toBe('missing');
  });

  it('fresh for CACHE_FRESH_SECONDS, to the millisecond', () => {
    expect(decide({ now: T })).toBe('fresh');
    expect(decide({ now: T + 300_000 - 1 })).toBe('fresh');
    expect(decide({ now: T + 300_000 })).toBe('stale-refresh');
  });

  it('then stale and refreshed in the background for CACHE_STALE_SECONDS; past that Drupal is asked first', () => {
    expect(decide({ now: T + (300 + 86_400) * 1000 - 1 })).toBe('stale-refresh');
    expect(decide({ now: T + (300 + 86_400) * 1000 })).toBe('fetch-first');
  });

  it('a purge since its fetch: Drupal is asked first however fresh the copy', () => {
    expect(decide({ now: T, purged: true })).toBe('fetch-first');
    expect(decide({ now: T + 400_000, purged: true })).toBe('fetch-first');
  });

  it('a failure written beside the copy spares Drupal for ORIGIN_RETRY_SECONDS, unless Drupal has answered since', () => {
    const failedAt = T + 90_000_000;
    const failing = copy({ ef: failedAt });
    expect(decide({ metadata: failing, now: failedAt + RETRY_MS - 1 })).toBe('stale-failing');
    expect(decide({ metadata: failing, now: failedAt + RETRY_MS })).toBe('fetch-first');
    expect(decide({ metadata: failing, now: failedAt + 1, answeredSince: (time) => time === failedAt })).toBe('fetch-first');
  });

  it('a failure does not hold back a copy that is still fresh or stale', () => {
    expect(decide({ metadata: copy({ ef: T }), now: T + 1 })).toBe('fresh');
    expect(decide({ metadata: copy({ ef: T + 300_000 }), now: T + 300_001 })).toBe('stale-refresh');
  });

  it('a negative answer (a 404) is fresh for CACHE_NOT_FOUND_SECONDS and never served stale', () => {
    const negative = metadataFor(true, SETTINGS, T);
    expect(negative.n).toBe(1);
    expect(decide({ metadata: negative, now: T + 60_000 - 1 })).toBe('fresh');
    expect(decide({ metadata: negative, now: T + 60_000 })).toBe('fetch-first');
  });

  it('freshAt reads the clock alone', () => {
    expect(freshAt(copy(), T + 299_999)).toBe(true);
    expect(freshAt(copy(), T + 300_000)).toBe(false);
  });

  it('a failure is written beside a copy once per retry window, and never over a newer copy', () => {
    const held = (extra: Partial<EntryMetadata> = {}, fetchedAt = T) => ({ fetchedAt, metadata: copy(extra) });
    expect(failureMarkDue(undefined, T, T + 1, RETRY_MS)).toBe(true);
    expect(failureMarkDue(held(), T, T + 1, RETRY_MS)).toBe(true);
    expect(failureMarkDue(held({ ef: T + 1 }), T, T + RETRY_MS, RETRY_MS)).toBe(false);
    expect(failureMarkDue(held({ ef: T + 1 }), T, T + 1 + RETRY_MS, RETRY_MS)).toBe(true);
    expect(failureMarkDue(held({}, T + 5), T, T + 10, RETRY_MS)).toBe(false);
  });
});
