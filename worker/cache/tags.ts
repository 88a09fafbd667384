/**
 * Cache tags: every cached payload names the content it shows
 * (`node:12`, `node_list:news`, `menu:main`). Purging a tag records WHEN it was
 * purged; a payload that shows it and whose fetch started before then is outdated
 * and refetched on its next read, wherever it lives. A payload fetched after the
 * purge is current in every isolate, however late an isolate learns of the purge
 * (generation.ts says why times rather than counters).
 *
 * The purge times are one small KV entry, written only on a purge (KV allows one
 * write a second per key, and writes cost far more than reads) and read through a
 * per-isolate memo (isolate.ts). No index of payloads per tag is kept, so filling the cache
 * writes nothing extra; a tag purged longer ago than any payload lives is dropped.
 */
import type { KeyValueStore } from '../seams/seams';
import { isolate } from './isolate';
import { TAGS_KEY, type TagPurges } from './purge-records';

export async function tagPurges(kv: KeyValueStore): Promise<TagPurges> {
  const memo = isolate().tagPurges;
  const known = memo.get(kv);
  if (known) return known;
  const purges: Record<string, number> = {};
  try {
    const stored = await kv.get<Record<string, unknown>>(TAGS_KEY, 'json');
    for (const [tag, at] of Object.entries(stored ?? {})) if (typeof at === 'number' && Number.isFinite(at)) purges[tag] = at;
  } catch {
    // Unreadable: as if nothing was ever purged by tag; a purge rewrites it whole.
  }
  memo.set(kv, purges);
  return purges;
}

/**
 * Records `tags` as purged now. `keepMs` is how long a payload can live in KV: a purge
 * older than that outdates nothing still stored, and is forgotten. Two purges at once
 * may each drop the other's tags (last write wins); the `next` module sends one call per save.
 */
export async function purgeTags(kv: KeyValueStore, tags: readonly string[], keepMs: number): Promise<TagPurges> {
  const state = isolate();
  state.tagPurges.forget(kv);
  state.changed();
  const now = Date.now();
  const next: Record<string, number> = {};
  for (const [tag, at] of Object.entries(await tagPurges(kv))) if (now - at < keepMs) next[tag] = at;
  for (const tag of tags) next[tag] = Math.max(now, next[tag] ?? 0);
  await kv.put(TAGS_KEY, JSON.stringify(next));
  state.tagPurges.set(kv, next);
  return next;
}

/** Whether a payload fetched from `fetchedAt` shows a tag purged after that. */
export const outdatedByTags = (tags: readonly string[] | undefined, fetchedAt: number, purges: TagPurges): boolean =>
  tags !== undefined && tags.some((tag) => (purges[tag] ?? 0) > fetchedAt);

/** Forgets the memo and the purge times themselves (tests, emptying the cache). */
export async function clearTagPurges(kv: KeyValueStore): Promise<void> {
  isolate().tagPurges.forget(kv);
  await kv.delete(TAGS_KEY);
}
