import { expect, it } from 'vitest';
import type { RateLimiter } from '../../../worker/platform/seams';

/** Posts to the forms per visitor and period (platform/seams.ts RateLimiter): `limit` pass, the next is refused, per key. */
export function rateLimiterContract(limiter: () => RateLimiter, limit: number) {
  it(`lets ${limit} calls of one key through in a period and refuses the next, while another key is untouched`, async () => {
    const key = `contract-${crypto.randomUUID()}`;
    for (let i = 0; i < limit; i++) expect(await limiter().limit({ key })).toEqual({ success: true });
    expect((await limiter().limit({ key })).success).toBe(false);
    expect((await limiter().limit({ key: `contract-${crypto.randomUUID()}` })).success).toBe(true);
  });
}
