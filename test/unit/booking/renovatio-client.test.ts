import { describe, expect, it } from 'vitest';
import { createRenovatioSystem, splitName } from '../../../worker/booking/renovatio/client';
import { failingFetch, failure, fakeFetch, hangingFetch, type Reply } from './fake-fetch';

const KEY = 'renovatio-KEY-73c1e0a9';
const PATIENT = { name: 'Иван Тестов', phone: '+7 (999) 123-45-67', email: 'ivan.testov@example.com', comment: 'Аллергия' };
/** 10:00 in Moscow on 1 December, told in UTC: the client books in the clinic's time whatever offset it is given. */
const APPOINTMENT = { serviceId: '301', staffId: '11', datetime: '2026-12-01T07:00:00Z', lengthSeconds: 1800 };
const NOW = new Date('2026-11-30T09:00:00Z');

function system(replies: Reply[], options: { apiKey?: string; timeoutMs?: number; categoryId?: string; timeZone?: string } = {}) {
  const api = fakeFetch('renovatio', replies);
  const booking = createRenovatioSystem({
    apiUrl: 'https://rnova.test/api/public/',
    clinicId: '1',
    apiKey: options.apiKey ?? KEY,
    categoryId: options.categoryId,
    timeoutMs: options.timeoutMs ?? 1000,
    fetch: api.fetch,
    now: () => NOW,
    timeZone: options.timeZone,
  });
  return { booking, api };
}

const form = (body: string) => Object.fromEntries(new URLSearchParams(body));

/** Books APPOINTMENT and gives its manage link, as the booking page would have it. */
async function booked() {
  const { booking } = system([
    { status: 200, fixture: 'services.json' },
    { status: 200, fixture: 'appointment-created.json' },
  ]);
  return booking.create({ appointment: APPOINTMENT, patient: PATIENT, key: 'k' });
}

