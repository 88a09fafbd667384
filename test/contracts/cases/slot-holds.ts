import { expect, it } from 'vitest';
import type { SlotHolds } from '../../../worker/seams/seams';

/**
 * Booking times held while a patient types the SMS code (seams/seams.ts SlotHolds, docs/booking.md): one holder
 * at a time, the same holder may hold again, a hold lapses after its `ms`, and only its holder frees it.
 */
export function slotHoldsContract(holds: () => SlotHolds) {
  const slot = () => `contract-${crypto.randomUUID()}|2026-12-01T12:00:00+03:00`;
  const MINUTE = 60_000;

  it('holds a free time for one holder, who may hold it again, and refuses another while it lasts', async () => {
    const time = slot();
    expect(await holds().hold(time, 'attempt-a', MINUTE)).toBe(true);
    expect(await holds().hold(time, 'attempt-a', MINUTE)).toBe(true);
    expect(await holds().hold(time, 'attempt-b', MINUTE)).toBe(false);
    // Another time is free all the same.
    expect(await holds().hold(slot(), 'attempt-b', MINUTE)).toBe(true);
  });

  it('lets a hold lapse after its ms, counted from the last hold by its holder', async () => {
    const time = slot();
    expect(await holds().hold(time, 'attempt-a', MINUTE)).toBe(true);
    // Held again by its holder for 200 ms: from now on, the minute given first no longer counts.
    expect(await holds().hold(time, 'attempt-a', 200)).toBe(true);
    expect(await holds().hold(time, 'attempt-b', MINUTE)).toBe(false);
    await expect.poll(() => holds().hold(time, 'attempt-b', MINUTE), { timeout: 5_000, interval: 50 }).toBe(true);
    expect(await holds().hold(time, 'attempt-a', MINUTE)).toBe(false);
  });

  it('is freed by its holder only: a stranger’s release leaves it held', async () => {
    const time = slot();
    expect(await holds().hold(time, 'attempt-a', MINUTE)).toBe(true);
    await holds().release(time, 'attempt-b');
    expect(await holds().hold(time, 'attempt-b', MINUTE)).toBe(false);
    await holds().release(time, 'attempt-a');
    expect(await holds().hold(time, 'attempt-b', MINUTE)).toBe(true);
    // Freeing a time nobody holds is no error.
    await holds().release(slot(), 'attempt-a');
  });
}
