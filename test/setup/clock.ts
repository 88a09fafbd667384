import { onTestFinished, vi } from 'vitest';

/** How far the clock is ahead in the running test; undefined while it is the real one. */
let ahead: number | undefined;

/**
 * Moves the site's clock ahead by `ms`, as if that much time had passed, instead of waiting for it: every time the
 * site decides by (a breaker's pause, a payload's freshness, a kept page's moment, a memo's life) is read from
 * `Date.now()` in the process (or isolate) the test runs the site in. Calls add up; the clock is put back when the
 * test finishes. Timers (`setTimeout`) keep the real time: an origin timeout still takes as long as it says.
 */
export function passTime(ms: number): void {
  if (ahead === undefined) {
    const real = Date.now.bind(Date);
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => real() + (ahead ?? 0));
    onTestFinished(() => {
      spy.mockRestore();
      ahead = undefined;
    });
    ahead = 0;
  }
  ahead += ms;
}
