/**
 * What a request's calls tell of its answer (worker/cache/cache-report.ts): the home page sends its start as soon
 * as one of its calls is decided to go to Drupal, which happens before that call's fetch (c.var.headFirst).
 */
import { describe, expect, it } from 'vitest';
import { CacheReport } from '../../../worker/cache/cache-report';
import type { CacheStatus } from '../../../worker/cache/cache-status';

/** A status the test decides when it likes. */
function pending() {
  let decide: (status: CacheStatus) => void = () => {};
  const status = new Promise<CacheStatus>((resolve) => (decide = resolve));
  return { status, decide };
}

/** Whether `promise` has settled once every callback queued so far has run. */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return settled;
}

describe("a request's first call to Drupal", () => {
  it('is told once a call tracked before the question is decided a MISS, not while it is undecided', async () => {
    const report = new CacheReport();
    const call = pending();
    report.track(Promise.resolve('HIT'));
    report.track(call.status);
    const miss = report.firstMiss();
    expect(await settledYet(miss)).toBe(false);
    call.decide('MISS');
    expect(await settledYet(miss)).toBe(true);
  });

  it('is told for a call tracked after the question, and never when every call is HIT or STALE', async () => {
    const report = new CacheReport();
    const miss = report.firstMiss();
    report.track(Promise.resolve('HIT'));
    report.track(Promise.resolve('STALE'));
    report.track(Promise.reject(new Error('сбой')));
    expect(await settledYet(miss)).toBe(false);
    report.track(Promise.resolve('MISS'));
    expect(await settledYet(miss)).toBe(true);
    expect(report.firstMiss()).toBe(miss);
  });
});
