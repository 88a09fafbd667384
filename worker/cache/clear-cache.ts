/**
 * Empties the shared cache outright: every payload, the booking pages' keys, and the purge records. A purge keeps
 * purged copies for when Drupal fails; tests need a cache that never held anything.
 * (Production never needs it: a new entry shape changes KEY_VERSION instead.)
 * This isolate starts over too (isolate.ts), as a new one would: nothing of the old store is remembered.
 */
import type { KeyValueStore } from '../seams/seams';
import { resetIsolate } from './isolate';
import { KEY_VERSION } from './cache-key';
import { clearPurgeAll } from './generation';
import { clearTagPurges } from './tags';

/** The booking pages' keys (booking/schedule.ts, booking/attempts.ts) live beside the payloads. */
const PREFIXES = [`${KEY_VERSION}:`, 'booking:'];

export async function clearCache(kv: KeyValueStore): Promise<void> {
  for (const prefix of PREFIXES) {
    let cursor: string | undefined;
    do {
      const page = await kv.list({ prefix, cursor });
      await Promise.all(page.keys.map((key) => kv.delete(key.name)));
      cursor = page.list_complete ? undefined : page.cursor;
    } while (cursor);
  }
  await Promise.all([clearPurgeAll(kv), clearTagPurges(kv)]);
  resetIsolate();
}
