/**
 * Booking times held in Valkey while a patient types the SMS code (seams/seams.ts SlotHolds, docs/booking.md):
 * one key per time, `<prefix>hold:<slot>`, whose value is the holder and which lapses by itself (`PX`). Taking and
 * freeing are each one Lua script, so that no other process's command falls between the look at the holder and the
 * write: a hold that lapsed a moment ago and was taken by someone else is never extended or deleted by its old holder.
 */
import type { Redis } from 'ioredis';
import type { SlotHolds } from '../../seams/seams';

/** Taken when free (`SET NX PX`); when already the holder's, held `ms` from now; 1 held, 0 another holds it. */
const HOLD = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;

/** Deleted only when the holder is the one asking. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

export function valkeySlotHolds(valkey: Redis, options: { prefix: string }): SlotHolds {
  const key = (slot: string) => `${options.prefix}hold:${slot}`;
  return {
    async hold(slot, holder, ms) {
      return (await valkey.eval(HOLD, 1, key(slot), holder, Math.max(1, Math.round(ms)))) === 1;
    },
    async release(slot, holder) {
      await valkey.eval(RELEASE, 1, key(slot), holder);
    },
  };
}
