import { describe, expect, it } from 'vitest';
import type { BookingFailureKind } from '../../../worker/booking/booking-system';
import { createYclientsSystem } from '../../../worker/booking/yclients/client';
import { failingFetch, failure, fakeFetch, hangingFetch, type Reply } from './fake-fetch';

const PARTNER = 'partner-SECRET-4f1a7c';
const USER = 'user-SECRET-9b2c0d';
const PATIENT = { name: 'Иван Тестов', phone: '+7 (999) 123-45-67', email: 'ivan.testov@example.com', comment: 'Аллергия' };
const APPOINTMENT = { serviceId: '102', staffId: '7', datetime: '2026-12-01T12:00:00+03:00' };
const REF = { id: '55501', hash: '8f2c1e9a7b6d4c3e' };

function system(replies: Reply[], options: { userToken?: string; codes?: boolean; timeoutMs?: number; timeZone?: string } = {}) {
  const api = fakeFetch('yclients', replies);
  const booking = createYclientsSystem({
    apiUrl: 'https://api.yclients.test/api/v1/',
    companyId: '4564',
    partnerToken: PARTNER,
    userToken: options.userToken,
    timeoutMs: options.timeoutMs ?? 1000,
    codes: options.codes ?? true,
    timeZone: options.timeZone,
    fetch: api.fetch,
  });
  return { booking, api };
}

const json = (text: string): unknown => JSON.parse(text);

/** A system on a fetch of the test's own, with no recorded answers. */
const bare = (doFetch: typeof fetch, timeoutMs: number) =>
  createYclientsSystem({ apiUrl: 'https://x.test', companyId: '1', partnerToken: PARTNER, timeoutMs, codes: true, fetch: doFetch });

