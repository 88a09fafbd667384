/**
 * The hold of a booking time (docs/booking.md, "Never two patients in one slot"; booking/hold.ts), on both targets: a
 * Durable Object per time on Workers, a Valkey key on Node. While one visitor types the SMS code, another of our
 * visitors who chose the same time is told it was taken, before any code is sent to them, and the first still books it.
 */
import { beforeEach, expect, it } from 'vitest';
import { STAFF, chooseTime, personFields, postForm } from '../booking-walk';
import { control, freshStart, siteBindings } from '../helpers';

beforeEach(freshStart);

const post = (fields: Record<string, string>) => postForm('/booking.html', fields);
const visitor = (query: URLSearchParams, key: string, name: string, phone: string, extra: Record<string, string>) =>
  personFields(query, key, { name, phone, ...extra });

it('gives the code step for one time to one visitor: the second is told it was taken, the first books it', async () => {
  expect(siteBindings.SLOT_HOLDS).toBeDefined();
  const a = await chooseTime();
  const b = await chooseTime();
  // The same time, two visitors, two attempts.
  expect(b.query.toString()).toBe(a.query.toString());
  expect(b.key).not.toBe(a.key);

  const askedA = await post(visitor(a.query, a.key, 'Анна Петрова', '+7 (999) 123-45-67', { action: 'code' }));
  expect(askedA.status).toBe(200);
  expect(askedA.html).toContain('Код из СМС');

  const askedB = await post(visitor(b.query, b.key, 'Борис Смирнов', '+7 (999) 765-43-21', { action: 'code' }));
  expect(askedB.status).toBe(409);
  expect(askedB.html).toContain('Это время только что заняли');
  expect(askedB.html).toContain('Борис Смирнов');
  // B was sent no code: only A's phone has one. The time is A's attempt's, under the staff and the time.
  expect((await control.schedule.state()).codes).toHaveLength(1);
  const holds = siteBindings.SLOT_HOLDS!;
  const slot = `${STAFF}|${a.query.get('date')}T${a.query.get('time')}:00+03:00`;
  expect(await holds.hold(slot, 'someone-else', 1_000)).toBe(false);

  const code = await control.schedule.lastCode('79991234567');
  expect(code).toMatch(/^\d{4}$/);
  const booked = await post(visitor(a.query, a.key, 'Анна Петрова', '+7 (999) 123-45-67', { action: 'book', code: code! }));
  expect(booked.status).toBe(303);
  expect(booked.location).toMatch(/^\/booking\/manage\?id=\d+&hash=[\w-]+&fresh=1$/);
  const { bookings } = await control.schedule.state();
  expect(bookings).toHaveLength(1);
  expect(bookings[0]).toMatchObject({ staffId: Number(STAFF), apiId: a.key });

  // Booked, the hold is freed: the time is the schedule's to guard now.
  expect(await holds.hold(slot, 'someone-else', 1_000)).toBe(true);
  await holds.release(slot, 'someone-else');
});
