import type { FetchClaims } from '../seams/seams';
import { OriginError } from './origin-error';
import { cacheKey } from './cache-key';
import { FetchesUnderWay } from './fetches-under-way';
import type { CacheStatus } from './cache-status';
import { isolate } from './isolate';
import { sleep } from './sleep';
import {
  decodeEntry,
  encodeEntry,
  entryOf,
  fetchedAtOf,
  keepSecondsOf,
  longestKeepSeconds,
  storedOf,
  type EntryMetadata,
  type Stored,
  type StoredEntry,
} from './entry';
import { failureMarkDue, freshAt, freshness, metadataFor } from './freshness';
import { bumpGeneration, lastPurgeAll } from './generation';
import type { KvCache, KvCacheOptions, Loaded } from './kv-cache-types';
import { outdatedByTags, purgeTags, tagPurges } from './tags';

export type { CacheSettings } from './entry';
export type { KvCache, KvCacheOptions, Loaded, OriginGuard } from './kv-cache-types';

/** A leader's fetch also reads and parses the body after its timeout-bound answer. */
const FOLLOWER_SLACK_MS = 1_000;
/** How often a process waiting for another's fetch looks at the store. */
const CLAIM_POLL_MS = 20;

const speaksOfDrupal = (error: unknown) => error instanceof OriginError && error.unhealthy;