describe('YCLIENTS client: requests and answers', () => {
  it('lists services with the v2 Accept and the partner token alone', async () => {
    const { booking, api } = system([{ status: 200, fixture: 'services.json' }]);
    expect(booking.name).toBe('yclients');
    expect(await booking.services()).toEqual([
      { id: '101', title: 'Консультация косметолога', priceMin: 2500, priceMax: 2500, durationSeconds: 1800 },
      { id: '102', title: 'Чистка лица', priceMin: 4000, priceMax: 6000, durationSeconds: 3600 },
      { id: '103', title: 'Осмотр', priceMin: undefined, priceMax: undefined, durationSeconds: 900 },
    ]);
    const [request] = api.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url.origin + request!.url.pathname).toBe('https://api.yclients.test/api/v1/book_services/4564');
    expect(request?.headers.get('accept')).toBe('application/vnd.yclients.v2+json');
    expect(request?.headers.get('authorization')).toBe(`Bearer ${PARTNER}`);
    expect(request?.headers.get('content-type')).toBeNull();
  });

  it('sends the user token beside the partner token when it has one', async () => {
    const { booking, api } = system([{ status: 200, fixture: 'services.json' }], { userToken: USER });
    await booking.services();
    expect(api.requests[0]?.headers.get('authorization')).toBe(`Bearer ${PARTNER}, User ${USER}`);
  });

  it('lists the staff of a service and leaves out who is not bookable', async () => {
    const { booking, api } = system([{ status: 200, fixture: 'staff.json' }]);
    expect(await booking.staff('102')).toEqual([
      { id: '7', name: 'Анна Смирнова', specialization: 'Врач-косметолог' },
      { id: '8', name: 'Ольга Петрова', specialization: undefined },
    ]);
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/book_staff/4564');
    expect(api.requests[0]?.url.searchParams.getAll('service_ids[]')).toEqual(['102']);
  });

  it('asks for the days of a service and specialist and keeps those in range, in order', async () => {
    const { booking, api } = system([{ status: 200, fixture: 'dates.json' }]);
    expect(await booking.dates({ serviceId: '102', staffId: '7', from: '2026-12-01', to: '2026-12-10' })).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    const query = api.requests[0]!.url.searchParams;
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/book_dates/4564');
    expect([query.getAll('service_ids[]'), query.get('staff_id'), query.get('date_from'), query.get('date_to')]).toEqual([
      ['102'],
      '7',
      '2026-12-01',
      '2026-12-10',
    ]);
  });

  it('asks for any specialist without a staff_id', async () => {
    const { booking, api } = system([{ status: 200, fixture: 'dates.json' }]);
    expect(await booking.dates({ serviceId: '102', from: '2026-12-02', to: '2026-12-31' })).toEqual([
      '2026-12-02',
      '2026-12-03',
      '2026-12-20',
    ]);
    expect(api.requests[0]?.url.searchParams.has('staff_id')).toBe(false);
  });

  it("gives one specialist's times earliest first, each with that specialist", async () => {
    const { booking, api } = system([{ status: 200, fixture: 'times.json' }]);
    expect(await booking.times({ serviceId: '102', staffId: '7', date: '2026-12-01' })).toEqual([
      { time: '12:00', datetime: '2026-12-01T12:00:00+03:00', staffId: '7', lengthSeconds: 3600 },
      { time: '13:00', datetime: '2026-12-01T13:00:00+03:00', staffId: '7', lengthSeconds: 3600 },
    ]);
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/book_times/4564/7/2026-12-01');
    expect(api.requests[0]?.url.searchParams.getAll('service_ids[]')).toEqual(['102']);
  });

  it('asks staff 0 for any specialist, and reads a datetime sent as unix seconds', async () => {
    const { booking, api } = system([{ status: 200, fixture: 'times-unix-seconds.json' }]);
    expect(await booking.times({ serviceId: '102', date: '2026-12-01' })).toEqual([
      { time: '12:00', datetime: '2026-12-01T12:00:00+03:00', staffId: undefined, lengthSeconds: 3600 },
    ]);
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/book_times/4564/0/2026-12-01');
  });

  it('sends the code request with the phone as digits and the name', async () => {
    const { booking, api } = system([{ status: 201, fixture: 'code-sent.json' }]);
    await booking.sendCode(PATIENT);
    const [request] = api.requests;
    expect([request?.method, request?.url.pathname]).toEqual(['POST', '/api/v1/book_code/4564']);
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(json(request!.body)).toEqual({ phone: '79991234567', fullname: 'Иван Тестов' });
  });

  it('sends no code where phone confirmation is off', async () => {
    const { booking, api } = system([], { codes: false });
    expect(booking.capabilities).toEqual({ codes: false, read: true, move: false });
    expect((await failure(booking.sendCode(PATIENT))).kind).toBe('unavailable');
    expect(api.requests).toHaveLength(0);
  });

  it('checks a time with one appointment of numeric ids', async () => {
    const { booking, api } = system([{ status: 201, fixture: 'check-bookable.json' }]);
    await booking.check(APPOINTMENT);
    expect(api.requests[0]?.url.pathname).toBe('/api/v1/book_check/4564');
    expect(json(api.requests[0]!.body)).toEqual({
      appointments: [{ id: 1, services: [102], staff_id: 7, datetime: '2026-12-01T12:00:00+03:00' }],
    });
  });

  it('books with the key as api_id and answers the record id and hash', async () => {
    const { booking, api } = system([{ status: 201, fixture: 'record-created.json' }]);
    const ref = await booking.create({ appointment: APPOINTMENT, patient: PATIENT, code: '1234', key: 'attempt-42' });
    expect(ref).toEqual({ id: '55501', hash: '8f2c1e9a7b6d4c3e' });
    const [request] = api.requests;
    expect([request?.method, request?.url.pathname]).toEqual(['POST', '/api/v1/book_record/4564']);
    expect(json(request!.body)).toEqual({
      phone: '79991234567',
      fullname: 'Иван Тестов',
      email: 'ivan.testov@example.com',
      code: '1234',
      comment: 'Аллергия',
      api_id: 'attempt-42',
      notify_by_sms: 24,
      appointments: [{ id: 1, services: [102], staff_id: 7, datetime: '2026-12-01T12:00:00+03:00' }],
    });
  });

  it('reads a booking by id and hash', async () => {
    const { booking, api } = system([{ status: 200, fixture: 'record.json' }]);
    expect(await booking.read(REF)).toEqual({
      ...REF,
      datetime: '2026-12-01T12:00:00+03:00',
      staffId: '7',
      staffName: 'Анна Смирнова',
      services: [{ id: '102', title: 'Чистка лица', price: 5000 }],
      deleted: false,
    });
    expect([api.requests[0]?.method, api.requests[0]?.url.pathname]).toEqual(['GET', '/api/v1/book_record/4564/55501/8f2c1e9a7b6d4c3e']);
  });

  it('reads a cancelled booking, its time in unix seconds', async () => {
    const { booking } = system([{ status: 200, fixture: 'record-deleted.json' }]);
    const record = await booking.read(REF);
    expect([record.deleted, record.datetime]).toEqual([true, '2026-12-01T12:00:00+03:00']);
  });

  it('moves after proving the hash by a read, keeping the comment', async () => {
    const { booking, api } = system(
      [
        { status: 200, fixture: 'record.json' },
        { status: 200, fixture: 'record-moved.json' },
      ],
      { userToken: USER },
    );
    expect(booking.capabilities.move).toBe(true);
    await booking.move(REF, '2026-12-02T15:00:00+03:00');
    expect(api.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
      'GET /api/v1/book_record/4564/55501/8f2c1e9a7b6d4c3e',
      'PUT /api/v1/book_record/4564/55501',
    ]);
    expect(json(api.requests[1]!.body)).toEqual({ datetime: '2026-12-02T15:00:00+03:00', comment: 'Первый визит' });
    // "partner + user": the PUT carries both tokens.
    expect(api.requests[1]?.headers.get('authorization')).toBe(`Bearer ${PARTNER}, User ${USER}`);
  });

  it('does not offer a move in place without a user token, and sends no PUT with the partner token alone', async () => {
    const { booking, api } = system([]);
    expect(booking.capabilities.move).toBe(false);
    expect((await failure(booking.move(REF, '2026-12-02T15:00:00+03:00'))).kind).toBe('unavailable');
    expect(api.requests).toHaveLength(0);
  });

  it('a move refused for want of the user token is unavailable, never taken', async () => {
    const { booking } = system(
      [
        { status: 200, fixture: 'record.json' },
        { status: 401, fixture: 'error-401-no-user-token.json' },
      ],
      { userToken: USER },
    );
    expect((await failure(booking.move(REF, '2026-12-02T15:00:00+03:00'))).kind).toBe('unavailable');
  });

  it('does not move a booking whose hash is wrong or which is cancelled', async () => {
    const wrong = system([{ status: 404, fixture: 'error-404-record.json' }], { userToken: USER });
    expect((await failure(wrong.booking.move(REF, '2026-12-02T15:00:00+03:00'))).kind).toBe('not-found');
    expect(wrong.api.requests).toHaveLength(1);
    const gone = system([{ status: 200, fixture: 'record-deleted.json' }], { userToken: USER });
    expect((await failure(gone.booking.move(REF, '2026-12-02T15:00:00+03:00'))).kind).toBe('not-found');
    expect(gone.api.requests).toHaveLength(1);
  });

  it('cancels by DELETE user/records/{id}/{hash}, which may answer 204', async () => {
    const { booking, api } = system([{ status: 204 }]);
    await booking.cancel(REF);
    expect([api.requests[0]?.method, api.requests[0]?.url.pathname]).toEqual(['DELETE', '/api/v1/user/records/55501/8f2c1e9a7b6d4c3e']);
  });

  it.each([
    ['403 with a message', { status: 403, fixture: 'error-403-cancel-refused.json' }],
    ['422 with a message', { status: 422, fixture: 'error-422-cancel-too-late.json' }],
  ] as [string, Reply][])('a cancel refused by the company (%s) is cancel-refused; 404 stays not-found', async (_, reply) => {
    expect((await failure(system([reply]).booking.cancel(REF))).kind).toBe('cancel-refused');
    expect((await failure(system([{ status: 404, fixture: 'error-404-record.json' }]).booking.cancel(REF))).kind).toBe('not-found');
  });
});

