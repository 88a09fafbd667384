/**
 * The key-value store on Valkey: KV's subset the site uses (seams/seams.ts).
 * A value and its metadata are one string, so a read is one GET and a write one SET
 * with KV's expiry. Writes that other processes must see at once (a purge, a
 * deleted payload) are announced on a channel; each process then forgets its memos.
 */
import type { Redis } from 'ioredis';
import type { KeyValueStore } from '../../seams/seams';

/** The metadata's JSON, this separator, then the value: JSON never contains a raw newline. */
const SEPARATOR = '\n';
const SCAN_COUNT = 500;

export const CHANGES_CHANNEL = 'kv-changes';

function unpack(packed: string | null): { value: string | null; metadata: unknown } {
  if (packed === null) return { value: null, metadata: null };
  const at = packed.indexOf(SEPARATOR);
  if (at < 0) return { value: packed, metadata: null };
  const head = packed.slice(0, at);
  return { value: packed.slice(at + 1), metadata: head === '' ? null : (JSON.parse(head) as unknown) };
}

export interface ValkeyStoreOptions {
  prefix: string;
  /** Keys whose every write is announced to the other processes (the purge records). */
  announced: readonly string[];
}

export function valkeyStore(client: Redis, { prefix, announced }: ValkeyStoreOptions): KeyValueStore {
  const full = (key: string) => prefix + key;
  const announce = (key: string) => client.publish(prefix + CHANGES_CHANNEL, key);

  /**
   * Simultaneous reads of one key share one GET: when the memory tier lets a payload go, every request of a busy
   * process asks for it at once, and two hundred replies of a large payload on the one connection outlasted the
   * command timeout (docs/benchmarks.md, "Stale pages while Drupal hangs"). A write or delete of the key lets the
   * next read ask again, so no read begun after a write returns what was there before it.
   */
  const reading = new Map<string, Promise<string | null>>();
  const read = (key: string): Promise<string | null> => {
    const underWay = reading.get(key);
    if (underWay) return underWay;
    const started = client.get(full(key)).finally(() => {
      if (reading.get(key) === started) reading.delete(key);
    });
    reading.set(key, started);
    return started;
  };
  const written = (key: string) => reading.delete(key);

  async function get(key: string): Promise<string | null>;
  async function get<T>(key: string, type: 'json'): Promise<T | null>;
  async function get(key: string, type?: 'json'): Promise<unknown> {
    const { value } = unpack(await read(key));
    return type === 'json' && value !== null ? JSON.parse(value) : value;
  }

  const claimKey = (key: string) => `${prefix}claim:${key}`;
  return {
    get,
    claims: {
      claim: async (key, ms) => (await client.set(claimKey(key), String(process.pid), 'PX', Math.max(1, Math.round(ms)), 'NX')) === 'OK',
      release: async (key) => void (await client.del(claimKey(key))),
      held: async (key) => (await client.exists(claimKey(key))) === 1,
    },
    async getWithMetadata<M>(key: string) {
      const { value, metadata } = unpack(await read(key));
      return { value, metadata: metadata as M | null };
    },
    async put(key, value, options = {}) {
      written(key);
      const packed = `${options.metadata === undefined ? '' : JSON.stringify(options.metadata)}${SEPARATOR}${value}`;
      if (options.expirationTtl) await client.set(full(key), packed, 'EX', Math.ceil(options.expirationTtl));
      else await client.set(full(key), packed);
      if (announced.includes(key)) await announce(key);
    },
    async delete(key) {
      written(key);
      await client.del(full(key));
      await announce(key);
    },
    async list(options = {}) {
      const [cursor, names] = await client.scan(options.cursor ?? '0', 'MATCH', `${full(options.prefix ?? '')}*`, 'COUNT', SCAN_COUNT);
      const done = cursor === '0';
      return { keys: names.map((name) => ({ name: name.slice(prefix.length) })), list_complete: done, cursor: done ? undefined : cursor };
    },
  };
}
