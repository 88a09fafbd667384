/**
 * Purging everything records WHEN it happened, not a new key prefix: a payload whose
 * fetch started before that time is outdated (refetched on its next read, still served
 * while Drupal fails), and one fetched after it is current. Keys never depend on what an
 * isolate believes, so a payload cached after a purge counts as cached in every isolate,
 * even one whose view of the purge is a few seconds (or KV's minute) behind. The count
 * of such purges is kept beside the time for the editors' page ("generation").
 *
 * The record is read through a per-isolate memo (isolate.ts), so that a page does not pay an extra KV
 * read before its own lookups.
 */
import type { KeyValueStore } from '../seams/seams';
import { isolate } from './isolate';
import { PURGE_ALL_KEY, type PurgeAllRecord } from './purge-records';

const NEVER: PurgeAllRecord = { at: 0, count: 0 };

const finite = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0);

export async function lastPurgeAll(kv: KeyValueStore): Promise<PurgeAllRecord> {
  const memo = isolate().purgeAll;
  const known = memo.get(kv);
  if (known) return known;
  let record = NEVER;
  try {
    const stored = await kv.get<{ at?: unknown; count?: unknown }>(PURGE_ALL_KEY, 'json');
    if (stored) record = { at: finite(stored.at), count: finite(stored.count) };
  } catch {
    // Unreadable: as if never purged; the next purge rewrites it whole.
  }
  memo.set(kv, record);
  return record;
}

/** The editors' generation: how many times everything has been purged. */
export const currentGeneration = async (kv: KeyValueStore): Promise<number> => (await lastPurgeAll(kv)).count;

/** Purges everything now; returns the new generation. */
export async function bumpGeneration(kv: KeyValueStore): Promise<number> {
  const state = isolate();
  state.purgeAll.forget(kv);
  state.changed();
  const current = await lastPurgeAll(kv);
  const record: PurgeAllRecord = { at: Math.max(Date.now(), current.at), count: current.count + 1 };
  await kv.put(PURGE_ALL_KEY, JSON.stringify(record));
  state.purgeAll.set(kv, record);
  return record.count;
}

/** Forgets the memo and the record itself (tests, emptying the cache). */
export async function clearPurgeAll(kv: KeyValueStore): Promise<void> {
  isolate().purgeAll.forget(kv);
  await kv.delete(PURGE_ALL_KEY);
}
