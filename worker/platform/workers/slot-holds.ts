/**
 * The SlotHolds seam on Cloudflare (seams/seams.ts; docs/booking.md, "Never two patients in one slot"): each booking
 * time is one Durable Object (slot-hold.ts), found by its name `<staff>|<time>` and called over RPC. This file only
 * imports the class's type, so that the Node project's tests, which build the Workers platform too, never load
 * `cloudflare:workers`' DurableObject.
 */
import type { SlotHolds } from '../../seams/seams';
import type { SlotHold } from './slot-hold';

export type SlotHoldNamespace = DurableObjectNamespace<SlotHold>;

export const isSlotHoldNamespace = (value: unknown): value is SlotHoldNamespace =>
  typeof value === 'object' && value !== null && typeof (value as { idFromName?: unknown }).idFromName === 'function';

export function durableSlotHolds(namespace: SlotHoldNamespace): SlotHolds {
  const stub = (slot: string) => namespace.get(namespace.idFromName(slot));
  return {
    hold: (slot, holder, ms) => stub(slot).hold(holder, ms),
    async release(slot, holder) {
      await stub(slot).release(holder);
    },
  };
}