export function createKvCache({ kv, settings, guard, waitUntil, report, log = defaultLog, answered }: KvCacheOptions): KvCache {
  const keyFor = cacheKey;
  const followerWaitMs = guard.timeoutMs + FOLLOWER_SLACK_MS;

  // Copies are written once the request's fetches are answered and its answer is out (fetches-under-way.ts); not the
  // answer where another process may wait on a copy (claims): two pages each following the other's would stall.
  const underWay = new FetchesUnderWay(kv.claims ? undefined : answered);
  const quiet = () => underWay.quiet();

  const write = async (key: string, value: unknown, metadata: EntryMetadata, tags: string[] | undefined, fetchedAt: number) => {
    const entry = entryOf(value, tags, fetchedAt);
    isolate().memory.set(key, { value: entry, metadata });
    await quiet();
    await kv.put(key, encodeEntry(entry), { metadata, expirationTtl: keepSecondsOf(metadata, settings) });
  };

  /** Whether a purge this isolate knows of came after the copy's fetch started. */
  const outdated = async (stored: Stored): Promise<boolean> => {
    const [all, tags] = await Promise.all([lastPurgeAll(kv), stored.tags?.length ? tagPurges(kv) : undefined]);
    return all.at > stored.fetchedAt || (tags !== undefined && outdatedByTags(stored.tags, stored.fetchedAt, tags));
  };

  const store = (key: string, loaded: Loaded<unknown>, fetchedAt: number, replaces: boolean) => {
    const metadata = metadataFor(loaded.negative === true, settings, Date.now());
    // A page kept with the old copy (stale, as a rule) would hide the new one for its moment. A first copy
    // is in no kept page (a page is kept only when made wholly of copies it read): the other pages stay.
    if (replaces) isolate().changed();
    return write(key, loaded.value, metadata, loaded.tags?.length ? [...new Set(loaded.tags)] : undefined, fetchedAt);
  };

  /**
   * The failure beside the payload tells other isolates to serve the copy at once for a while: written once per copy
   * and retry window by this isolate, not by each request that met the failure (freshness.ts `failureMarkDue`).
   */
  const markFailing = async (key: string, stored: Stored) => {
    const held = isolate().memory.get<EntryMetadata>(key);
    const now = Date.now();
    if (!failureMarkDue(held && storedOf(held.value as StoredEntry, held.metadata), stored.fetchedAt, now, guard.retryMs)) return;
    await write(key, stored.value, { ...stored.metadata, ef: now }, stored.tags, stored.fetchedAt);
  };

  /**
   * One origin fetch per key and isolate (and, where the store has claims, per key across
   * processes) at a time; its answer is stored and reported to the breaker. `seen`: when the
   * copy this request read was fetched (none: undefined), so that another process's newer copy
   * is told from it. `keep`: whether the answer may be stored at all, once the page knows (a
   * draft's metatags name the draft). `replaces`: whether kept pages may lack or show an older copy
   * (any copy replaced, and a `known` one first learned), so that storing it drops them.
   */
  const refresh = <T>(key: string, load: () => Promise<Loaded<T>>, seen?: number, keep?: Promise<boolean>, replaces = seen !== undefined) =>
    isolate().flights.coalesce(key, followerWaitMs, async () => {
      const claims = kv.claims;
      const claimed = claims ? await fetchedElsewhere<T>(claims, key, seen) : 'mine';
      if (claimed !== 'mine' && claimed !== 'free') return claimed;
      const release = () => (claimed === 'mine' && claims ? claims.release(key).catch(() => undefined) : Promise.resolve());
      // A purge that lands while the fetch runs may have missed what it brings: the copy counts from its start.
      const startedAt = Date.now();
      let loaded: Loaded<T>;
      const over = underWay.begin();
      try {
        loaded = await load();
      } catch (error) {
        waitUntil(release());
        if (speaksOfDrupal(error)) guard.breaker.failed();
        else guard.breaker.succeeded();
        throw error;
      } finally {
        over();
      }
      guard.breaker.succeeded();
      const stored = keep
        ? keep.then((yes) => (yes ? store(key, loaded, startedAt, replaces) : undefined))
        : store(key, loaded, startedAt, replaces);
      waitUntil(stored.catch((error: unknown) => log(`KV: не удалось сохранить ${key}`, error)).finally(release));
      return loaded;
    });

  /**
   * Across processes (the store's claims): the first to claim a key fetches it;
   * the others wait for its copy in the store, or fetch themselves once it gives up.
   * 'mine': this process claimed it; 'free': nobody could, fetch anyway.
   */
  const fetchedElsewhere = async <T>(claims: FetchClaims, key: string, seen: number | undefined): Promise<Loaded<T> | 'mine' | 'free'> => {
    // The claimer's copy, once it is in the store (newer than the one this process saw, and not purged since).
    const copy = async (): Promise<Loaded<T> | undefined> => {
      const now = await rawEntry(key);
      if (!now || (seen !== undefined && fetchedAtOf(now.entry) === seen) || (await outdated(storedOf(now.entry, now.metadata)))) return;
      isolate().memory.set(key, { value: now.entry, metadata: now.metadata });
      return { value: now.entry.v as T, negative: now.metadata.n === 1, tags: now.entry.t };
    };
    try {
      if (await claims.claim(key, followerWaitMs)) return 'mine';
      const until = Date.now() + followerWaitMs;
      while (Date.now() < until) {
        await sleep(CLAIM_POLL_MS);
        const found = await copy();
        if (found) return found;
        // Released: the claimer gave up, or wrote its copy since the look above (it releases after the write).
        if (!(await claims.held(key))) return (await copy()) ?? 'free';
      }
    } catch {
      // The store is away: each process fetches for itself.
    }
    return 'free';
  };

  const rawEntry = async (key: string): Promise<{ entry: StoredEntry; metadata: EntryMetadata } | undefined> => {
    const { value, metadata } = await kv.getWithMetadata<EntryMetadata>(key, 'text');
    return value === null || !metadata ? undefined : { entry: decodeEntry(value), metadata };
  };

  // Entries were written by this worker's own decoders; the key version changes when their shapes do.
  const read = async (key: string): Promise<Stored | undefined> => {
    const memory = isolate().memory;
    const remembered = memory.get<EntryMetadata>(key);
    if (remembered) return storedOf(remembered.value as StoredEntry, remembered.metadata);
    try {
      const { value, metadata } = await kv.getWithMetadata<EntryMetadata>(key, 'text');
      if (value === null || !metadata) return undefined;
      const entry = decodeEntry(value);
      memory.set(key, { value: entry, metadata });
      return storedOf(entry, metadata);
    } catch (error) {
      log(`KV: не удалось прочитать ${key}`, error);
      return undefined;
    }
  };

  const cache: KvCache = {
    async known<T>(url: string, load: () => Promise<Loaded<T>>): Promise<T | undefined> {
      const key = await keyFor(url);
      const stored = await read(key);
      if (!stored) {
        // Learned once the page's calls are answered, not in its first byte's round; never while the breaker is open.
        if (guard.breaker.open) return undefined;
        waitUntil(
          quiet()
            .then(() => refresh(key, load, undefined, undefined, true))
            .catch((error: unknown) => log(`Drupal: ${url} не получен`, error)),
        );
        return undefined;
      }
      if (freshAt(stored.metadata, Date.now()) && !(await outdated(stored))) return cache.get(url, load);
      // Expired or purged (every page after "purge everything"): the copy as it was, while `get` learns it again
      // (or, while Drupal fails, keeps it).
      waitUntil(cache.get(url, load).catch(() => undefined));
      return stored.value as T;
    },

    async get<T>(url: string, load: () => Promise<Loaded<T>>, keep?: Promise<boolean>): Promise<T> {
      let settle: (status: CacheStatus) => void = () => {};
      report?.track(new Promise<CacheStatus>((resolve) => (settle = resolve)));
      try {
        const key = await keyFor(url);
        const stored = await read(key);
        // The clock as the copy was read, before the purge records are.
        const now = Date.now();
        // A purge (of everything, or of a tag it shows) since its fetch outdates the copy at once: refetched like an expired one, kept only for when Drupal fails.
        const purged = stored !== undefined && (await outdated(stored));
        const served = freshness({
          metadata: stored?.metadata,
          purged,
          now,
          retryMs: guard.retryMs,
          answeredSince: (time) => guard.breaker.answeredSince(time),
        });
        if (stored && served === 'fresh') {
          report?.freshUntil(stored.metadata.fu);
          settle('HIT');
          return stored.value as T;
        }
        if (stored && served === 'stale-refresh') {
          settle('STALE');
          if (!isolate().flights.inFlight(key, followerWaitMs) && guard.breaker.admit()) {
            waitUntil(
              refresh(key, load, stored.fetchedAt, keep).catch((error: unknown) =>
                log(`Drupal: фоновое обновление ${url} не удалось`, error),
              ),
            );
          }
          return stored.value as T;
        }
        // Expired, and another request of this isolate asks Drupal for it already: the copy now, not a wait on that
        // fetch, which hangs as long as Drupal does (docs/benchmarks.md "bench:faults"). A purge asked for the new one.
        const asked = served === 'fetch-first' && !purged && isolate().flights.inFlight(key, followerWaitMs);
        if (stored && (served === 'stale-failing' || asked || !guard.breaker.admit())) {
          // The breaker is open here: say so beside the payload, once a while, for the other isolates.
          if (served !== 'stale-failing' && !asked)
            waitUntil(markFailing(key, stored).catch((e: unknown) => log(`KV: не удалось отметить сбой ${key}`, e)));
          settle('STALE');
          return stored.value as T;
        }
        if (!stored) {
          settle('MISS');
          // Nothing to serve instead: worth waiting for another request's probe rather than failing at once.
          if (!(await guard.breaker.admitOrAwaitProbe()))
            throw new OriginError('Drupal недоступен: запросы приостановлены после череды ошибок');
        }
        const fetching = refresh(key, load, stored?.fetchedAt, keep);
        // Finishes and stores even if this visitor goes away; other requests may be waiting for it.
        waitUntil(fetching.catch(() => undefined));
        try {
          const loaded = await fetching;
          settle('MISS');
          return loaded.value;
        } catch (error) {
          if (!stored) throw error;
          log(`Drupal: ${url} недоступен, отдаём сохранённую копию`, error);
          if (speaksOfDrupal(error))
            waitUntil(markFailing(key, stored).catch((e: unknown) => log(`KV: не удалось отметить сбой ${key}`, e)));
          settle('STALE');
          return stored.value as T;
        }
      } finally {
        // A lookup that failed before deciding still counts as a trip to Drupal.
        settle('MISS');
      }
    },

    async remember(url, value, seconds) {
      const until = Date.now() + seconds * 1000;
      const key = await keyFor(url);
      // In memory at once; the store's write waits for the page's calls (quiet), and a caller awaiting it would too: the
      // modules' probe held a page's frame a round (docs/architecture.md, "What a page costs Drupal").
      waitUntil(
        write(key, value, { fu: until, su: until }, undefined, Date.now()).catch((error: unknown) =>
          log(`KV: не удалось сохранить ${key}`, error),
        ),
      );
    },

    async lastKnown<T>(url: string): Promise<T | undefined> {
      if (!guard.breaker.healthy) return undefined;
      const stored = await read(await keyFor(url));
      return stored && !stored.metadata.n ? (stored.value as T) : undefined;
    },

    atHand: async (url) => isolate().memory.get(await keyFor(url)) !== undefined,

    async recall<T>(url: string): Promise<T | undefined> {
      const stored = await read(await keyFor(url));
      // A purge of everything forgets what was learned before it, as it does payloads.
      return stored && Date.now() < stored.metadata.fu && !(await outdated(stored)) ? (stored.value as T) : undefined;
    },

    async purge(url: string) {
      const key = await keyFor(url);
      const state = isolate();
      state.memory.delete(key);
      state.changed();
      await kv.delete(key);
    },

    purgeAll: () => bumpGeneration(kv),

    async purgeTags(tags) {
      if (tags.length > 0) await purgeTags(kv, tags, longestKeepSeconds(settings) * 1000);
    },
  };
  return cache;
}

function defaultLog(message: string, error: unknown) {
  console.warn(message, error instanceof Error ? error.message : error);
}
