/**
 * What one isolate (a Workers isolate, a Node process) keeps in memory between requests,
 * in one object: the origin's breakers, the fetches under way, the memory tier of payloads,
 * the pages just rendered (and those being rendered again), the memos of the purge records, the editors' sessions Drupal just
 * confirmed, and what editors' clients learned.
 *
 * Every module reads it through `isolate()` at the moment of use, so that a test's
 * `resetIsolate()` gives every later request a fresh one, as a new isolate starts with.
 * Changes are announced on it, not called across modules: the cache calls `changed()`
 * when it stores or purges, and a page rendered before the count moved on is not served
 * again (cache/rendered-pages.ts); another process's change, which Node's store announces,
 * reaches every memo through `invalidate(key)`.
 */
import { CheckedSessions } from './checked-sessions';
import { Flights } from './flights';
import { MemoryTier } from './memory-tier';
import { PageRenders } from './page-renders';
import { PURGE_ALL_KEY, TAGS_KEY, type PurgeAllRecord, type TagPurges } from './purge-records';
import { RenderedPages } from './rendered-pages';
import { StoreMemo } from './store-memo';

/** The purge records are read through for this long (generation.ts, tags.ts). */
const PURGE_MEMO_MS = 5_000;

/** One origin's circuit breaker, shared by every request's view of it (cache/circuit-breaker.ts). */
export interface BreakerState {
  failures: number;
  answeredAt: number;
  openUntil: number;
  probeSince?: number;
  /** The view (request) that probes. */
  prober?: object;
}

export class IsolateState {
  /** Per origin. */
  readonly breakers = new Map<string, BreakerState>();
  readonly flights = new Flights();
  readonly memory = new MemoryTier();
  readonly renderedPages = new RenderedPages();
  /** The pages a request of this isolate is rendering again now (cache/page-renders.ts). */
  readonly pageRenders = new PageRenders();
  readonly purgeAll = new StoreMemo<PurgeAllRecord>(PURGE_MEMO_MS);
  readonly tagPurges = new StoreMemo<TagPurges>(PURGE_MEMO_MS);
  /** The editors' sessions Drupal confirmed a moment ago. */
  readonly checkedSessions = new CheckedSessions();
  /** What editors' clients learned of resource types (cache/no-cache.ts), and what they are learning. */
  readonly knowledge = { learned: new Map<string, { value: unknown; at: number }>(), learning: new Set<string>() };
  /** Which of the clinic's modules each Drupal has (drupal/modules.ts), per base URL, until a moment. */
  readonly modules = new Map<string, { value: unknown; until: number }>();
  #version = 0;

  /** How many changes of cached content this isolate has seen: a page rendered across one is not kept. */
  get version(): number {
    return this.#version;
  }

  /** Cached content changed here (a payload stored, a purge): pages rendered before it are not served again. */
  changed(): void {
    this.#version++;
  }

  /** Another process changed `key` in the shared store: the memo that holds it forgets it, and pages rendered before it go. */
  invalidate(key: string): void {
    if (key === PURGE_ALL_KEY) {
      this.purgeAll.forget();
      this.modules.clear();
    } else if (key === TAGS_KEY) this.tagPurges.forget();
    else this.memory.delete(key);
    this.changed();
  }
}

let current = new IsolateState();

/** This isolate's state. */
export const isolate = (): IsolateState => current;

/** Starts over with an empty state, as a new isolate would (tests). */
export function resetIsolate(): IsolateState {
  current = new IsolateState();
  return current;
}
