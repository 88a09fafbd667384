/**
 * A per-isolate copy of recently read KV entries, so a warm page does not pay a KV
 * read per payload. It keeps KV's own entry (value and freshness metadata), so
 * HIT/STALE decisions are the same; it only delays, by at most MEMORY_TTL_MS, what
 * another isolate's purge or refresh changes, which is within KV's own
 * propagation delay (about a minute).
 */
import { forgetRenderedPages } from './rendered-pages';

const MEMORY_TTL_MS = 10_000;
const MAX_ENTRIES = 500;

export interface TierEntry<M> {
  value: unknown;
  metadata: M;
}

const entries = new Map<string, { entry: TierEntry<unknown>; storedAt: number }>();

export function memoryGet<M>(key: string): TierEntry<M> | undefined {
  const found = entries.get(key);
  if (!found) return undefined;
  if (Date.now() - found.storedAt > MEMORY_TTL_MS) {
    entries.delete(key);
    return undefined;
  }
  return found.entry as TierEntry<M>;
}

export function memorySet<M>(key: string, entry: TierEntry<M>): void {
  entries.delete(key);
  entries.set(key, { entry, storedAt: Date.now() });
  // Maps iterate in insertion order: the first key is the oldest.
  if (entries.size > MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
}

export function memoryDelete(key: string): void {
  entries.delete(key);
}

/** Forgets everything, as a new isolate would start (tests use it to prove what KV alone keeps). */
export function clearMemoryTier(): void {
  entries.clear();
  forgetRenderedPages();
}
