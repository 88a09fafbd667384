/**
 * A record of the shared store, read through for a few seconds per store: a page does not
 * pay an extra read before its own lookups, and another process's change reaches here
 * within `ms` (at once on Node, whose store announces it: isolate.ts `invalidate`).
 */
export class StoreMemo<T> {
  #memo = new WeakMap<object, { value: T; readAt: number }>();

  constructor(private readonly ms: number) {}

  get(store: object, now = Date.now()): T | undefined {
    const known = this.#memo.get(store);
    return known && now - known.readAt < this.ms ? known.value : undefined;
  }

  set(store: object, value: T, now = Date.now()): void {
    this.#memo.set(store, { value, readAt: now });
  }

  /** The next read asks the store: `store`'s copy, or every store's. */
  forget(store?: object): void {
    if (store) this.#memo.delete(store);
    else this.#memo = new WeakMap();
  }
}