describe('YCLIENTS client: times in any offset', () => {
  it.each([
    ['+0000', 'record-utc.json'],
    ['-0500', 'record-minus-0500.json'],
    ['+03:00', 'record.json'],
  ])('reads a booking written in %s as the same instant on the clinic’s clock', async (_, file) => {
    const record = await system([{ status: 200, fixture: file }]).booking.read(REF);
    expect(record.datetime).toBe('2026-12-01T12:00:00+03:00');
  });

  it('tells a booking on the clock of the company’s own zone', async () => {
    const record = await system([{ status: 200, fixture: 'record-utc.json' }], { timeZone: 'Asia/Yekaterinburg' }).booking.read(REF);
    expect(record.datetime).toBe('2026-12-01T14:00:00+05:00');
  });

  it('gives free times written in any offset by their instant, not by the digits of `time` or of the string', async () => {
    const { booking } = system([{ status: 200, fixture: 'times-offsets.json' }]);
    const noon = { time: '12:00', datetime: '2026-12-01T12:00:00+03:00', staffId: '7', lengthSeconds: 3600 };
    // 09:00 UTC, 04:00 at -05:00 and 12:00 Moscow are one instant: noon at the clinic, whatever `time` says.
    expect(await booking.times({ serviceId: '102', staffId: '7', date: '2026-12-01' })).toEqual([noon, noon, noon]);
  });
});

