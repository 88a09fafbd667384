/**
 * The schedule's YCLIENTS face (README.md, "Schedule system"): the online-booking calls (`book_*`) under
 * /yclients/api/v1, in YCLIENTS' shapes — `{success, data, meta}`, durations in seconds, datetimes with
 * the +03:00 offset, errors as 4xx with `meta.errors[].code`. Mounted after the fault middleware, so
 * fault rules matching "/yclients" make it slow, down or malformed like any other call. The schedule's quirks
 * (`ScheduleQuirks`) make it answer as some real accounts do: a move refused without a user token, a refusal without a
 * code, datetimes in another offset, a cancel refused.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { json } from '../lib/http';
import type { Json } from '../lib/json';
import { demoState } from '../lib/state';
import {
  errorBody,
  idList,
  idOf,
  isRecord,
  lengthOf,
  phoneDigits,
  resolveAppointments,
  staffDoing,
  type ResolvedAppointment,
} from '../schedule/appointments';
import { DEMO_YCLIENTS_COMPANY_ID, scheduleCategories, scheduleServices, scheduleStaff } from '../schedule/model';
import { recordJson, serviceJson } from '../schedule/yclients-json';
import {
  addBooking,
  bookingById,
  codeMatches,
  freeStarts,
  refusal,
  sendCode,
  type RecordRef,
  type ScheduleBooking,
} from '../schedule/state';
import { hhmm, isoInOffset, isoOf, isSunday, parseDatetime, validDate, windowDates } from '../schedule/time';

const P = '/yclients/api/v1';
type Ctx = Context<AppEnv>;

export const yclientsRoutes = new Hono<AppEnv>();

const ok = (data: Json, status = 200, meta: Json = []): Response => json({ success: true, data, meta }, status);
const fail = (status: number, message: string, code: number | null = null): Response => json(errorBody(message, code), status);
const schedule = () => demoState().schedule;
const quirks = () => schedule().quirks;
const readOffset = () => quirks().readOffset;

// Every call needs the partner token (its value is not checked: any demo token will do).
const auth: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!/^Bearer\s+\S/.test(c.req.header('Authorization') ?? '')) return fail(401, 'Необходима авторизация');
  await next();
};
yclientsRoutes.use('/yclients/*', auth);

/** The answer for another company's id, or null for the demo's. */
const otherCompany = (c: Ctx): Response | null =>
  c.req.param('cid') === DEMO_YCLIENTS_COMPANY_ID ? null : fail(404, 'Компания не найдена');

/** `service_ids[]` of the query (also accepted without the brackets); null when one is not an id. */
const queryServiceIds = (c: Ctx): number[] | null =>
  idList([...(c.req.queries('service_ids[]') ?? []), ...(c.req.queries('service_ids') ?? [])]);

async function bodyOf(c: Ctx): Promise<Record<string, unknown> | null> {
  const body: unknown = await c.req.json().catch(() => null);
  return isRecord(body) ? body : null;
}

yclientsRoutes.get(`${P}/book_services/:cid`, (c) => {
  const wrong = otherCompany(c);
  if (wrong) return wrong;
  const staffId = idOf(c.req.query('staff_id') ?? '0') ?? -1;
  const services = scheduleServices.filter((s) => staffId === 0 || s.staffIds.includes(staffId));
  const categories = scheduleCategories.filter((cat) => services.some((s) => s.categoryId === cat.id));
  return ok({
    services: services.map((s, i) => serviceJson(s.id, i)),
    category: categories.map((cat, i) => ({ id: cat.id, title: cat.title, sex: 0, api_id: null, weight: i })),
  });
});

/** The first day with a free time of this length (null: none in the window). */
function firstFreeDate(staffId: number, minutes: number, now: number): string | null {
  return windowDates(now).find((d) => freeStarts(schedule(), staffId, d, minutes, now).length > 0) ?? null;
}

yclientsRoutes.get(`${P}/book_staff/:cid`, (c) => {
  const wrong = otherCompany(c);
  if (wrong) return wrong;
  const serviceIds = queryServiceIds(c);
  if (!serviceIds) return fail(422, 'Некорректный параметр service_ids');
  const now = Date.now();
  const at = c.req.query('datetime') ? parseDatetime(c.req.query('datetime')) : null;
  const minutes = lengthOf(serviceIds);
  const doing = new Set(staffDoing(serviceIds));
  return ok(
    scheduleStaff.map((s) => {
      const seanceDate = doing.has(s.id) ? firstFreeDate(s.id, minutes, now) : null;
      const freeThen = at === null || refusal(schedule(), s.id, at, minutes, now) === null;
      return {
        id: s.id,
        api_id: null,
        name: s.name,
        specialization: s.specialization,
        avatar: '',
        avatar_big: '',
        rating: 5,
        votes_count: 0,
        comments_count: 0,
        information: '',
        bookable: doing.has(s.id) && seanceDate !== null && freeThen,
        seance_date: seanceDate,
      };
    }),
  );
});

