import { z } from 'zod';
import { BookingError, type BookingRecord, type BookingSystem, type FreeTime } from '../booking-system';
import { callRenovatio, type RenovatioHttp } from './http';
import { composeId, parseId, verify, sign, type RenovatioRefParts } from './ref';
import { hhmm, isoDay, linkStart, local, renovatioTime, ruDay, visitStart, wallIso } from './time';
import { DEFAULT_TIMEZONE } from '../../config/booking';
import {
  AppointmentData,
  CreatedData,
  ScheduleData,
  ServicesData,
  UsersData,
  type RenovatioSlot,
  type RenovatioUser,
  type RenovatioVisit,
} from './schemas';

/**
 * Renovatio behind the booking seam (docs/booking.md). It sends no SMS code and cannot move a
 * booking: the manage link carries the visit itself, signed (ref.ts), and moving is cancelling and
 * booking anew. The visit is read back by getAppointment, so what the front desk did shows; the link
 * is what is shown when that call fails. Free times come from one call, getSchedule.
 */

export interface RenovatioOptions {
  /** "https://app.rnova.org/api/public". */
  apiUrl: string;
  clinicId: string;
  apiKey: string;
  /** The schedule category opened for online booking (RENOVATIO_CATEGORY_ID); unset: every free cell. */
  categoryId?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The clock, for leaving out times already past. */
  now?: () => Date;
  /** The clinic's time zone (BOOKING_TIMEZONE): Renovatio writes its wall clock without an offset. */
  timeZone?: string;
}

/** The schedule's grain, in minutes, and a visit's length where the page does not give one. */
const STEP_MINUTES = 30;
/** How far a visit's moves are followed (moved_to); more is a shape we do not know. */
const MAX_MOVES = 3;

const Ignored = z.unknown();

/** Cancelled, by the patient or at the front desk. */
const cancelledVisit = (visit: RenovatioVisit) =>
  visit.is_deleted === true || ['refused', 'canceled', 'cancelled', 'deleted'].includes((visit.status ?? '').toLowerCase());

/** Whether a doctor does a service: a doctor whose `services` the account does not send does every one. */
const doesService = (user: RenovatioUser | undefined, serviceId: string) => !user?.services || user.services.includes(serviceId);

function nameOf(user: RenovatioUser): string | undefined {
  const parts = [user.last_name, user.first_name, user.third_name].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : user.name;
}

function specializationOf(user: RenovatioUser): string | undefined {
  if (user.profession_titles) return user.profession_titles;
  if (Array.isArray(user.profession)) return user.profession.filter((p): p is string => typeof p === 'string').join(', ') || undefined;
  return undefined;
}

/**
 * The name as typed, split as Renovatio keeps it. Three words or more are read in the Russian
 * formal order (Фамилия Имя Отчество); two as the page's field invites them (Имя Фамилия).
 */
export function splitName(name: string): { first_name: string; last_name?: string; third_name?: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length >= 3) return { last_name: words[0], first_name: words[1]!, third_name: words.slice(2).join(' ') };
  if (words.length === 2) return { first_name: words[0]!, last_name: words[1] };
  return { first_name: words[0] ?? '' };
}

