/**
 * The hold of a booking time (docs/booking.md, "Never two patients in one slot"; booking/hold.ts), on both targets: a
 * Durable Object per time on Workers, a Valkey key on Node. While one visitor types the SMS code, another of our
 * visitors who chose the same time is told it was taken, before any code is sent to them, and the first still books it;
 * a move's new time is held the same way.
 */
import { beforeEach, expect, it } from 'vitest';
import { STAFF, chooseTime, links, personFields, postForm } from '../booking-walk';
import { control, freshStart, page, siteBindings } from '../helpers';

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

it('frees an attempt’s hold once the schedule refuses its time, and no longer offers that time from the kept ones', async () => {
  const a = await chooseTime();
  const slot = `${STAFF}|${a.query.get('date')}T${a.query.get('time')}:00+03:00`;
  const asked = await post(visitor(a.query, a.key, 'Анна Петрова', '+7 (999) 123-45-67', { action: 'code' }));
  expect(asked.status).toBe(200);
  expect(await siteBindings.SLOT_HOLDS!.hold(slot, 'someone-else', 1_000)).toBe(false);
  // The front desk books the time meanwhile; the patient's code then meets the schedule's refusal.
  await control.schedule.take({ staffId: Number(STAFF), datetime: `${a.query.get('date')}T${a.query.get('time')}:00+03:00` });
  const code = await control.schedule.lastCode('79991234567');
  const refused = await post(visitor(a.query, a.key, 'Анна Петрова', '+7 (999) 123-45-67', { action: 'book', code: code! }));
  expect(refused.status).toBe(409);
  expect(refused.html).toContain('Это время только что заняли');
  // Nobody holds a time nobody can book: another visitor is not told «taken» by our hold for five minutes.
  expect(await siteBindings.SLOT_HOLDS!.hold(slot, 'someone-else', 1_000)).toBe(true);
  await siteBindings.SLOT_HOLDS!.release(slot, 'someone-else');
  // The day's kept times were asked anew: the refused time is not offered to the next visitor.
  const times = await page(`/booking.html?service=${a.query.get('service')}&doctor=${STAFF}&date=${a.query.get('date')}`);
  const offered = links(times.html, /class="booking-time" href="([^"]+)"/g).map((href) =>
    new URL(href, 'http://x').searchParams.get('time'),
  );
  expect(offered).not.toContain(a.query.get('time'));
});

it('holds the new time of a move as a new booking’s: a time another visitor holds sends the move back to the times', async () => {
  const noCodes = { BOOKING_SMS_CODE: 'false' };
  await control.schedule.settings({ codes: false });
  // A day after the first: the move needs a second free time that day, and late in the day today may have one left.
  const { query, key } = await chooseTime(STAFF, noCodes, 1);
  const made = await postForm('/booking.html', personFields(query, key, { action: 'book' }), noCodes);
  const ref = Object.fromEntries(new URL(made.location!, 'http://x').searchParams);
  // Another free time of the same day, which another visitor of the site is typing a code for.
  const times = await page(`/booking.html?service=${query.get('service')}&doctor=${STAFF}&date=${query.get('date')}`, noCodes);
  const other = links(times.html, /class="booking-time" href="([^"]+)"/g)
    .map((href) => new URL(href, 'http://x').searchParams.get('time')!)
    .find((time) => time !== query.get('time'));
  expect(other, 'a second free time that day').toBeDefined();
  const datetime = `${query.get('date')}T${other}:00+03:00`;
  expect(await siteBindings.SLOT_HOLDS!.hold(`${STAFF}|${datetime}`, 'another-visitor', 60_000)).toBe(true);
  const moved = await postForm('/booking/manage', { id: ref.id!, hash: ref.hash!, action: 'move', datetime, staff: STAFF }, noCodes);
  expect(moved.status).toBe(303);
  expect(moved.location).toMatch(/^\/booking\.html\?move=/);
  const [booking] = (await control.schedule.state()).bookings;
  expect(booking!.datetime).toBe(`${query.get('date')}T${query.get('time')}:00+03:00`);
  await siteBindings.SLOT_HOLDS!.release(`${STAFF}|${datetime}`, 'another-visitor');
});
