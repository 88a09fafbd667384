/**
 * The schedule's Renovatio face (README.md, "Schedule system"): `POST /renovatio/api/public/{method}`,
 * form-urlencoded with `api_key`, answering `{"error": 0, "data": …}` or `{"error": 1, "data": {code, desc}}`
 * (HTTP 200 either way: the flag carries the outcome). The same staff, services and free times as the
 * YCLIENTS face, under the same ids. Mounted after the fault middleware, like every API call.
 */
import { Hono } from 'hono';
import { SITE } from '../content/site';
import type { AppEnv } from '../env';
import { json } from '../lib/http';
import type { Json } from '../lib/json';
import { demoState } from '../lib/state';
import { idOf } from '../schedule/appointments';
import {
  DEMO_RENOVATIO_CLINIC_ID,
  categoryById,
  scheduleServices,
  scheduleStaff,
  serviceById,
  servicePrice,
  staffById,
} from '../schedule/model';
import { addBooking, bookingById, cellBusy, refusal, type ScheduleBooking } from '../schedule/state';
import { CLINIC_OFFSET, DAY_END, DAY_START, GRID_MINUTES, hhmm, instantOf, isSunday, parseRu, ruDate, windowDates } from '../schedule/time';

export const renovatioRoutes = new Hono<AppEnv>();

type Form = Record<string, string>;

const ok = (data: Json): Response => json({ error: 0, data });
const fail = (code: number, desc: string): Response => json({ error: 1, data: { code, desc } });
const schedule = () => demoState().schedule;

/** The category of a cell: the one opened online (quirk onlineCategoryId) after 13:00, before it another (docs/booking.md). */
const OTHER_CATEGORY_UNTIL = 13 * 60;
const DEFAULT_CATEGORY_ID = 1;
function categoryOfCell(minutes: number): number {
  const online = schedule().quirks.onlineCategoryId;
  if (online === null) return DEFAULT_CATEGORY_ID;
  return minutes < OTHER_CATEGORY_UNTIL ? online + 1 : online;
}

/** "dd.mm.yyyy HH:MM", as Renovatio writes a visit's start and end. */
const ruTime = (date: string, minutes: number): string => `${ruDate(date)} ${hhmm(minutes)}`;

/** A visit as getAppointment answers it (public integrations read these fields; docs/booking.md, "What each call answers"). */
function visitJson(b: ScheduleBooking, now: number): Json {
  const status =
    b.deleted && b.movedTo === null
      ? 'refused'
      : instantOf({ date: b.date, minutes: b.start + b.minutes }) <= now
        ? 'completed'
        : 'upcoming';
  return {
    id: b.id,
    clinic_id: DEMO_RENOVATIO_CLINIC_ID,
    clinic: SITE.shortName,
    doctor_id: b.staffId,
    doctor: staffById(b.staffId)?.name ?? null,
    time_start: ruTime(b.date, b.start),
    time_end: ruTime(b.date, b.start + b.minutes),
    status,
    moved_to: b.movedTo,
    moved_from: schedule().bookings.find((other) => other.movedTo === b.id)?.id ?? null,
    services: b.serviceIds.map((id) => ({ id, title: serviceById(id)?.title ?? '', value: servicePrice(serviceById(id)!).min })),
    source: b.source === 'renovatio' ? 'Сайт' : null,
  };
}

/** The clinic id a call names is the demo's, or it names none. */
const otherClinic = (form: Form): boolean => form.clinic_id !== undefined && form.clinic_id !== String(DEMO_RENOVATIO_CLINIC_ID);

