/**
 * A cached payload as the shared store keeps it: the value with its tags and when its
 * fetch started, as JSON, and its freshness as the entry's metadata (KV's metadata,
 * readable without the value on Workers; beside it on Node). Entries are written by this
 * worker's own decoders; KEY_VERSION (cache-key.ts) changes when their shapes do.
 */

export interface CacheSettings {
  freshSeconds: number;
  staleSeconds: number;
  maxAgeSeconds: number;
  notFoundSeconds: number;
}

export interface EntryMetadata {
  /** Fresh until, epoch ms. */
  fu: number;
  /** Served stale while revalidating until, epoch ms; past it Drupal is asked first. */
  su: number;
  /** Set on negative answers (a cached 404), which are kept briefly. */
  n?: 1;
  /** When Drupal last failed to refresh this entry, epoch ms. */
  ef?: number;
}

export interface StoredEntry {
  v: unknown;
  /** The payload's tags (tags.ts). */
  t?: string[];
  /** When the fetch that brought it started, epoch ms: a purge after that outdates it. */
  f: number;
}

/** A cached payload as read back: its value, freshness, tags, and when its fetch started. */
export interface Stored {
  value: unknown;
  metadata: EntryMetadata;
  tags?: string[];
  fetchedAt: number;
}

// A copy of unknown age is older than any purge.
export const fetchedAtOf = (entry: StoredEntry) => (Number.isFinite(entry.f) ? entry.f : 0);

export const storedOf = (entry: StoredEntry, metadata: EntryMetadata): Stored => ({
  value: entry.v,
  metadata,
  tags: entry.t,
  fetchedAt: fetchedAtOf(entry),
});

export const entryOf = (value: unknown, tags: string[] | undefined, fetchedAt: number): StoredEntry => ({
  v: value,
  t: tags,
  f: fetchedAt,
});

export const encodeEntry = (entry: StoredEntry): string => JSON.stringify(entry);

export const decodeEntry = (text: string): StoredEntry => JSON.parse(text) as StoredEntry;

/** KV keeps nothing for less than a minute. */
const MIN_KV_TTL_SECONDS = 60;

/** How long the store keeps an entry: a negative answer briefly, a payload for as long as it may be served at all. */
export const keepSecondsOf = (metadata: EntryMetadata, settings: CacheSettings): number =>
  metadata.n
    ? Math.max(MIN_KV_TTL_SECONDS, settings.notFoundSeconds * 2)
    : Math.max(MIN_KV_TTL_SECONDS, settings.maxAgeSeconds, settings.freshSeconds + settings.staleSeconds);

/** The longest any entry is kept: a purge older than that outdates nothing still stored (tags.ts). */
export const longestKeepSeconds = (settings: CacheSettings): number =>
  Math.max(MIN_KV_TTL_SECONDS, settings.maxAgeSeconds, settings.freshSeconds + settings.staleSeconds, settings.notFoundSeconds * 2);
