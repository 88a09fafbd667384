/**
 * The schedule's answers through the shared store (docs/booking.md, "Caching"): free times at most a minute old,
 * the lists of services and specialists ten minutes fresh and then answered at once while refreshed, one answer per
 * request for each call, and a failure not kept.
 */
import { describe, expect, it } from 'vitest';
import type { BookingSystem, FreeTime } from '../../../worker/booking/booking-system';
import { createSchedule } from '../../../worker/booking/schedule';
import type { KeyValueStore } from '../../../worker/seams/seams';

function memoryStore(): KeyValueStore {
  const values = new Map<string, string>();
  return {
    get: (async (key: string, type?: 'json') => {
      const value = values.get(key) ?? null;
      return type === 'json' && value !== null ? JSON.parse(value) : value;
    }) as KeyValueStore['get'],
    getWithMetadata: async () => ({ value: null, metadata: null }),
    put: async (key, value) => void values.set(key, value),
    delete: async (key) => void values.delete(key),
    list: async () => ({ keys: [...values.keys()].map((name) => ({ name })), list_complete: true }),
  };
}

/** A system that counts its calls and answers the round it is in. */
function countingSystem() {
  const calls = { staff: 0, times: 0, dates: 0 };
  let round = 1;
  let failing = false;
  const system = {
    name: 'yclients',
    capabilities: { codes: true, read: true, move: true },
    staff: async () => {
      calls.staff++;
      if (failing) throw new Error('down');
      return [{ id: String(round), name: `Врач ${round}` }];
    },
    times: async (): Promise<FreeTime[]> => {
      calls.times++;
      return [{ time: '12:00', datetime: `2026-12-01T12:00:00+03:00`, staffId: String(round) }];
    },
    dates: async () => {
      calls.dates++;
      return ['2026-12-01'];
    },
  } as unknown as BookingSystem;
  return { system, calls, next: () => round++, fail: (on: boolean) => (failing = on) };
}

describe('the schedule through the store', () => {
  it('answers the lists from the store for ten minutes, then at once while it fetches them anew', async () => {
    const store = memoryStore();
    const fake = countingSystem();
    let clock = 0;
    const pending: Promise<unknown>[] = [];
    const request = () => createSchedule({ system: fake.system, store, account: '1', now: () => clock, waitUntil: (p) => pending.push(p) });
    expect((await request().staff())[0]?.name).toBe('Врач 1');
    await Promise.all(pending);
    fake.next();
    clock = 9 * 60_000;
    expect((await request().staff())[0]?.name).toBe('Врач 1');
    expect(fake.calls.staff).toBe(1);
    clock = 11 * 60_000;
    // Stale: the kept list at once, the new one fetched beside.
    expect((await request().staff())[0]?.name).toBe('Врач 1');
    await Promise.all(pending);
    expect(fake.calls.staff).toBe(2);
    expect((await request().staff())[0]?.name).toBe('Врач 2');
  });

  it('asks for free times again after a minute, and a request asks each only once', async () => {
    const store = memoryStore();
    const fake = countingSystem();
    let clock = 0;
    const schedule = createSchedule({ system: fake.system, store, account: '1', now: () => clock });
    const query = { serviceId: '1', staffId: '1', date: '2026-12-01' };
    await Promise.all([schedule.times(query), schedule.times(query)]);
    await schedule.times(query);
    expect(fake.calls.times).toBe(1);
    clock = 61_000;
    await createSchedule({ system: fake.system, store, account: '1', now: () => clock }).times(query);
    expect(fake.calls.times).toBe(2);
  });

  it('keeps no failure: the same request asks again', async () => {
    const fake = countingSystem();
    const schedule = createSchedule({ system: fake.system, store: memoryStore(), account: '1' });
    fake.fail(true);
    await expect(schedule.staff()).rejects.toThrow('down');
    fake.fail(false);
    await expect(schedule.staff()).resolves.toHaveLength(1);
  });

  it('forgets at once, after a booking, the times of that specialist and day for every service, the «any» times of that day and the days of both', async () => {
    const store = memoryStore();
    const fake = countingSystem();
    let clock = 1_000;
    const request = () => createSchedule({ system: fake.system, store, account: '1', now: () => clock });
    const day = (serviceId: string, staffId: string | undefined, date = '2026-12-01') => ({ serviceId, staffId, date });
    const asked = [
      day('1', '7'),
      day('2', '7'),
      day('1', undefined),
      day('2', undefined),
      day('1', '8'),
      day('1', '7', '2026-12-02'),
      day('1', undefined, '2026-12-02'),
    ];
    const ask = async () => {
      const schedule = request();
      await Promise.all(asked.map((query) => schedule.times(query)));
      await schedule.dates({ serviceId: '1', staffId: '7', from: '2026-12-01', to: '2026-12-30' });
      await schedule.dates({ serviceId: '1', staffId: '8', from: '2026-12-01', to: '2026-12-30' });
    };
    await ask();
    expect(fake.calls).toMatchObject({ times: 7, dates: 2 });
    clock += 10;
    await ask();
    expect(fake.calls).toMatchObject({ times: 7, dates: 2 });

    clock += 10;
    await request().forgetTimes({ staffId: '7', datetime: '2026-12-01T12:00:00+03:00' });
    clock += 10;
    await ask();
    // Specialist 7 on the 1st for both services and the two «any» lists of the 1st; the 7th's days too. Nothing else.
    expect(fake.calls).toMatchObject({ times: 11, dates: 3 });
    clock += 10;
    await ask();
    expect(fake.calls).toMatchObject({ times: 11, dates: 3 });
  });

  it("forgets an answer asked before the booking even when it is kept after it, and this request's own answers", async () => {
    const store = memoryStore();
    const fake = countingSystem();
    let clock = 1_000;
    const query = { serviceId: '1', staffId: '7', date: '2026-12-01' };
    const pending: Promise<unknown>[] = [];
    const slow = createSchedule({ system: fake.system, store, account: '1', now: () => clock, waitUntil: (p) => pending.push(p) });
    const asking = slow.times(query);
    clock += 10;
    await createSchedule({ system: fake.system, store, account: '1', now: () => clock }).forgetTimes({
      staffId: '7',
      datetime: '2026-12-01T09:00:00+03:00',
    });
    clock += 10;
    await asking;
    await Promise.all(pending);
    expect(fake.calls.times).toBe(1);
    await createSchedule({ system: fake.system, store, account: '1', now: () => clock }).times(query);
    expect(fake.calls.times).toBe(2);

    const booking = createSchedule({ system: fake.system, store, account: '1', now: () => clock });
    clock += 10;
    await booking.times(query);
    expect(fake.calls.times).toBe(2);
    await booking.forgetTimes({ staffId: '7', datetime: '2026-12-01T18:30:00+03:00' });
    clock += 10;
    await booking.times(query);
    expect(fake.calls.times).toBe(3);
  });

  it('never fails a booking made because the store cannot keep the mark', async () => {
    const store: KeyValueStore = { ...memoryStore(), put: () => Promise.reject(new Error('store down')) };
    const schedule = createSchedule({ system: countingSystem().system, store, account: '1' });
    await expect(schedule.forgetTimes({ staffId: '7', datetime: '2026-12-01T12:00:00+03:00' })).resolves.toBeUndefined();
  });
});
