import type { CacheSettings } from '../config/config';
import { cacheKey } from './cache-key';
import type { CacheReport } from './cache-report';
import type { CacheStatus } from './cache-status';
import { bumpGeneration, currentGeneration } from './generation';
import { memoryDelete, memoryGet, memorySet } from './memory-tier';

/** What a loader hands the cache: the parsed payload, and whether it is a short-lived negative answer (a 404). */
export interface Loaded<T> {
  value: T;
  negative?: boolean;
}

interface EntryMetadata {
  /** Fresh until, epoch ms. */
  fu: number;
  /** Served stale while revalidating until, epoch ms; past it Drupal is asked first. */
  su: number;
}

interface StoredEntry {
  v: unknown;
}

export interface KvCacheOptions {
  kv: KVNamespace;
  settings: CacheSettings;
  waitUntil: (promise: Promise<unknown>) => void;
  report?: CacheReport;
  log?: (message: string, error: unknown) => void;
}

export interface KvCache {
  /**
   * The payload for `url`: from KV while fresh; stale while `load` refreshes it in
   * the background; after that from `load`, falling back to the old copy when
   * `load` throws (stale-if-error). Without any copy, `load`'s error propagates.
   */
  get<T>(url: string, load: () => Promise<Loaded<T>>): Promise<T>;
  /** Drops the cached payload of one URL, in the current generation. */
  purge(url: string): Promise<void>;
  /** Makes every cached payload unreachable. */
  purgeAll(): Promise<number>;
}

/** Concurrent misses for one key share one origin fetch, across the requests of an isolate. */
const inFlight = new Map<string, Promise<Loaded<unknown>>>();

const MIN_KV_TTL_SECONDS = 60;

export function createKvCache({ kv, settings, waitUntil, report, log = defaultLog }: KvCacheOptions): KvCache {
  const keyFor = async (url: string) => cacheKey(await currentGeneration(kv), url);

  const store = async (key: string, loaded: Loaded<unknown>) => {
    const now = Date.now();
    const freshSeconds = loaded.negative ? settings.notFoundSeconds : settings.freshSeconds;
    const staleSeconds = loaded.negative ? 0 : settings.staleSeconds;
    const metadata: EntryMetadata = { fu: now + freshSeconds * 1000, su: now + (freshSeconds + staleSeconds) * 1000 };
    const keepSeconds = loaded.negative
      ? Math.max(MIN_KV_TTL_SECONDS, freshSeconds * 2)
      : Math.max(MIN_KV_TTL_SECONDS, settings.maxAgeSeconds, freshSeconds + staleSeconds);
    const entry: StoredEntry = { v: loaded.value };
    memorySet(key, { value: loaded.value, metadata });
    await kv.put(key, JSON.stringify(entry), { metadata, expirationTtl: keepSeconds });
  };

  const refresh = <T>(key: string, load: () => Promise<Loaded<T>>): Promise<Loaded<T>> => {
    const pending = inFlight.get(key);
    if (pending) return pending as Promise<Loaded<T>>;
    const fetching = load().then((loaded) => {
      waitUntil(store(key, loaded).catch((error: unknown) => log(`KV: не удалось сохранить ${key}`, error)));
      return loaded;
    });
    inFlight.set(key, fetching);
    const forget = () => inFlight.delete(key);
    fetching.then(forget, forget);
    return fetching;
  };

  // Entries were written by this worker's own decoders; the key version changes when their shapes do.
  const read = async (key: string) => {
    const remembered = memoryGet<EntryMetadata>(key);
    if (remembered) return remembered;
    try {
      const { value, metadata } = await kv.getWithMetadata<EntryMetadata>(key, 'text');
      if (value === null || !metadata) return undefined;
      const entry = { value: (JSON.parse(value) as StoredEntry).v, metadata };
      memorySet(key, entry);
      return entry;
    } catch (error) {
      log(`KV: не удалось прочитать ${key}`, error);
      return undefined;
    }
  };

  return {
    async get<T>(url: string, load: () => Promise<Loaded<T>>): Promise<T> {
      let settle: (status: CacheStatus) => void = () => {};
      report?.track(new Promise<CacheStatus>((resolve) => (settle = resolve)));
      try {
        const key = await keyFor(url);
        const stored = await read(key);
        const now = Date.now();
        if (stored && now < stored.metadata.fu) {
          settle('HIT');
          return stored.value as T;
        }
        if (stored && now < stored.metadata.su) {
          settle('STALE');
          waitUntil(refresh(key, load).catch((error: unknown) => log(`Drupal: фоновое обновление ${url} не удалось`, error)));
          return stored.value as T;
        }
        if (!stored) settle('MISS');
        try {
          const loaded = await refresh(key, load);
          settle('MISS');
          return loaded.value;
        } catch (error) {
          if (!stored) throw error;
          log(`Drupal: ${url} недоступен, отдаём сохранённую копию`, error);
          settle('STALE');
          return stored.value as T;
        }
      } finally {
        // A lookup that failed before deciding still counts as a trip to Drupal.
        settle('MISS');
      }
    },

    async purge(url: string) {
      const key = await keyFor(url);
      memoryDelete(key);
      await kv.delete(key);
    },

    purgeAll: () => bumpGeneration(kv),
  };
}

function defaultLog(message: string, error: unknown) {
  console.warn(message, error instanceof Error ? error.message : error);
}
