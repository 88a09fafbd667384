/**
 * The demo origin's test control (`/__demo/*`, never counted, delayed or faulted), through its
 * typed client (demo-origin/control-client.ts): fault switches and the request counter the suite
 * reads between scenarios.
 */
import { demoControl as controlClient, type FaultConfigInput, type RequestCounts } from '../../demo-origin/control-client.ts';

export type { FaultRule } from '../../demo-origin/control-client.ts';

/** A fault configuration as the suite sets it (the demo's own type). */
export type FaultConfig = FaultConfigInput;

/** Path+query exactly as Drupal received them, e.g. `/router/translate-path?path=%2Fx.html`. */
export type OriginCounts = RequestCounts;

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
  const control = controlClient(demoUrl, { timeoutMs: 10_000 });
  const counts = () => control.requests();
  return {
    reset: () => control.reset(),
    setFaults: async (config) => void (await control.faults.set(config)),
    clearFaults: () => control.faults.clear(),
    faults: () => control.faults.get(),
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
