/**
 * Per isolate and per origin: after a few failures in a row Drupal is left alone
 * for a while (open), so that pages with a cached copy are served at once instead
 * of each waiting out a timeout. When the while is over, one call is let through
 * (a probe); its answer closes the breaker or opens it again.
 */
const FAILURES_TO_OPEN = 3;

export interface CircuitBreaker {
  /** May a call go to the origin now? In the half-open state only the first asker (the probe) may. */
  admit(): boolean;
  /** Is the origin being left alone (open, or half-open with its probe under way)? */
  readonly open: boolean;
  /** Has the origin answered this isolate since `time` (epoch ms)? Then what other isolates saw fail before is old news. */
  answeredSince(time: number): boolean;
  succeeded(): void;
  failed(): void;
}

interface BreakerState {
  failures: number;
  answeredAt: number;
  openUntil: number;
  probeSince?: number;
}

const states = new Map<string, BreakerState>();

export function circuitBreaker(origin: string, { openMs, probeTimeoutMs }: { openMs: number; probeTimeoutMs: number }): CircuitBreaker {
  let state = states.get(origin);
  if (!state) {
    state = { failures: 0, answeredAt: 0, openUntil: 0 };
    states.set(origin, state);
  }
  const s = state;
  const tripped = () => s.failures >= FAILURES_TO_OPEN;
  // A probe whose request was cancelled never reports; after a timeout's worth another may try.
  const probeUnderWay = () => s.probeSince !== undefined && Date.now() - s.probeSince < probeTimeoutMs;
  return {
    admit() {
      if (!tripped()) return true;
      if (Date.now() < s.openUntil || probeUnderWay()) return false;
      s.probeSince = Date.now();
      return true;
    },
    get open() {
      return tripped() && (Date.now() < s.openUntil || probeUnderWay());
    },
    answeredSince(time) {
      return s.answeredAt > time;
    },
    succeeded() {
      s.answeredAt = Date.now();
      s.failures = 0;
      s.openUntil = 0;
      s.probeSince = undefined;
    },
    failed() {
      s.failures += 1;
      s.probeSince = undefined;
      if (tripped()) s.openUntil = Date.now() + openMs;
    },
  };
}

/** Closes every breaker, as a new isolate would start (tests). */
export function resetCircuitBreakers(): void {
  states.clear();
}
