import { OriginError } from './origin-error';
import { sleep } from './sleep';

/**
 * Coalesces identical origin fetches across the requests an isolate serves.
 *
 * Workers forbid a request to wait on another request's I/O: awaiting a promise
 * that another request's fetch settles hangs or is cancelled when that request
 * ends. So requests share only plain data here. The first request for a key (the
 * leader) fetches and writes the outcome into its flight record; the others
 * (followers) look at that record on their own timers until it has an outcome, or
 * until the leader has taken longer than it may (its request may have been
 * cancelled), after which they fetch themselves.
 */
interface Outcome {
  ok: boolean;
  value?: unknown;
  error?: { message: string; status?: number; unhealthy: boolean };
}

interface Flight {
  startedAt: number;
  outcome?: Outcome;
}

const POLL_MS = 10;

/** The isolate's flights, one per key being fetched (its one copy is on the isolate's state, isolate.ts). */
export class Flights {
  readonly #flights = new Map<string, Flight>();

  /** Whether some request of this isolate is fetching `key` right now. */
  inFlight(key: string, maxWaitMs: number): boolean {
    const flight = this.#flights.get(key);
    return flight !== undefined && !flight.outcome && Date.now() - flight.startedAt < maxWaitMs;
  }

  /**
   * `load()` once per key at a time in this isolate. `maxWaitMs` bounds how long a
   * follower waits for a leader (the origin timeout: a live leader has an answer by then).
   */
  async coalesce<V>(key: string, maxWaitMs: number, load: () => Promise<V>): Promise<V> {
    const existing = this.#flights.get(key);
    if (existing && Date.now() - existing.startedAt < maxWaitMs) {
      const outcome = await awaitOutcome(existing, maxWaitMs);
      if (outcome?.ok) return outcome.value as V;
      if (outcome?.error) throw new OriginError(outcome.error.message, outcome.error.status, { unhealthy: outcome.error.unhealthy });
    }
    const flight: Flight = { startedAt: Date.now() };
    this.#flights.set(key, flight);
    try {
      const value = await load();
      flight.outcome = { ok: true, value };
      return value;
    } catch (error) {
      flight.outcome = {
        ok: false,
        error:
          error instanceof OriginError
            ? { message: error.message, status: error.status, unhealthy: error.unhealthy }
            : { message: error instanceof Error ? error.message : String(error), unhealthy: false },
      };
      throw error;
    } finally {
      if (this.#flights.get(key) === flight) this.#flights.delete(key);
    }
  }
}

async function awaitOutcome(flight: Flight, maxWaitMs: number): Promise<Outcome | undefined> {
  while (!flight.outcome && Date.now() - flight.startedAt < maxWaitMs) await sleep(POLL_MS);
  return flight.outcome;
}
