/**
 * A per-isolate copy of recently read KV entries, so a warm page does not pay a KV
 * read per payload. It keeps KV's own entry (value and freshness metadata), so
 * HIT/STALE decisions are the same; it only delays, by at most MEMORY_TTL_MS, what
 * another isolate's purge or refresh changes, which is within KV's own
 * propagation delay (about a minute). The isolate's one copy is on its state (isolate.ts).
 */
const MEMORY_TTL_MS = 10_000;
const MAX_ENTRIES = 500;

export interface TierEntry<M> {
  value: unknown;
  metadata: M;
}

export class MemoryTier {
  readonly #entries = new Map<string, { entry: TierEntry<unknown>; storedAt: number }>();

  get<M>(key: string): TierEntry<M> | undefined {
    const found = this.#entries.get(key);
    if (!found) return undefined;
    if (Date.now() - found.storedAt > MEMORY_TTL_MS) {
      this.#entries.delete(key);
      return undefined;
    }
    return found.entry as TierEntry<M>;
  }

  set<M>(key: string, entry: TierEntry<M>): void {
    this.#entries.delete(key);
    this.#entries.set(key, { entry, storedAt: Date.now() });
    // Maps iterate in insertion order: the first key is the oldest.
    if (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  /** Forgets every entry (tests: another isolate's memory, with this one's purge memos kept). */
  clear(): void {
    this.#entries.clear();
  }
}
