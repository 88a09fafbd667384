/**
 * What the SlotHolds contract (test/contracts/cases/slot-holds.ts) cannot see on Workers: each booking time is a
 * Durable Object (worker/platform/workers/slot-hold.ts), which Cloudflare may evict at any moment. A hold outlives
 * its object's eviction and still lapses by the clock, and a lapsed hold leaves nothing stored once its alarm ran.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import type { SlotHold } from '../../worker/platform/workers/slot-hold';
import { durableSlotHolds } from '../../worker/platform/workers/slot-holds';

const namespace = (env as unknown as { SLOT_HOLDS: DurableObjectNamespace<SlotHold> }).SLOT_HOLDS;
const holds = durableSlotHolds(namespace);
const slot = () => `object-${crypto.randomUUID()}|2026-12-01T12:00:00+03:00`;
const stubOf = (time: string) => namespace.get(namespace.idFromName(time));
const stored = (time: string) => runInDurableObject(stubOf(time), (_object, state) => [...state.storage.kv.list()].length);

it('keeps a hold across its object’s eviction, for its holder only', async () => {
  const time = slot();
  expect(await holds.hold(time, 'attempt-a', 60_000)).toBe(true);
  await evictDurableObject(stubOf(time));
  expect(await holds.hold(time, 'attempt-b', 60_000)).toBe(false);
  expect(await holds.hold(time, 'attempt-a', 60_000)).toBe(true);
  await evictDurableObject(stubOf(time));
  await holds.release(time, 'attempt-a');
  expect(await holds.hold(time, 'attempt-b', 60_000)).toBe(true);
});

it('lets a hold lapse by the clock though its object was evicted, and its alarm leaves nothing stored', async () => {
  const time = slot();
  expect(await holds.hold(time, 'attempt-a', 200)).toBe(true);
  await evictDurableObject(stubOf(time));
  await expect.poll(() => holds.hold(time, 'attempt-b', 200), { timeout: 5_000, interval: 50 }).toBe(true);
  // attempt-b's hold, lapsed in turn: the alarm at its end deletes it (run now if workerd has not yet).
  await expect.poll(async () => (await runDurableObjectAlarm(stubOf(time)), stored(time)), { timeout: 5_000, interval: 50 }).toBe(0);
});

it('keeps a hold extended after its alarm was set: the alarm looks again and leaves it', async () => {
  const time = slot();
  expect(await holds.hold(time, 'attempt-a', 60_000)).toBe(true);
  await runDurableObjectAlarm(stubOf(time));
  expect(await holds.hold(time, 'attempt-b', 60_000)).toBe(false);
  expect(await stored(time)).toBe(1);
});
