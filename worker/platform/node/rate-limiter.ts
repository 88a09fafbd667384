/**
 * The forms' rate limit shared by every process (rate-limiter-flexible on Valkey).
 * While Valkey is away each process counts on its own, so the limit still holds
 * per process rather than vanishing.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimiter } from '../../seams/seams';

export function valkeyRateLimiter(client: Redis, options: { prefix: string; limit: number; periodSeconds: number }): RateLimiter {
  const limits = { points: options.limit, duration: options.periodSeconds };
  const limiter = new RateLimiterRedis({
    storeClient: client,
    keyPrefix: `${options.prefix}limit`,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory(limits),
    ...limits,
  });
  return {
    async limit({ key }) {
      try {
        await limiter.consume(key);
        return { success: true };
      } catch (rejection) {
        // Anything but a counted refusal is the limiter's own trouble, and no reason to turn a patient away.
        return { success: !(rejection instanceof RateLimiterRes) };
      }
    },
  };
}
