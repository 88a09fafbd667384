import { expect, it } from 'vitest';
import type { RateLimiter } from '../../../worker/seams/seams';

/**
 * Posts to the forms per visitor and period (seams/seams.ts RateLimiter): `limit` pass, the next is refused, per key.
 * A platform may count in windows aligned to the clock (Workers' binding does): calls that straddle a window's end
 * start a new count, so such a try proves nothing either way. It is tried once more, and the second try, a moment
 * after the first, cannot straddle another end: the case holds wherever the window falls.
 */
export function rateLimiterContract(limiter: () => RateLimiter, limit: number, periodSeconds: number) {
  const windowOf = (ms: number) => Math.floor(ms / (periodSeconds * 1000));

  it(`lets ${limit} calls of one key through in a period and refuses the next, while another key is untouched`, async () => {
    for (let attempt = 1; ; attempt++) {
      const key = `contract-${crypto.randomUUID()}`;
      const startedIn = windowOf(Date.now());
      const allowed: boolean[] = [];
      for (let i = 0; i < limit; i++) allowed.push((await limiter().limit({ key })).success);
      const next = (await limiter().limit({ key })).success;
      if (attempt === 1 && windowOf(Date.now()) !== startedIn) continue;
      expect(allowed).toEqual(Array.from({ length: limit }, () => true));
      expect(next).toBe(false);
      expect((await limiter().limit({ key: `contract-${crypto.randomUUID()}` })).success).toBe(true);
      return;
    }
  });
}