export function createRenovatioSystem(options: RenovatioOptions): BookingSystem {
  const http: RenovatioHttp = {
    apiUrl: options.apiUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs,
    fetch: options.fetch ?? ((input, init) => fetch(input, init)),
  };
  const now = options.now ?? (() => new Date());
  const clinic_id = options.clinicId;
  const timeZone = options.timeZone ?? DEFAULT_TIMEZONE;

  const users = () => callRenovatio(http, 'getUsers', { clinic_id }, UsersData);
  const serviceList = () => callRenovatio(http, 'getServices', { clinic_id }, ServicesData);

  /**
   * Every free, future slot of this clinic from day `from` to day `to`, with its doctor and its start as an ISO
   * datetime. The window is asked for explicitly (time_start/time_end, "dd.mm.yyyy HH:MM" as the API takes them):
   * what getSchedule answers without one is documented nowhere. getSchedule knows doctors, not services: under
   * «any» (`serviceId` given, no `staffId`) only the slots of the doctors who do the service are kept (getUsers'
   * `services`). With RENOVATIO_CATEGORY_ID, only that category's cells: the rest are not for online booking.
   */
  async function freeSlots(staffId: string | undefined, from: string, to: string, serviceId?: string) {
    const [schedule, doers] = await Promise.all([
      callRenovatio(
        http,
        'getSchedule',
        {
          user_id: staffId,
          clinic_id,
          time_start: `${ruDay(from)} 00:00`,
          time_end: `${ruDay(to)} 23:59`,
          step: String(STEP_MINUTES),
          show_busy: '0',
          show_past: '0',
        },
        ScheduleData,
      ),
      staffId === undefined && serviceId !== undefined ? users() : undefined,
    ]);
    const after = now().getTime();
    const slots: { doctorId: string; day: string; time: string; datetime: string; slot: RenovatioSlot }[] = [];
    for (const [doctorId, list] of Object.entries(schedule)) {
      if (staffId !== undefined && doctorId !== staffId) continue;
      const doer = doers?.find((user) => user.id === doctorId);
      if (doers && serviceId !== undefined && !doesService(doer, serviceId)) continue;
      for (const slot of list) {
        if (slot.is_busy || (slot.clinic_id !== undefined && slot.clinic_id !== clinic_id)) continue;
        // A cell that names no category is kept: an account that does not send one has no such rule to keep.
        if (options.categoryId !== undefined && slot.category_id !== undefined && slot.category_id !== options.categoryId) continue;
        const day = isoDay(slot.date);
        const time = hhmm(slot.time_start_short);
        const datetime = wallIso(day, time, timeZone);
        if (datetime && day >= from && day <= to && Date.parse(datetime) >= after) slots.push({ doctorId, day, time, datetime, slot });
      }
    }
    return slots;
  }

  /** A link's id, once its hash is proved to be the site's own. */
  async function proved(ref: { id: string; hash: string }): Promise<RenovatioRefParts> {
    const parts = parseId(ref.id);
    if (!parts || !(await verify(ref.id, ref.hash, options.apiKey))) {
      throw new BookingError('not-found', 'Renovatio: the link is not one the site signed');
    }
    return parts;
  }

  /** The visit as Renovatio has it now, its front desk's moves followed; undefined when it cannot say (then the link is shown). */
  async function currentVisit(appointmentId: string) {
    let id = appointmentId;
    for (let move = 0; move <= MAX_MOVES; move++) {
      const visit = await callRenovatio(http, 'getAppointment', { appointment_id: id }, AppointmentData);
      // Another visit than the one asked for is an answer we do not know: the link is shown.
      if (visit.id !== id) return undefined;
      if (visit.moved_to === undefined || visit.moved_to === id) {
        const datetime = visitStart(visit.time_start, timeZone);
        return datetime ? { id: visit.id, datetime, doctorId: visit.doctor_id, deleted: cancelledVisit(visit) } : undefined;
      }
      id = visit.moved_to;
    }
    return undefined;
  }

  const unsupported = (what: string) => Promise.reject(new BookingError('unavailable', `Renovatio: ${what} not supported`));

  return {
    name: 'renovatio',
    // read: the link carries the visit, signed; getAppointment tells what became of it.
    capabilities: { codes: false, read: true, move: false },

    async services(staffId) {
      // A doctor whose getUsers item lists services does only those; without the field, every service.
      const [list, doctors] = await Promise.all([serviceList(), staffId === undefined ? undefined : users()]);
      const doctor = doctors?.find((user) => user.id === staffId);
      return list.flatMap((service) => {
        if (!doesService(doctor, service.id)) return [];
        const title = service.title ?? service.name;
        if (!title) return [];
        const priceMin = service.price_min || service.price || undefined;
        return [{ id: service.id, title, priceMin, priceMax: service.price_max || priceMin }];
      });
    },

    async staff(serviceId) {
      // getUsers' `services` says which services a doctor does; a doctor without the field is offered for every one.
      return (await users()).flatMap((user) => {
        const name = nameOf(user);
        if (serviceId !== undefined && !doesService(user, serviceId)) return [];
        return name ? [{ id: user.id, name, specialization: specializationOf(user) }] : [];
      });
    },

    async dates({ serviceId, staffId, from, to }) {
      const days = (await freeSlots(staffId, from, to, serviceId)).map((slot) => slot.day);
      return [...new Set(days)].sort();
    },

    async times({ serviceId, staffId, date }) {
      const seen = new Set<string>();
      const times: FreeTime[] = [];
      const slots = await freeSlots(staffId, date, date, serviceId);
      slots.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
      for (const { doctorId, time, datetime, slot } of slots) {
        // Under «any» one time is offered once, with the first doctor free then.
        if (seen.has(time)) continue;
        seen.add(time);
        const end = slot.time_end_short ? Date.parse(wallIso(date, slot.time_end_short, timeZone) ?? '') : NaN;
        const lengthSeconds = end > Date.parse(datetime) ? (end - Date.parse(datetime)) / 1000 : undefined;
        times.push({ time, datetime, staffId: doctorId, lengthSeconds });
      }
      return times;
    },

    sendCode: () => unsupported('an SMS code is'),

    async check(appointment) {
      // Only the start is checked: a visit longer than a slot that runs into a busy one is refused by
      // createAppointment's check_intersection, which is taken too.
      const { day, time } = local(appointment.datetime, timeZone);
      const free = (await freeSlots(appointment.staffId, day, day)).some((slot) => slot.time === time);
      if (!free) throw new BookingError('taken', 'Renovatio getSchedule: the time is busy or gone');
    },

    async create({ appointment, patient }) {
      const { stamp } = local(appointment.datetime, timeZone);
      const length = (appointment.lengthSeconds ?? STEP_MINUTES * 60) * 1000;
      // The front desk sees which service was booked: createAppointment takes no service, so its title goes in the comment.
      const title = await serviceList()
        .then((list) => list.find((service) => service.id === appointment.serviceId))
        .then((service) => service?.title ?? service?.name)
        .catch(() => undefined);
      const comment = [`Запись с сайта: ${title ?? `услуга ${appointment.serviceId}`}`, patient.comment?.trim()].filter(Boolean).join('\n');
      const appointmentId = await callRenovatio(
        http,
        'createAppointment',
        {
          doctor_id: appointment.staffId,
          clinic_id,
          time_start: renovatioTime(stamp, timeZone),
          time_end: renovatioTime(stamp + length, timeZone),
          ...splitName(patient.name),
          mobile: patient.phone.replace(/\D/g, ''),
          email: patient.email,
          comment,
          check_intersection: '1',
        },
        CreatedData,
      );
      const start = linkStart(stamp, timeZone);
      const id = composeId({ appointmentId, start, doctorId: appointment.staffId, serviceId: appointment.serviceId });
      // Booked, but the link cannot carry it: the visit stands, the page says so without a manage link.
      if (!id) throw new BookingError('unavailable', 'Renovatio createAppointment: ids the manage link cannot carry');
      return { id, hash: await sign(id, options.apiKey) };
    },

    async read(ref): Promise<BookingRecord> {
      const parts = await proved(ref);
      const { start } = parts;
      const linked =
        wallIso(
          `${start.slice(0, 4)}-${start.slice(4, 6)}-${start.slice(6, 8)}`,
          `${start.slice(8, 10)}:${start.slice(10, 12)}`,
          timeZone,
        ) ?? '';
      // What became of the visit (cancelled or moved at the front desk) comes from getAppointment; a failure or an
      // answer we cannot read leaves the page showing what the signed link carries, never an error page.
      // The names are looked up for the page; without them it still shows the visit's time.
      const [visit, doctors, title] = await Promise.all([
        currentVisit(parts.appointmentId).catch(() => undefined),
        users().catch(() => undefined),
        serviceList()
          .then((list) => list.find((service) => service.id === parts.serviceId))
          .then((service) => service?.title ?? service?.name)
          .catch(() => undefined),
      ]);
      const staffId = visit?.doctorId ?? parts.doctorId;
      const doctor = doctors?.find((user) => user.id === staffId);
      return {
        id: ref.id,
        hash: ref.hash,
        datetime: visit?.datetime ?? linked,
        staffId,
        staffName: doctor ? nameOf(doctor) : undefined,
        services: [{ id: parts.serviceId, title: title ?? '' }],
        deleted: visit?.deleted ?? false,
      };
    },

    async cancel(ref) {
      const { appointmentId } = await proved(ref);
      // A visit the front desk moved is cancelled where it now is; when Renovatio cannot say, the link's own.
      const visit = await currentVisit(appointmentId).catch(() => undefined);
      await callRenovatio(http, 'cancelAppointment', { appointment_id: visit?.id ?? appointmentId }, Ignored);
    },

    move: () => unsupported('moving is'),
  };
}
