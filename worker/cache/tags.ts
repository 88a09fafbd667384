/**
 * Cache tags (issue 9 §4): every cached payload names the content it shows
 * (`node:12`, `node_list:news`, `menu:main`) and keeps the generation each tag had
 * when the payload was fetched. Purging a tag bumps its generation, and every
 * payload that holds it is then refetched on its next read, wherever it lives.
 *
 * The generations are one small KV entry, written only on a purge (KV allows one
 * write a second per key, and writes cost far more than reads) and read through a
 * per-isolate memo, like the cache generation. No index of payloads per tag is
 * kept, so filling the cache writes nothing extra.
 */
import { forgetRenderedPages } from './rendered-pages';

const TAGS_KEY = 'cache-tag-generations';
const MEMO_MS = 5_000;

export type TagGenerations = Readonly<Record<string, number>>;

const memo = new WeakMap<KVNamespace, { generations: TagGenerations; readAt: number }>();

export async function tagGenerations(kv: KVNamespace): Promise<TagGenerations> {
  const known = memo.get(kv);
  if (known && Date.now() - known.readAt < MEMO_MS) return known.generations;
  let generations: TagGenerations = {};
  try {
    generations = (await kv.get<TagGenerations>(TAGS_KEY, 'json')) ?? {};
  } catch {
    // Unreadable: as if nothing was ever purged by tag; a purge rewrites it whole.
  }
  memo.set(kv, { generations, readAt: Date.now() });
  return generations;
}

/** Bumps each tag's generation; returns the new map. Concurrent purges may both write n+1: either way the tag moved. */
export async function purgeTags(kv: KVNamespace, tags: readonly string[]): Promise<TagGenerations> {
  memo.delete(kv);
  forgetRenderedPages();
  const current = await tagGenerations(kv);
  const next: Record<string, number> = { ...current };
  for (const tag of tags) next[tag] = (next[tag] ?? 0) + 1;
  await kv.put(TAGS_KEY, JSON.stringify(next));
  memo.set(kv, { generations: next, readAt: Date.now() });
  return next;
}

/** The generations of `tags` as they are now: what a payload fetched now is valid for. */
export const snapshot = (generations: TagGenerations, tags: readonly string[]): Record<string, number> =>
  Object.fromEntries(tags.map((tag) => [tag, generations[tag] ?? 0]));

/** Whether a tag of a payload has been purged since the payload was fetched. */
export const outdated = (held: Readonly<Record<string, number>> | undefined, generations: TagGenerations): boolean =>
  held !== undefined && Object.entries(held).some(([tag, generation]) => (generations[tag] ?? 0) > generation);

/** Forgets the memo (tests, as a new isolate would start). */
export function clearTagMemo(kv: KVNamespace): void {
  memo.delete(kv);
}