/** The staff a book_dates / book_times query is about: one (when they do the services) or all who do. */
function staffOfQuery(raw: string | undefined, serviceIds: readonly number[]): number[] {
  const staffId = idOf(raw ?? '0');
  const doing = staffDoing(serviceIds);
  return staffId === 0 ? doing : doing.filter((id) => id === staffId);
}

yclientsRoutes.get(`${P}/book_dates/:cid`, (c) => {
  const wrong = otherCompany(c);
  if (wrong) return wrong;
  const serviceIds = queryServiceIds(c);
  if (!serviceIds) return fail(422, 'Некорректный параметр service_ids');
  const now = Date.now();
  const staff = staffOfQuery(c.req.query('staff_id'), serviceIds);
  const from = validDate(c.req.query('date_from')) ?? '0000-00-00';
  const to = validDate(c.req.query('date_to')) ?? '9999-99-99';
  const minutes = lengthOf(serviceIds);
  const days = windowDates(now).filter((d) => d >= from && d <= to);
  const working = staff.length ? days.filter((d) => !isSunday(d)) : [];
  const booking = working.filter((d) => staff.some((id) => freeStarts(schedule(), id, d, minutes, now).length > 0));
  return ok({ booking_days: byMonth(booking), booking_dates: booking, working_days: byMonth(working), working_dates: working });
});

/** {"12": ["1", "2"]}: days by month number, as YCLIENTS groups them. */
function byMonth(dates: readonly string[]): Json {
  const months: Record<string, string[]> = {};
  for (const d of dates) (months[String(Number(d.slice(5, 7)))] ??= []).push(String(Number(d.slice(8, 10))));
  return months;
}

yclientsRoutes.get(`${P}/book_times/:cid/:staff/:date`, (c) => {
  const wrong = otherCompany(c);
  if (wrong) return wrong;
  const serviceIds = queryServiceIds(c);
  const date = validDate(c.req.param('date'));
  if (!serviceIds || !date) return fail(422, 'Некорректные параметры запроса');
  const now = Date.now();
  const minutes = lengthOf(serviceIds);
  // Under «any specialist» one time is listed once, with the first specialist free then.
  const byStart = new Map<number, number>();
  for (const staffId of staffOfQuery(c.req.param('staff'), serviceIds)) {
    for (const start of freeStarts(schedule(), staffId, date, minutes, now)) if (!byStart.has(start)) byStart.set(start, staffId);
  }
  const times = [...byStart].sort(([a], [b]) => a - b);
  return ok(
    times.map(([start, staffId]) => ({
      time: hhmm(start),
      seance_length: minutes * 60,
      sum_length: minutes * 60,
      datetime: readOffset() === null ? isoOf({ date, minutes: start }) : isoInOffset({ date, minutes: start }, readOffset()!),
      staff_id: staffId,
    })),
  );
});

yclientsRoutes.post(`${P}/book_code/:cid`, async (c) => {
  const wrong = otherCompany(c);
  if (wrong) return wrong;
  const phone = phoneDigits((await bodyOf(c))?.phone);
  if (!phone) return fail(422, 'Неверный формат номера телефона', 431);
  sendCode(schedule(), phone, Date.now());
  return ok(null, 201, { message: 'Created' });
});

/**
 * Resolved appointments, or YCLIENTS' 422 refusal: with its code, or (the `refusalWithoutCode` quirk) as the
 * Blueprint's own example of `book_check` writes it, `meta.message` alone.
 */
function appointmentsOf(body: Record<string, unknown> | null, now: number): ResolvedAppointment[] | Response {
  const resolved = resolveAppointments(schedule(), body?.appointments, now);
  if (Array.isArray(resolved)) return resolved;
  if (quirks().refusalWithoutCode) return json({ success: false, data: null, meta: { message: resolved.message } }, 422);
  return fail(422, resolved.message, resolved.code);
}

yclientsRoutes.post(`${P}/book_check/:cid`, async (c) => {
  const wrong = otherCompany(c);
  if (wrong) return wrong;
  const resolved = appointmentsOf(await bodyOf(c), Date.now());
  return resolved instanceof Response ? resolved : ok(null, 201, { message: 'Created' });
});

const refsJson = (refs: readonly RecordRef[]): Json =>
  refs.map((r) => ({ id: r.appointmentId, record_id: r.recordId, record_hash: r.hash }));