describe('YCLIENTS client: failures in our words', () => {
  const CODES: [string, BookingFailureKind][] = [
    ['error-431-bad-phone.json', 'bad-phone'],
    ['error-432-wrong-code.json', 'wrong-code'],
    ['error-433-time-taken.json', 'taken'],
    ['error-434-blacklisted.json', 'refused'],
    ['error-435-no-name.json', 'no-name'],
    ['error-436-no-staff.json', 'taken'],
    ['error-437-overlap.json', 'own-visit'],
    ['error-438-service-removed.json', 'service-gone'],
  ];

  it.each(CODES)('%s → %s', async (file, kind) => {
    const { booking } = system([{ status: 422, fixture: file }]);
    expect((await failure(booking.create({ appointment: APPOINTMENT, patient: PATIENT, key: 'k' }))).kind).toBe(kind);
  });

  it.each([
    ['book_check', (b: ReturnType<typeof system>['booking']) => b.check(APPOINTMENT)],
    ['book_record', (b: ReturnType<typeof system>['booking']) => b.create({ appointment: APPOINTMENT, patient: PATIENT, key: 'k' })],
  ])('a 422 of %s with meta.message alone (no code) is taken', async (_, act) => {
    const { booking } = system([{ status: 422, fixture: 'error-422-no-code.json' }]);
    expect((await failure(act(booking))).kind).toBe('taken');
  });

  it('a 422 without a code is taken only where a time is booked: on a list it is unavailable', async () => {
    expect((await failure(system([{ status: 422, fixture: 'error-422-no-code.json' }]).booking.services())).kind).toBe('unavailable');
  });

  it('a taken time at the check is taken', async () => {
    const { booking } = system([{ status: 422, fixture: 'error-433-time-taken.json' }]);
    expect((await failure(booking.check(APPOINTMENT))).kind).toBe('taken');
  });

  it('a refusal sent with 200 and success: false is read as one', async () => {
    const { booking } = system([{ status: 200, fixture: 'error-433-time-taken.json' }]);
    expect((await failure(booking.check(APPOINTMENT))).kind).toBe('taken');
  });

  it('404 on a read is not-found; on a list it is unavailable', async () => {
    expect((await failure(system([{ status: 404, fixture: 'error-404-record.json' }]).booking.read(REF))).kind).toBe('not-found');
    expect((await failure(system([{ status: 404, fixture: 'error-404-record.json' }]).booking.services())).kind).toBe('unavailable');
  });

  const UNAVAILABLE: [string, Reply][] = [
    ['another 4xx (a refused token)', { status: 401, fixture: 'error-401-token.json' }],
    ['an HTML 502 page', { status: 502, fixture: 'bad-gateway-502.html' }],
    ['an HTML page with 200', { status: 200, fixture: 'bad-gateway-502.html' }],
    ['a body of a shape we do not know', { status: 200, fixture: 'malformed-shape.json' }],
    ['a 500 with JSON', { status: 500, fixture: 'error-433-time-taken.json' }],
  ];

  it.each(UNAVAILABLE)('%s is unavailable', async (_, reply) => {
    expect((await failure(system([reply]).booking.services())).kind).toBe('unavailable');
  });

  it('a network failure is unavailable', async () => {
    const booking = bare(failingFetch, 1000);
    expect(await failure(booking.services())).toMatchObject({
      kind: 'unavailable',
      message: 'unavailable: YCLIENTS book_services: network error',
    });
  });

  it('a system that never answers is unavailable once timeoutMs is up', async () => {
    const booking = bare(hangingFetch, 50);
    const started = Date.now();
    const error = await failure(booking.times({ serviceId: '1', date: '2026-12-01' }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toContain('timeout');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('aborts the request it gave up on, so the connection is not left open', async () => {
    let signal: AbortSignal | undefined;
    const listening = ((_: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => undefined);
    }) as typeof fetch;
    const booking = bare(listening, 50);
    await failure(booking.services());
    expect(signal?.aborted).toBe(true);
  });

  it('no error message holds a token or the patient', async () => {
    const replies: Reply[] = [
      ...CODES.map(([file]) => ({ status: 422, fixture: file })),
      { status: 401, fixture: 'error-401-token.json' },
      { status: 502, fixture: 'bad-gateway-502.html' },
      { status: 200, fixture: 'malformed-shape.json' },
    ];
    const { booking } = system(replies, { userToken: USER });
    const messages: string[] = [];
    for (let i = 0; i < replies.length; i++) {
      const error = await failure(booking.create({ appointment: APPOINTMENT, patient: PATIENT, code: '1234', key: 'k' }));
      messages.push(`${error.message} ${error.stack ?? ''}`);
    }
    const secrets = [PARTNER, USER, '79991234567', '999', 'Иван', 'Тестов', PATIENT.email, '1234'];
    for (const message of messages) for (const secret of secrets) expect(message).not.toContain(secret);
  });
});
