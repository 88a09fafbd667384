import { isolate } from './isolate';
import { sleep } from './sleep';

/**
 * Per isolate and per origin: after a few failures in a row Drupal is left alone
 * for a while (open), so that pages with a cached copy are served at once instead
 * of each waiting out a timeout. When the while is over, one REQUEST probes: all
 * of its calls go through (a page needs several, and refusing the probe's own
 * second call would fail the very page that tells whether Drupal is back), and
 * the first answer closes the breaker or opens it again. Each request holds its
 * own view of the shared state (circuitBreaker() per request), which knows
 * whether that request is the probe. The state is the isolate's (isolate.ts).
 */
const FAILURES_TO_OPEN = 3;
/** How often a request waiting for the probe looks at the outcome (flights.ts says why it polls). */
const POLL_MS = 10;

export interface CircuitBreaker {
  /** May a call go to the origin now? In the half-open state only the first asking request (the probe) may. */
  admit(): boolean;
  /**
   * For a call with nothing cached to serve instead: admit() but, while another
   * request's probe is under way, waits for its outcome (at most the probe's time
   * limit) rather than failing at once. Open with no probe under way: false at once.
   */
  admitOrAwaitProbe(): Promise<boolean>;
  /** Is the origin being left alone (open, or half-open with its probe under way)? */
  readonly open: boolean;
  /** No failure counted since the origin last answered: extra calls on a guess are worth it only then. */
  readonly healthy: boolean;
  /** Has the origin answered this isolate since `time` (epoch ms)? Then what other isolates saw fail before is old news. */
  answeredSince(time: number): boolean;
  succeeded(): void;
  failed(): void;
}

export function circuitBreaker(origin: string, { openMs, probeTimeoutMs }: { openMs: number; probeTimeoutMs: number }): CircuitBreaker {
  const states = isolate().breakers;
  let state = states.get(origin);
  if (!state) {
    state = { failures: 0, answeredAt: 0, openUntil: 0 };
    states.set(origin, state);
  }
  const s = state;
  const tripped = () => s.failures >= FAILURES_TO_OPEN;
  // A probe whose request was cancelled never reports; after a timeout's worth another may try.
  const probeUnderWay = () => s.probeSince !== undefined && Date.now() - s.probeSince < probeTimeoutMs;
  const view: CircuitBreaker = {
    admit() {
      if (!tripped()) return true;
      if (Date.now() < s.openUntil) return false;
      if (probeUnderWay()) return s.prober === view;
      s.probeSince = Date.now();
      s.prober = view;
      return true;
    },
    async admitOrAwaitProbe() {
      // Plain shared state, looked at on this request's own timers: the probe's I/O is another request's.
      // One probe's time at most, even if the probe is given up and another request's starts meanwhile.
      const deadline = Date.now() + probeTimeoutMs;
      while (!view.admit()) {
        if (!probeUnderWay() || Date.now() >= deadline) return false;
        await sleep(POLL_MS);
      }
      return true;
    },
    get open() {
      return tripped() && (Date.now() < s.openUntil || probeUnderWay());
    },
    get healthy() {
      return s.failures === 0;
    },
    answeredSince(time) {
      return s.answeredAt > time;
    },
    succeeded() {
      s.answeredAt = Date.now();
      s.failures = 0;
      s.openUntil = 0;
      s.probeSince = undefined;
      s.prober = undefined;
    },
    failed() {
      s.failures += 1;
      s.probeSince = undefined;
      s.prober = undefined;
      if (tripped()) s.openUntil = Date.now() + openMs;
    },
  };
  return view;
}