describe('Renovatio client: requests and answers', () => {
  it('lists services by a form POST with the api key, each with its price', async () => {
    const { booking, api } = system([{ status: 200, fixture: 'services.json' }]);
    expect(booking.name).toBe('renovatio');
    expect(await booking.services()).toEqual([
      { id: '301', title: 'Консультация дерматолога', priceMin: 2500, priceMax: 2500 },
      { id: '302', title: 'Пилинг', priceMin: 4000, priceMax: 4000 },
      { id: '303', title: 'Осмотр', priceMin: undefined, priceMax: undefined },
    ]);
    const [request] = api.requests;
    expect([request?.method, request?.url.toString()]).toEqual(['POST', 'https://rnova.test/api/public/getServices']);
    expect(request?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(form(request!.body)).toEqual({ api_key: KEY, clinic_id: '1' });
  });

  it('lists the doctors with their names and professions', async () => {
    const { booking, api } = system([{ status: 200, fixture: 'users.json' }]);
    expect(await booking.staff('301')).toEqual([
      { id: '11', name: 'Смирнова Анна Сергеевна', specialization: 'Дерматолог' },
      { id: '12', name: 'Петров Олег', specialization: 'Косметолог, Трихолог' },
    ]);
    expect(api.requests[0]?.url.pathname).toBe('/api/public/getUsers');
  });

  it("gives one doctor's days with a free future slot, asking getSchedule for that doctor and the window explicitly", async () => {
    const { booking, api } = system([{ status: 200, fixture: 'schedule.json' }]);
    expect(await booking.dates({ serviceId: '301', staffId: '11', from: '2026-11-29', to: '2026-12-28' })).toEqual([
      '2026-12-01',
      '2026-12-03',
    ]);
    expect(api.requests[0]?.url.pathname).toBe('/api/public/getSchedule');
    expect(form(api.requests[0]!.body)).toEqual({
      api_key: KEY,
      user_id: '11',
      clinic_id: '1',
      time_start: '29.11.2026 00:00',
      time_end: '28.12.2026 23:59',
      step: '30',
      show_busy: '0',
      show_past: '0',
    });
  });

  it("under «any» asks without user_id and leaves out another clinic's slots and days out of range", async () => {
    const { booking, api } = system([
      { status: 200, fixture: 'schedule.json' },
      { status: 200, fixture: 'users.json' },
    ]);
    expect(await booking.dates({ serviceId: '301', from: '2026-12-02', to: '2026-12-31' })).toEqual(['2026-12-03']);
    expect(form(api.requests[0]!.body)).not.toHaveProperty('user_id');
    expect(form(api.requests[0]!.body)).toMatchObject({ time_start: '02.12.2026 00:00', time_end: '31.12.2026 23:59' });
  });

  it("gives a day's free times earliest first, once each, with the doctor free then", async () => {
    const { booking } = system([
      { status: 200, fixture: 'schedule.json' },
      { status: 200, fixture: 'users.json' },
    ]);
    expect(await booking.times({ serviceId: '301', date: '2026-12-01' })).toEqual([
      { time: '10:00', datetime: '2026-12-01T10:00:00+03:00', staffId: '11', lengthSeconds: 1800 },
      { time: '11:00', datetime: '2026-12-01T11:00:00+03:00', staffId: '12', lengthSeconds: 1800 },
    ]);
  });

  it("gives one doctor's times, reading a time written without its leading zero", async () => {
    const one = system([{ status: 200, fixture: 'schedule.json' }]);
    expect((await one.booking.times({ serviceId: '301', staffId: '12', date: '2026-12-01' })).map((t) => `${t.time} ${t.staffId}`)).toEqual(
      ['10:00 12', '11:00 12'],
    );
    const early = system([{ status: 200, fixture: 'schedule.json' }]);
    expect(await early.booking.times({ serviceId: '301', staffId: '11', date: '2026-12-03' })).toEqual([
      { time: '09:00', datetime: '2026-12-03T09:00:00+03:00', staffId: '11', lengthSeconds: 1800 },
    ]);
  });

  it('an empty schedule has no days', async () => {
    const { booking } = system([
      { status: 200, fixture: 'schedule-empty.json' },
      { status: 200, fixture: 'users.json' },
    ]);
    expect(await booking.dates({ serviceId: '301', from: '2026-12-01', to: '2026-12-31' })).toEqual([]);
  });

  it("checks a time against the doctor's schedule: free passes, busy or absent is taken", async () => {
    await system([{ status: 200, fixture: 'schedule.json' }]).booking.check(APPOINTMENT);
    const busy = { ...APPOINTMENT, datetime: '2026-12-01T10:30:00+03:00' };
    expect((await failure(system([{ status: 200, fixture: 'schedule.json' }]).booking.check(busy))).kind).toBe('taken');
    const absent = { ...APPOINTMENT, datetime: '2026-12-01T12:00:00+03:00' };
    expect((await failure(system([{ status: 200, fixture: 'schedule.json' }]).booking.check(absent))).kind).toBe('taken');
  });

  it("books in the clinic's time with the patient split into names, and signs the manage link", async () => {
    const { booking, api } = system([
      { status: 200, fixture: 'services.json' },
      { status: 200, fixture: 'appointment-created.json' },
    ]);
    const ref = await booking.create({ appointment: APPOINTMENT, patient: PATIENT, key: 'k' });
    expect(ref.id).toBe('98765.202612011000.11.301');
    expect(ref.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(api.requests[1]?.url.pathname).toBe('/api/public/createAppointment');
    expect(form(api.requests[1]!.body)).toEqual({
      api_key: KEY,
      doctor_id: '11',
      clinic_id: '1',
      time_start: '01.12.2026 10:00',
      time_end: '01.12.2026 10:30',
      first_name: 'Иван',
      last_name: 'Тестов',
      mobile: '79991234567',
      email: 'ivan.testov@example.com',
      comment: 'Запись с сайта: Консультация дерматолога\nАллергия',
      check_intersection: '1',
    });
  });

  it('reads and writes the wall clock of a clinic outside Moscow in its own zone (BOOKING_TIMEZONE)', async () => {
    const zone = 'Asia/Yekaterinburg';
    const times = system([{ status: 200, fixture: 'schedule.json' }], { timeZone: zone });
    expect(await times.booking.times({ serviceId: '301', staffId: '11', date: '2026-12-03' })).toEqual([
      { time: '09:00', datetime: '2026-12-03T09:00:00+05:00', staffId: '11', lengthSeconds: 1800 },
    ]);
    // 12:00 in Yekaterinburg is 07:00 UTC: Renovatio is told its own wall clock, and the link carries the same.
    const { booking, api } = system(
      [
        { status: 200, fixture: 'services.json' },
        { status: 200, fixture: 'appointment-created.json' },
      ],
      { timeZone: zone },
    );
    const ref = await booking.create({ appointment: APPOINTMENT, patient: PATIENT, key: 'k' });
    expect(ref.id).toBe('98765.202612011200.11.301');
    expect(form(api.requests[1]!.body)).toMatchObject({ time_start: '01.12.2026 12:00', time_end: '01.12.2026 12:30' });
  });

  it('splits a name of three words as Фамилия Имя Отчество, one word as a first name', () => {
    expect(splitName(' Смирнова  Анна Сергеевна ')).toEqual({ last_name: 'Смирнова', first_name: 'Анна', third_name: 'Сергеевна' });
    expect(splitName('Анна')).toEqual({ first_name: 'Анна' });
  });

  it('reads a booking back from its signed link, with the names looked up', async () => {
    const ref = await booked();
    const { booking, api } = system([
      { status: 200, fixture: 'appointment.json' },
      { status: 200, fixture: 'users.json' },
      { status: 200, fixture: 'services.json' },
    ]);
    expect(await booking.read(ref)).toEqual({
      ...ref,
      datetime: '2026-12-01T10:00:00+03:00',
      staffId: '11',
      staffName: 'Смирнова Анна Сергеевна',
      services: [{ id: '301', title: 'Консультация дерматолога' }],
      deleted: false,
    });
    expect(api.requests[0]?.url.pathname).toBe('/api/public/getAppointment');
    expect(form(api.requests[0]!.body)).toEqual({ api_key: KEY, appointment_id: '98765' });
  });

  it('reads a booking even when the names cannot be looked up', async () => {
    const ref = await booked();
    const { booking } = system([
      { status: 200, fixture: 'appointment.json' },
      { status: 502, fixture: 'bad-gateway-502.html' },
      { status: 502, fixture: 'bad-gateway-502.html' },
    ]);
    expect(await booking.read(ref)).toMatchObject({ datetime: '2026-12-01T10:00:00+03:00', staffId: '11', staffName: undefined });
  });

  it('a tampered id, a tampered hash or another key is not-found, asking Renovatio nothing', async () => {
    const ref = await booked();
    const tampered = [
      { ...ref, id: ref.id.replace('.11.', '.12.') },
      { ...ref, id: ref.id.replace('98765', '98764') },
      { ...ref, hash: `${ref.hash.slice(0, -1)}${ref.hash.endsWith('A') ? 'B' : 'A'}` },
      { ...ref, hash: '' },
    ];
    for (const bad of tampered) {
      const { booking, api } = system([]);
      expect((await failure(booking.read(bad))).kind).toBe('not-found');
      expect((await failure(booking.cancel(bad))).kind).toBe('not-found');
      expect(api.requests).toHaveLength(0);
    }
    const other = system([], { apiKey: 'another-key' });
    expect((await failure(other.booking.read(ref))).kind).toBe('not-found');
  });

  it('cancels the appointment its signed link names', async () => {
    const ref = await booked();
    const { booking, api } = system([
      { status: 200, fixture: 'appointment.json' },
      { status: 200, fixture: 'appointment-cancelled.json' },
    ]);
    await booking.cancel(ref);
    expect(api.requests[1]?.url.pathname).toBe('/api/public/cancelAppointment');
    expect(form(api.requests[1]!.body)).toEqual({ api_key: KEY, appointment_id: '98765' });
  });

  it('has no SMS code and no move', async () => {
    const { booking, api } = system([]);
    expect(booking.capabilities).toEqual({ codes: false, read: true, move: false });
    expect((await failure(booking.sendCode(PATIENT))).kind).toBe('unavailable');
    expect((await failure(booking.move({ id: 'x', hash: 'y' }, '2026-12-02T10:00:00+03:00'))).kind).toBe('unavailable');
    expect(api.requests).toHaveLength(0);
  });
});

describe('Renovatio client: as real accounts answer (docs/booking.md, "What each call answers")', () => {
  it('reads services keyed `service_id`, leaving out an item with no id at all', async () => {
    const { booking } = system([{ status: 200, fixture: 'services-service-id.json' }]);
    expect(await booking.services()).toEqual([
      { id: '301', title: 'Консультация дерматолога', priceMin: 2500, priceMax: 2500 },
      { id: '302', title: 'Пилинг', priceMin: 4000, priceMax: 4000 },
    ]);
  });

  it('offers for a service only the doctors whose `services` name it; a doctor without the field, for every one', async () => {
    const ids = async (serviceId?: string) =>
      (await system([{ status: 200, fixture: 'users-services.json' }]).booking.staff(serviceId)).map((s) => s.id);
    expect(await ids('301')).toEqual(['11', '13']);
    expect(await ids('303')).toEqual(['12', '13']);
    expect(await ids()).toEqual(['11', '12', '13']);
  });

  it('offers a doctor only their services, and every service to a doctor without the field', async () => {
    const titles = async (staffId: string) =>
      (
        await system([
          { status: 200, fixture: 'services.json' },
          { status: 200, fixture: 'users-services.json' },
        ]).booking.services(staffId)
      ).map((s) => s.id);
    expect(await titles('11')).toEqual(['301']);
    expect(await titles('12')).toEqual(['302', '303']);
    expect(await titles('13')).toEqual(['301', '302', '303']);
  });

  it('under «any» offers only the times of the doctors who do the service', async () => {
    const { booking } = system([
      { status: 200, fixture: 'schedule.json' },
      { status: 200, fixture: 'users-services.json' },
    ]);
    // 12 is free at 10:00 and 11:00 too, but does not do 301.
    expect((await booking.times({ serviceId: '301', date: '2026-12-01' })).map((t) => `${t.time} ${t.staffId}`)).toEqual(['10:00 11']);
  });

  it('offers only the times of the category opened for online booking, where the clinic names one', async () => {
    const shown = async (categoryId?: string) =>
      (
        await system([{ status: 200, fixture: 'schedule-categories.json' }], { categoryId }).booking.times({
          serviceId: '301',
          staffId: '11',
          date: '2026-12-01',
        })
      ).map((t) => t.time);
    expect(await shown('7')).toEqual(['14:00']);
    expect(await shown()).toEqual(['10:00', '14:00']);
  });

  it('a refusal under code 500 that is not an intersection is declined (the request form), never taken', async () => {
    const error = await failure(
      system([
        { status: 200, fixture: 'services.json' },
        { status: 200, fixture: 'error-500-other.json' },
      ]).booking.create({ appointment: APPOINTMENT, patient: PATIENT, key: 'k' }),
    );
    expect([error.kind, error.message]).toEqual([
      'declined',
      'declined: Renovatio createAppointment: refused for a reason other than an overlap (code 500)',
    ]);
  });

  it('shows a visit the front desk cancelled as cancelled', async () => {
    const ref = await booked();
    const { booking } = system([
      { status: 200, fixture: 'appointment-refused.json' },
      { status: 200, fixture: 'users.json' },
      { status: 200, fixture: 'services.json' },
    ]);
    expect(await booking.read(ref)).toMatchObject({ datetime: '2026-12-01T10:00:00+03:00', deleted: true });
  });

  it('shows a visit the front desk moved at its new time and doctor, and cancels it there', async () => {
    const ref = await booked();
    const { booking, api } = system([
      { status: 200, fixture: 'appointment-moved.json' },
      { status: 200, fixture: 'users.json' },
      { status: 200, fixture: 'services.json' },
      { status: 200, fixture: 'appointment-moved-here.json' },
    ]);
    expect(await booking.read(ref)).toMatchObject({
      datetime: '2026-12-02T12:30:00+03:00',
      staffId: '12',
      staffName: 'Петров Олег',
      services: [{ id: '301', title: 'Консультация дерматолога' }],
      deleted: false,
    });
    expect(form(api.requests[3]!.body)).toEqual({ api_key: KEY, appointment_id: '98770' });
    const cancelling = system([
      { status: 200, fixture: 'appointment-moved.json' },
      { status: 200, fixture: 'appointment-moved-here.json' },
      { status: 200, fixture: 'appointment-cancelled.json' },
    ]);
    await cancelling.booking.cancel(ref);
    expect(form(cancelling.api.requests[2]!.body)).toEqual({ api_key: KEY, appointment_id: '98770' });
  });

  it.each<[string, Reply]>([
    ['fails', { status: 502, fixture: 'bad-gateway-502.html' }],
    ['answers a shape we do not know', { status: 200, fixture: 'malformed-shape.json' }],
    ['answers an error', { status: 200, fixture: 'error-400-patient.json' }],
    [
      'answers another visit',
      { status: 200, body: '{"error": 0, "data": [{"id": 5, "time_start": "05.12.2026 10:00", "status": "refused"}]}' },
    ],
  ])('shows what the link carries when getAppointment %s', async (_, reply) => {
    const ref = await booked();
    const { booking } = system([reply, { status: 200, fixture: 'users.json' }, { status: 200, fixture: 'services.json' }]);
    expect(await booking.read(ref)).toMatchObject({
      datetime: '2026-12-01T10:00:00+03:00',
      staffId: '11',
      staffName: 'Смирнова Анна Сергеевна',
      deleted: false,
    });
    const cancelling = system([reply, { status: 200, fixture: 'appointment-cancelled.json' }]);
    await cancelling.booking.cancel(ref);
    expect(form(cancelling.api.requests[1]!.body)).toEqual({ api_key: KEY, appointment_id: '98765' });
  });
});

describe('Renovatio client: failures in our words', () => {
  const create = (reply: Reply) =>
    system([{ status: 200, fixture: 'services.json' }, reply]).booking.create({ appointment: APPOINTMENT, patient: PATIENT, key: 'k' });

  it('an overlapping visit (code 500) is taken', async () => {
    expect((await failure(create({ status: 200, fixture: 'error-500-intersection.json' }))).kind).toBe('taken');
  });

  it('a refused key (401) is unavailable and says so', async () => {
    const error = await failure(system([{ status: 200, fixture: 'error-401-auth.json' }]).booking.services());
    expect([error.kind, error.message]).toEqual(['unavailable', 'unavailable: Renovatio getServices: the API key was refused (code 401)']);
  });

  it('code 500 outside createAppointment is unavailable, not taken', async () => {
    expect((await failure(system([{ status: 200, fixture: 'error-500-intersection.json' }]).booking.staff())).kind).toBe('unavailable');
  });

  const UNAVAILABLE: [string, Reply][] = [
    ['another error code', { status: 200, fixture: 'error-400-patient.json' }],
    ['an HTML 502 page', { status: 502, fixture: 'bad-gateway-502.html' }],
    ['an HTML page with 200', { status: 200, fixture: 'bad-gateway-502.html' }],
    ['a body of a shape we do not know', { status: 200, fixture: 'malformed-shape.json' }],
  ];

  it.each(UNAVAILABLE)('%s is unavailable', async (_, reply) => {
    expect((await failure(create(reply))).kind).toBe('unavailable');
  });

  it('a schedule of a shape we do not know is unavailable', async () => {
    const reply = { status: 200, body: '{"error": 0, "data": "closed"}' };
    expect((await failure(system([reply]).booking.dates({ serviceId: '1', from: '2026-12-01', to: '2026-12-31' }))).kind).toBe(
      'unavailable',
    );
  });

  it('a network failure is unavailable', async () => {
    const booking = createRenovatioSystem({ apiUrl: 'https://x.test', clinicId: '1', apiKey: KEY, timeoutMs: 1000, fetch: failingFetch });
    expect(await failure(booking.services())).toMatchObject({
      kind: 'unavailable',
      message: 'unavailable: Renovatio getServices: network error',
    });
  });

  it('a system that never answers is unavailable once timeoutMs is up', async () => {
    const booking = createRenovatioSystem({ apiUrl: 'https://x.test', clinicId: '1', apiKey: KEY, timeoutMs: 50, fetch: hangingFetch });
    const started = Date.now();
    const error = await failure(booking.times({ serviceId: '1', date: '2026-12-01' }));
    expect([error.kind, error.message.includes('timeout')]).toEqual(['unavailable', true]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('no error message holds the key or the patient', async () => {
    const messages: string[] = [];
    for (const reply of [
      { status: 200, fixture: 'error-500-intersection.json' },
      { status: 200, fixture: 'error-500-other.json' },
      { status: 200, fixture: 'error-401-auth.json' },
      ...UNAVAILABLE.map(([, r]) => r),
    ]) {
      const error = await failure(create(reply));
      messages.push(`${error.message} ${error.stack ?? ''}`);
    }
    const secrets = [KEY, '79991234567', '999', 'Иван', 'Тестов', PATIENT.email];
    for (const message of messages) for (const secret of secrets) expect(message).not.toContain(secret);
  });
});