yclientsRoutes.post(`${P}/book_record/:cid`, async (c) => {
  const wrong = otherCompany(c);
  if (wrong) return wrong;
  const body = await bodyOf(c);
  const s = schedule();
  const now = Date.now();
  const apiId = typeof body?.api_id === 'string' || typeof body?.api_id === 'number' ? String(body.api_id) : null;
  // The same api_id again is the same booking: the caller retried, it must not book twice.
  const earlier = apiId === null ? undefined : s.byApiId.get(apiId);
  if (earlier) return ok(refsJson(earlier), 201);
  const phone = phoneDigits(body?.phone);
  if (!phone) return fail(422, 'Неверный формат номера телефона', 431);
  if (typeof body?.fullname !== 'string' || body.fullname.trim() === '') return fail(422, 'Не указано имя', 435);
  if (s.asksCodes && !codeMatches(s, phone, typeof body.code === 'string' || typeof body.code === 'number' ? String(body.code) : '', now)) {
    return fail(422, 'Неверный код подтверждения', 432);
  }
  const own = quirks().ownVisitRefused ? ownVisitClash(phone, body.appointments) : null;
  if (own) return fail(422, own, 437);
  const resolved = appointmentsOf(body, now);
  if (resolved instanceof Response) return resolved;
  const comment = typeof body.comment === 'string' ? body.comment : '';
  const refs = resolved.map((a): RecordRef => {
    const b = addBooking(s, { ...a, source: 'yclients', apiId, phone, comment }, now);
    return { appointmentId: a.appointmentId, recordId: b.id, hash: b.hash };
  });
  if (apiId !== null) s.byApiId.set(apiId, refs);
  return ok(refsJson(refs), 201);
});

/** The `ownVisitRefused` quirk: the message of 437 when an appointment overlaps a live booking of this phone. */
function ownVisitClash(phone: string, appointments: unknown): string | null {
  if (!Array.isArray(appointments)) return null;
  for (const item of appointments) {
    const at = isRecord(item) ? parseDatetime(item.datetime) : null;
    const ids = isRecord(item) && Array.isArray(item.services) ? idList(item.services.map(String)) : null;
    if (!at || !ids) continue;
    const minutes = lengthOf(ids);
    const clash = schedule().bookings.some(
      (b) => !b.deleted && b.phone === phone && b.date === at.date && b.start < at.minutes + minutes && at.minutes < b.start + b.minutes,
    );
    if (clash) return 'Пересечение с другими записями клиента';
  }
  return null;
}

/** The booking with this id (and this hash, when one is given); deleted ones too. */
function bookingOf(rawId: string, hash?: string): ScheduleBooking | undefined {
  const id = idOf(rawId);
  const b = id === null ? undefined : bookingById(schedule(), id);
  return b && (hash === undefined || b.hash === hash) ? b : undefined;
}

yclientsRoutes.get(`${P}/book_record/:cid/:id/:hash`, (c) => {
  const wrong = otherCompany(c);
  if (wrong) return wrong;
  const b = bookingOf(c.req.param('id'), c.req.param('hash'));
  return b ? ok(recordJson(b, readOffset())) : fail(404, 'Запись не найдена');
});

yclientsRoutes.put(`${P}/book_record/:cid/:id`, async (c) => {
  const wrong = otherCompany(c);
  if (wrong) return wrong;
  // Documented for "partner + user": without the user's token a real account refuses the move.
  if (quirks().moveNeedsUserToken && !/,\s*User\s+\S/.test(c.req.header('Authorization') ?? '')) {
    return json({ success: false, data: null, meta: { message: 'Необходима авторизация пользователя' } }, 401);
  }
  const b = bookingOf(c.req.param('id'));
  if (!b || b.deleted) return fail(404, 'Запись не найдена');
  const body = await bodyOf(c);
  const at = parseDatetime(body?.datetime);
  if (!at) return fail(422, 'Некорректные параметры записи');
  const why = refusal(schedule(), b.staffId, at, b.minutes, Date.now(), b.id);
  if (why === 'closed') return fail(422, 'Нет свободных сотрудников на выбранное время', 436);
  if (why) return fail(422, 'Выбранное время уже занято', 433);
  b.date = at.date;
  b.start = at.minutes;
  if (typeof body?.comment === 'string') b.comment = body.comment;
  return ok(recordJson(b, readOffset()));
});

// The hash alone authorises a cancellation: the patient's manage link carries it.
yclientsRoutes.delete(`${P}/user/records/:id/:hash`, (c) => {
  const b = bookingOf(c.req.param('id'), c.req.param('hash'));
  if (!b) return fail(404, 'Запись не найдена');
  // The company lets no patient cancel this late (its allow_delete_record and delay): refused with a message only.
  if (quirks().cancelRefused) return json({ success: false, data: null, meta: { message: 'Запись нельзя отменить' } }, 403);
  b.deleted = true;
  return ok(null);
});

yclientsRoutes.all('/yclients/*', () => fail(404, 'Метод не найден'));
