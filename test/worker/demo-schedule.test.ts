/**
 * The demo origin's schedule system (demo-origin/README.md, "Schedule system"): its YCLIENTS face answers
 * free times from today on and bookings take them, its Renovatio face sees the same schedule, fault rules
 * reach it, and the codes page shows a person the codes without their phone. Each test owns a fresh instance.
 */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { demoControl, type DemoInstanceControl } from '../../demo-origin/control-client';
import { DEMO_YCLIENTS_COMPANY_ID } from '../../demo-origin/src/schedule/model';

// Only the demo origin, over HTTP: the site itself is not needed here.
const control = demoControl(inject('demoOriginUrl'));

const CID = DEMO_YCLIENTS_COMPANY_ID;
const HEADERS = { Accept: 'application/vnd.yclients.v2+json', Authorization: 'Bearer demo-partner-token' };
const PHONE = '79991234567';
/** Ботулинотерапия (30 min), done by 1001 and 1002. */
const SERVICE = 2006;
const STAFF = 1001;

let demo: DemoInstanceControl;
beforeEach(async () => {
  demo = await control.instance();
});
afterEach(async () => {
  await demo.delete();
});

interface Envelope<T> {
  success: boolean;
  data: T;
  meta: { message?: string; errors?: { code: number; message: string }[] } | [];
}
interface Time {
  time: string;
  datetime: string;
  seance_length: number;
  staff_id: number;
}
type RecordRef = { id: number; record_id: number; record_hash: string };