const methods: Record<string, (form: Form) => Response> = {
  getClinics: () =>
    ok([{ id: DEMO_RENOVATIO_CLINIC_ID, title: SITE.shortName, address: SITE.address, phone: SITE.phone, timezone: CLINIC_OFFSET }]),

  // Another clinic of the account has no one and nothing opened online: an empty list, as a misconfigured account answers.
  getUsers: (form) =>
    ok(
      otherClinic(form)
        ? []
        : scheduleStaff.map((s) => {
            const [last = '', first = '', third = ''] = s.name.split(' ');
            return {
              id: s.id,
              name: s.name,
              last_name: last,
              first_name: first,
              third_name: third,
              profession_titles: s.specialization,
              clinic_ids: [DEMO_RENOVATIO_CLINIC_ID],
              services: schedule().quirks.usersWithoutServices
                ? []
                : scheduleServices.filter((service) => service.staffIds.includes(s.id)).map((service) => service.id),
              avatar: null,
              is_deleted: 0,
            };
          }),
    ),

  getServices: (form) =>
    ok(
      otherClinic(form)
        ? []
        : scheduleServices.map((s) => {
            const price = servicePrice(s);
            return {
              // A real account's key (quirk servicesKeyedServiceId), or the documentation's first reading.
              ...(schedule().quirks.servicesKeyedServiceId ? { service_id: s.id } : { id: s.id }),
              title: s.title,
              category_id: s.categoryId,
              category_title: categoryById(s.categoryId)?.title ?? null,
              price: price.min,
              price_max: price.max,
              duration: s.minutes,
              user_ids: [...s.staffIds],
            };
          }),
    ),

  getSchedule: (form) => {
    if (otherClinic(form)) return ok({});
    const step = Number(form.step ?? GRID_MINUTES);
    if (!Number.isInteger(step) || step < 5 || step > 240) return fail(400, 'Некорректный шаг расписания');
    const showBusy = form.show_busy !== '0';
    const showPast = form.show_past === '1';
    // The window to the minute, as the API takes it ("dd.mm.yyyy HH:MM"); a day alone is that day's midnight.
    const start = parseRu(form.time_start);
    const end = parseRu(form.time_end);
    const from = start?.date ?? '0000-00-00';
    const to = end?.date ?? '9999-99-99';
    const inWindow = (date: string, minutes: number) =>
      (!start || date > start.date || (date === start.date && minutes >= start.minutes)) &&
      (!end || date < end.date || (date === end.date && minutes <= end.minutes));
    const userIds = form.user_id ? form.user_id.split(',').map(idOf) : null;
    const now = Date.now();
    const days = windowDates(now).filter((d) => d >= from && d <= to && !isSunday(d));
    const data: Record<string, Json> = {};
    for (const staff of scheduleStaff) {
      if (userIds && !userIds.includes(staff.id)) continue;
      const cells: Json[] = [];
      for (const date of days) {
        for (let t = DAY_START; t + step <= DAY_END; t += step) {
          const at = { date, minutes: t };
          const busy = cellBusy(schedule(), staff.id, at, step, now);
          const past = instantOf(at) <= now;
          if ((busy && !showBusy) || (past && !showPast) || !inWindow(date, t)) continue;
          const category = categoryOfCell(t);
          cells.push({
            clinic_id: DEMO_RENOVATIO_CLINIC_ID,
            date: ruDate(date),
            time_start_short: hhmm(t),
            time_end_short: hhmm(t + step),
            room: `Кабинет ${(staff.id % 10) + 100}`,
            category_id: category,
            category:
              category === DEFAULT_CATEGORY_ID || category === schedule().quirks.onlineCategoryId ? 'Онлайн-запись' : 'Внутренняя запись',
            is_busy: busy,
          });
        }
      }
      data[String(staff.id)] = cells;
    }
    return ok(data);
  },

  createAppointment: (form) => {
    const staffId = idOf(form.doctor_id ?? '');
    const start = parseRu(form.time_start);
    const end = parseRu(form.time_end);
    if (staffId === null || !staffById(staffId)) return fail(404, 'Врач не найден');
    if (otherClinic(form)) return fail(404, 'Клиника не найдена');
    if (!start || !end || end.date !== start.date || end.minutes <= start.minutes) return fail(400, 'Некорректное время визита');
    if (!form.patient_id && !(form.first_name || form.last_name)) return fail(400, 'Не указан пациент');
    const serviceId = idOf(form.service_id ?? '');
    if (serviceId !== null && !serviceById(serviceId)) return fail(404, 'Услуга не найдена');
    const minutes = end.minutes - start.minutes;
    const why = refusal(schedule(), staffId, start, minutes, Date.now());
    if (why === 'closed' || why === 'past') return fail(400, 'Время визита вне расписания врача');
    // Without check_intersection Renovatio books over another visit, as its front desk may.
    if (why === 'busy' && form.check_intersection === '1') return fail(500, 'Визит пересекается с другими визитами врача');
    // A refusal of another kind under the same code 500 (quirk createRefusedOther), as real accounts answer.
    if (schedule().quirks.createRefusedOther) return fail(500, 'Запись пациента на это время запрещена правилами клиники');
    const b = addBooking(
      schedule(),
      { staffId, serviceIds: serviceId === null ? [] : [serviceId], at: start, minutes, source: 'renovatio', comment: form.comment ?? '' },
      Date.now(),
    );
    return ok(b.id);
  },

  getAppointment: (form) => {
    const b = bookingById(schedule(), idOf(form.appointment_id ?? '') ?? -1);
    if (!b) return fail(404, 'Визит не найден');
    return ok([visitJson(b, Date.now())]);
  },

  cancelAppointment: (form) => {
    const b = bookingById(schedule(), idOf(form.appointment_id ?? '') ?? -1);
    if (!b) return fail(404, 'Визит не найден');
    b.deleted = true;
    return ok(true);
  },

  confirmAppointment: (form) => {
    const b = bookingById(schedule(), idOf(form.appointment_id ?? '') ?? -1);
    if (!b || b.deleted) return fail(404, 'Визит не найден');
    b.confirmed = true;
    return ok(true);
  },
};

renovatioRoutes.post('/renovatio/api/public/:method', async (c) => {
  const parsed = await c.req.parseBody().catch(() => ({}));
  const form: Form = {};
  for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') form[k] = v;
  // Any key will do for the demo; none is Renovatio's auth error.
  if (!form.api_key) return fail(401, 'Auth error');
  const method = Object.hasOwn(methods, c.req.param('method')) ? methods[c.req.param('method')] : undefined;
  return method ? method(form) : fail(404, 'Метод не найден');
});

renovatioRoutes.all('/renovatio/*', () => fail(405, 'Используйте POST /renovatio/api/public/{метод}'));
