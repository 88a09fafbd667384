/**
 * Purging everything bumps a generation number that prefixes every key, so old
 * entries are simply never read again and expire on their own. The number is
 * remembered per isolate for a few seconds so that a page does not pay an extra
 * KV read before its own lookups; KV itself propagates writes within about a minute.
 */
import { forgetRenderedPages } from './rendered-pages';

const GENERATION_KEY = 'cache-generation';
const MEMO_MS = 5_000;

const memo = new WeakMap<KVNamespace, { generation: number; readAt: number }>();

export async function currentGeneration(kv: KVNamespace): Promise<number> {
  const known = memo.get(kv);
  if (known && Date.now() - known.readAt < MEMO_MS) return known.generation;
  const stored = await kv.get(GENERATION_KEY);
  const parsed = stored === null ? 0 : Number.parseInt(stored, 10);
  const generation = Number.isFinite(parsed) ? parsed : 0;
  memo.set(kv, { generation, readAt: Date.now() });
  return generation;
}

export async function bumpGeneration(kv: KVNamespace): Promise<number> {
  memo.delete(kv);
  forgetRenderedPages();
  const next = (await currentGeneration(kv)) + 1;
  await kv.put(GENERATION_KEY, String(next));
  memo.set(kv, { generation: next, readAt: Date.now() });
  return next;
}
