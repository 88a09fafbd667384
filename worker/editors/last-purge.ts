import type { KeyValueStore } from '../seams/seams';
import type { LastPurge } from '../screens/CacheRebuildScreen';

const LAST_PURGE_KEY = 'cache-rebuild:last';

/** The last purge shown on /cache-rebuild.html; none if there was none or it cannot be read. */
export async function lastPurge(kv: KeyValueStore): Promise<LastPurge | null> {
  try {
    const last = await kv.get<LastPurge>(LAST_PURGE_KEY, 'json');
    return last && Number.isFinite(last.at) && Number.isInteger(last.uid) && typeof last.scope === 'string' ? last : null;
  } catch {
    return null;
  }
}

/** Who purged what and when: a uid, not a name (no personal data in KV). A lost record loses only this line of the page. */
export async function recordPurge(kv: KeyValueStore, uid: number, scope: string) {
  const record: LastPurge = { at: Date.now(), uid, scope };
  await kv
    .put(LAST_PURGE_KEY, JSON.stringify(record))
    .catch((error: unknown) => console.warn('Кэш: запись о последней очистке не сохранена', error));
}
