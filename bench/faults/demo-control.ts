/**
 * The demo origin's test control (`/__demo/*`, never counted, delayed or faulted):
 * fault switches and the request counter the suite reads between scenarios.
 */

/** Mirrors the rule schema of demo-origin/src/routes/control.ts. */
export interface FaultRule {
  match: string;
  delayMs?: number;
  status?: number;
  hang?: boolean;
  body?: 'html' | 'broken-json';
}

export interface FaultConfig {
  delayMs?: number;
  rules?: FaultRule[];
}

export interface OriginCounts {
  total: number;
  /** Path+query exactly as Drupal received them, e.g. `/router/translate-path?path=%2Fx.html`. */
  byUrl: Record<string, number>;
}

export interface DemoControl {
  reset(): Promise<void>;
  setFaults(config: FaultConfig): Promise<void>;
  clearFaults(): Promise<void>;
  /** The fault config in force (empty after a reset or a restart of the demo worker). */
  faults(): Promise<FaultConfig>;
  counts(): Promise<OriginCounts>;
  /** The counter once it has stopped moving: background refreshes of a response may still be on their way. */
  settledCounts(): Promise<OriginCounts>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function demoControl(demoUrl: string): DemoControl {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(demoUrl + path, {
      method,
      signal: AbortSignal.timeout(10_000),
      ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`demo origin ${method} ${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const counts = async () => (await (await call('GET', '/__demo/requests')).json()) as OriginCounts;
  return {
    reset: async () => void (await call('POST', '/__demo/reset')),
    setFaults: async (config) => void (await (await call('POST', '/__demo/faults', config)).text()),
    clearFaults: async () => void (await (await call('POST', '/__demo/faults', {})).text()),
    faults: async () => (await (await call('GET', '/__demo/faults')).json()) as FaultConfig,
    counts,
    settledCounts: async () => {
      let last = await counts();
      for (let i = 0; i < 20; i++) {
        await sleep(150);
        const now = await counts();
        if (now.total === last.total) return now;
        last = now;
      }
      return last;
    },
  };
}

/** Counted requests that appeared between two readings of the counter. */
export function countsDiff(before: OriginCounts, after: OriginCounts): Record<string, number> {
  const diff: Record<string, number> = {};
  for (const [url, n] of Object.entries(after.byUrl)) {
    const d = n - (before.byUrl[url] ?? 0);
    if (d > 0) diff[url] = d;
  }
  return diff;
}