async function yc<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = HEADERS) {
  const res = await fetch(`${demo.schedule.yclientsApiUrl}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Envelope<T> };
}

const errorCode = (body: Envelope<unknown>): number | undefined => (Array.isArray(body.meta) ? undefined : body.meta.errors?.[0]?.code);

async function renovatio<T>(method: string, fields: Record<string, string>) {
  const res = await fetch(`${demo.schedule.renovatioApiUrl}/${method}`, { method: 'POST', body: new URLSearchParams(fields) });
  return (await res.json()) as { error: 0 | 1; data: T };
}

/** Moscow's date of an instant. */
const moscowDate = (ms: number): string => new Date(ms + 3 * 3600_000).toISOString().slice(0, 10);

async function bookingDates(staffId = STAFF): Promise<string[]> {
  const { body } = await yc<{ booking_dates: string[] }>('GET', `/book_dates/${CID}?staff_id=${staffId}&service_ids[]=${SERVICE}`);
  return body.data.booking_dates;
}

async function times(date: string, staffId = STAFF): Promise<Time[]> {
  const { status, body } = await yc<Time[]>('GET', `/book_times/${CID}/${staffId}/${date}?service_ids[]=${SERVICE}`);
  expect(status).toBe(200);
  return body.data;
}

/** Free times with the staff member, earliest first, over the first two bookable days. */
async function freeTimes(): Promise<Time[]> {
  const dates = (await bookingDates()).slice(0, 2);
  return (await Promise.all(dates.map((d) => times(d)))).flat();
}

const appointment = (datetime: string, staffId = STAFF) => ({ id: 1, services: [SERVICE], staff_id: staffId, datetime });

async function book(datetime: string, apiId: string, code?: string) {
  if (code === undefined) {
    expect((await yc('POST', `/book_code/${CID}`, { phone: PHONE, fullname: 'Анна' })).status).toBe(201);
  }
  const sent = code ?? (await demo.schedule.lastCode(PHONE)) ?? 'none';
  return yc<RecordRef[]>('POST', `/book_record/${CID}`, {
    phone: PHONE,
    fullname: 'Анна',
    code: sent,
    api_id: apiId,
    appointments: [appointment(datetime)],
  });
}

describe('demo schedule system: YCLIENTS face', () => {
  it('answers free times for the coming days (Mon–Sat), none in the past or the next half hour', async () => {
    const asked = Date.now();
    const dates = await bookingDates();
    const today = moscowDate(Date.now());
    expect(dates.length).toBeGreaterThan(10);
    for (const d of dates) {
      expect(d >= today && d <= moscowDate(Date.now() + 29 * 86_400_000)).toBe(true);
      expect(new Date(`${d}T00:00:00Z`).getUTCDay()).not.toBe(0);
    }
    const any = await times(dates[0] ?? '', 0);
    expect(any.length).toBeGreaterThan(0);
    for (const t of [...any, ...(await times(today, 0))]) {
      expect(Date.parse(t.datetime)).toBeGreaterThan(asked + 30 * 60_000);
      expect(t.datetime).toMatch(/^\d{4}-\d{2}-\d{2}T(1\d):(00|30):00\+03:00$/);
      expect([1001, 1002]).toContain(t.staff_id);
      expect(t.seance_length).toBe(1800);
    }
  });

  it('names the staff as the schedule spells them, bookable only for what they do', async () => {
    const { body } = await yc<{ id: number; name: string; bookable: boolean }[]>('GET', `/book_staff/${CID}?service_ids[]=${SERVICE}`);
    const byId = new Map(body.data.map((s) => [s.id, s]));
    expect(byId.get(1001)?.name).toBe('Иванова Е. С.');
    expect(byId.get(1006)?.name).toBe('Лебёдева Наталья Павловна');
    expect(byId.get(1007)?.name).toBe('Орлова Вера Николаевна');
    expect(byId.get(1001)?.bookable).toBe(true);
    expect(byId.get(1003)?.bookable).toBe(false);
  });

  it('refuses a call without the partner token (401) or for another company (404)', async () => {
    const anonymous = await yc('GET', `/book_services/${CID}`, undefined, { Accept: HEADERS.Accept });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.success).toBe(false);
    expect((await yc('GET', '/book_services/1')).status).toBe(404);
    const { status, body } = await yc<{ services: { title: string }[] }>('GET', `/book_services/${CID}`);
    expect(status).toBe(200);
    expect(body.data.services.map((s) => s.title)).toContain('Ботулинотерапия');
  });

  it('takes the slot a booking is made for: not listed, book_check 433, a second booking 433', async () => {
    const [slot] = await freeTimes();
    if (!slot) throw new Error('no free time');
    const check = await yc('POST', `/book_check/${CID}`, { appointments: [appointment(slot.datetime)] });
    expect(check.status).toBe(201);

    const first = await book(slot.datetime, 'attempt-1');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ success: true, meta: [] });
    expect(first.body.data[0]).toMatchObject({ id: 1, record_id: expect.any(Number), record_hash: expect.any(String) });

    expect((await times(slot.datetime.slice(0, 10))).map((t) => t.datetime)).not.toContain(slot.datetime);
    const taken = await yc('POST', `/book_check/${CID}`, { appointments: [appointment(slot.datetime)] });
    expect(taken.status).toBe(422);
    expect(errorCode(taken.body)).toBe(433);
    const second = await book(slot.datetime, 'attempt-2');
    expect(second.status).toBe(422);
    expect(errorCode(second.body)).toBe(433);
    expect((await demo.schedule.state()).bookings).toHaveLength(1);
  });

  it('books once for the same api_id', async () => {
    const [slot, other] = await freeTimes();
    if (!slot || !other) throw new Error('no free time');
    const first = await book(slot.datetime, 'same-key');
    const again = await book(other.datetime, 'same-key');
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    const { bookings } = await demo.schedule.state();
    expect(bookings.map((b) => b.datetime)).toEqual([slot.datetime]);
  });

  it('refuses a wrong code (432), then books with the right one; 431 for a short phone; no code once the company asks none', async () => {
    const [slot, other] = await freeTimes();
    if (!slot || !other) throw new Error('no free time');
    expect(errorCode((await yc('POST', `/book_code/${CID}`, { phone: '7999123', fullname: 'Анна' })).body)).toBe(431);
    await yc('POST', `/book_code/${CID}`, { phone: PHONE, fullname: 'Анна' });
    const code = (await demo.schedule.lastCode(PHONE)) ?? '';
    expect(code).toMatch(/^\d{4}$/);
    const wrong = await book(slot.datetime, 'k1', code === '0000' ? '0001' : '0000');
    expect(wrong.status).toBe(422);
    expect(errorCode(wrong.body)).toBe(432);
    expect((await book(slot.datetime, 'k2', code)).status).toBe(201);

    await demo.schedule.settings({ codes: false });
    expect((await demo.schedule.state()).settings.codes).toBe(false);
    expect((await book(other.datetime, 'k3', '')).status).toBe(201);
  });

  it('cancels by the hash alone and frees the slot', async () => {
    const [slot] = await freeTimes();
    if (!slot) throw new Error('no free time');
    const ref = (await book(slot.datetime, 'to-cancel')).body.data[0];
    if (!ref) throw new Error('not booked');
    expect((await times(slot.datetime.slice(0, 10))).map((t) => t.datetime)).not.toContain(slot.datetime);
    expect((await yc('DELETE', `/user/records/${ref.record_id}/not-the-hash`)).status).toBe(404);
    expect((await yc('DELETE', `/user/records/${ref.record_id}/${ref.record_hash}`)).status).toBe(200);
    expect((await times(slot.datetime.slice(0, 10))).map((t) => t.datetime)).toContain(slot.datetime);
    const read = await yc<{ deleted: boolean }>('GET', `/book_record/${CID}/${ref.record_id}/${ref.record_hash}`);
    expect(read.body.data.deleted).toBe(true);
    expect((await demo.schedule.state()).bookings[0]?.cancelled).toBe(true);
  });

  it('moves a booking to a free time, and refuses a taken one (433)', async () => {
    const [slot, target, third] = await freeTimes();
    if (!slot || !target || !third) throw new Error('no free time');
    const ref = (await book(slot.datetime, 'to-move')).body.data[0];
    if (!ref) throw new Error('not booked');
    const moved = await yc('PUT', `/book_record/${CID}/${ref.record_id}`, { datetime: target.datetime, comment: '' });
    expect(moved.status).toBe(200);
    const read = await yc<{ datetime: string }>('GET', `/book_record/${CID}/${ref.record_id}/${ref.record_hash}`);
    expect(read.body.data.datetime).toBe(target.datetime);
    const listed = (await freeTimes()).map((t) => t.datetime);
    expect(listed).toContain(slot.datetime);
    expect(listed).not.toContain(target.datetime);

    await demo.schedule.take({ staffId: STAFF, datetime: third.datetime });
    const refused = await yc('PUT', `/book_record/${CID}/${ref.record_id}`, { datetime: third.datetime });
    expect(refused.status).toBe(422);
    expect(errorCode(refused.body)).toBe(433);
  });
});

describe('demo schedule system: Renovatio face, faults, codes page', () => {
  type Cell = { date: string; time_start_short: string; is_busy: boolean };
  const cellOf = async (datetime: string): Promise<Cell | undefined> => {
    const answer = await renovatio<Record<string, Cell[]>>('getSchedule', {
      api_key: 'demo',
      user_id: String(STAFF),
      clinic_id: '1',
      step: '30',
    });
    const [y, m, d] = datetime.slice(0, 10).split('-');
    return answer.data[String(STAFF)]?.find((c) => c.date === `${d}.${m}.${y}` && c.time_start_short === datetime.slice(11, 16));
  };

  it('shows a time booked through YCLIENTS as busy, and refuses it with check_intersection', async () => {
    expect(await renovatio('getUsers', {})).toEqual({ error: 1, data: { code: 401, desc: 'Auth error' } });
    const [slot] = await freeTimes();
    if (!slot) throw new Error('no free time');
    expect((await cellOf(slot.datetime))?.is_busy).toBe(false);
    await book(slot.datetime, 'seen-by-renovatio');
    expect((await cellOf(slot.datetime))?.is_busy).toBe(true);

    const [y, m, d] = slot.datetime.slice(0, 10).split('-');
    const at = `${d}.${m}.${y} ${slot.time}`;
    const [h = 0, min = 0] = slot.time.split(':').map(Number);
    const endMinutes = h * 60 + min + 30;
    const end = `${d}.${m}.${y} ${String(Math.floor(endMinutes / 60)).padStart(2, '0')}:${String(endMinutes % 60).padStart(2, '0')}`;
    const refused = await renovatio('createAppointment', {
      api_key: 'demo',
      doctor_id: String(STAFF),
      clinic_id: '1',
      time_start: at,
      time_end: end,
      first_name: 'Анна',
      mobile: PHONE,
      check_intersection: '1',
    });
    expect(refused).toEqual({ error: 1, data: { code: 500, desc: 'Визит пересекается с другими визитами врача' } });
  });

  it('answers in the shapes real accounts do: services per user, service_id, categories, the window, a refusal (quirks)', async () => {
    const key = { api_key: 'demo', clinic_id: '1' };
    const users = await renovatio<{ id: number; services: number[] }[]>('getUsers', key);
    expect(users.data.find((u) => u.id === STAFF)?.services).toContain(SERVICE);
    expect((await renovatio<Record<string, unknown>[]>('getServices', key)).data[0]).toHaveProperty('id');
    await demo.schedule.settings({ quirks: { servicesKeyedServiceId: true, onlineCategoryId: 7, createRefusedOther: true } });
    const services = (await renovatio<Record<string, unknown>[]>('getServices', key)).data;
    expect(services[0]).toHaveProperty('service_id');
    expect(services[0]).not.toHaveProperty('id');
    expect((await renovatio('getServices', { ...key, clinic_id: '2' })).data).toEqual([]);

    // The last of the first two days' times: today's midday cells are gone once the clinic's clock is past 14:00.
    const slot = (await freeTimes()).at(-1);
    if (!slot) throw new Error('no free time');
    const [y, m, d] = slot.datetime.slice(0, 10).split('-');
    const day = `${d}.${m}.${y}`;
    type Cell = { date: string; time_start_short: string; category_id: number };
    const window = await renovatio<Record<string, Cell[]>>('getSchedule', {
      ...key,
      user_id: String(STAFF),
      time_start: `${day} 12:00`,
      time_end: `${day} 14:00`,
    });
    const cells = window.data[String(STAFF)] ?? [];
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells) {
      expect(cell.date).toBe(day);
      expect(cell.time_start_short >= '12:00' && cell.time_start_short <= '14:00').toBe(true);
      expect(cell.category_id).toBe(cell.time_start_short < '13:00' ? 8 : 7);
    }

    const [h = 0, min = 0] = slot.time.split(':').map(Number);
    const end = `${day} ${String(Math.floor((h * 60 + min + 30) / 60)).padStart(2, '0')}:${String((min + 30) % 60).padStart(2, '0')}`;
    const refused = await renovatio('createAppointment', {
      ...key,
      doctor_id: String(STAFF),
      time_start: `${day} ${slot.time}`,
      time_end: end,
      first_name: 'Анна',
      check_intersection: '1',
    });
    expect(refused).toMatchObject({ error: 1, data: { code: 500 } });
    expect(JSON.stringify(refused)).not.toContain('пересекается');
  });

  it('tells a visit back by getAppointment as the front desk left it: moved (moved_to), then cancelled (refused)', async () => {
    const [first, second] = await freeTimes();
    if (!first || !second) throw new Error('no free times');
    const { body } = await book(first.datetime, 'front-desk');
    const id = body.data[0]!.record_id;
    type Visit = { id: number; time_start: string; status: string; moved_to: number | null; doctor_id: number };
    const read = async (visit: number) =>
      (await renovatio<Visit[]>('getAppointment', { api_key: 'demo', appointment_id: String(visit) })).data[0]!;
    const ru = (datetime: string) => `${datetime.slice(8, 10)}.${datetime.slice(5, 7)}.${datetime.slice(0, 4)} ${datetime.slice(11, 16)}`;
    expect(await read(id)).toMatchObject({ id, time_start: ru(first.datetime), status: 'upcoming', moved_to: null, doctor_id: STAFF });

    const moved = await demo.schedule.frontDesk({ id, datetime: second.datetime });
    expect(moved).toMatchObject({ datetime: second.datetime, cancelled: false, staffId: STAFF });
    expect(await read(id)).toMatchObject({ moved_to: moved.id });
    expect(await read(moved.id)).toMatchObject({ time_start: ru(second.datetime), status: 'upcoming' });
    // The old time is free again; the new one is not.
    expect((await freeTimes()).map((t) => t.datetime)).toContain(first.datetime);

    expect(await demo.schedule.frontDesk({ id: moved.id, cancel: true })).toMatchObject({ id: moved.id, cancelled: true });
    expect(await read(moved.id)).toMatchObject({ status: 'refused' });
    expect(await renovatio('getAppointment', { api_key: 'demo', appointment_id: '1' })).toMatchObject({ error: 1, data: { code: 404 } });
  });

  it('answers 503 and a cut-off body under fault rules for /yclients, and Renovatio stays up', async () => {
    await demo.faults.set({ rules: [{ match: '/yclients', status: 503 }] });
    expect((await fetch(`${demo.schedule.yclientsApiUrl}/book_services/${CID}`, { headers: HEADERS })).status).toBe(503);
    expect((await renovatio('getClinics', { api_key: 'demo' })).error).toBe(0);

    await demo.faults.set({ rules: [{ match: '/yclients', body: 'broken-json' }] });
    const broken = await fetch(`${demo.schedule.yclientsApiUrl}/book_services/${CID}`, { headers: HEADERS });
    expect(broken.status).toBe(200);
    const text = await broken.text();
    expect(() => JSON.parse(text) as unknown).toThrow();

    await demo.faults.clear();
    expect((await yc('GET', `/book_services/${CID}`)).status).toBe(200);
  });

  it('lists the codes sent on a Russian page, the phone masked but for its last four digits', async () => {
    await yc('POST', `/book_code/${CID}`, { phone: PHONE, fullname: 'Анна' });
    const code = await demo.schedule.lastCode(PHONE);
    const res = await fetch(demo.schedule.codesPageUrl);
    expect(res.headers.get('Content-Type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('<title>Коды подтверждения (демо)</title>');
    expect(html).toContain(`<b>${code ?? 'none'}</b>`);
    expect(html).toContain('45-67');
    expect(html).not.toContain(PHONE);
    expect(html).not.toContain(PHONE.slice(1, 7));
  });
});
