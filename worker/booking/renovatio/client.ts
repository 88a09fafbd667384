import { z } from 'zod';
import { BookingError, type BookingRecord, type BookingSystem, type FreeTime } from '../booking-system';
import { callRenovatio, type RenovatioHttp } from './http';
import { composeId, parseId, verify, sign, type RenovatioRefParts } from './ref';
import { CreatedData, ScheduleData, ServicesData, UsersData, type RenovatioSlot, type RenovatioUser } from './schemas';

/**
 * Renovatio behind the booking seam (docs/booking.md). It sends no SMS code, cannot tell a
 * booking back and cannot move one: the manage link carries the visit itself, signed (ref.ts),
 * and moving is cancelling and booking anew. Free times come from one call, getSchedule.
 */

export interface RenovatioOptions {
  /** "https://app.rnova.org/api/public". */
  apiUrl: string;
  clinicId: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The clock, for leaving out times already past. */
  now?: () => Date;
}

/** The clinic's offset: Moscow, with no summer time since 2014. */
const OFFSET = '+03:00';
const OFFSET_MS = 3 * 60 * 60 * 1000;
/** The schedule's grain, in minutes, and a visit's length where the page does not give one. */
const STEP_MINUTES = 30;

const Ignored = z.unknown();

/** "30.12.2025" → "2025-12-30". */
const isoDay = (date: string) => `${date.slice(6, 10)}-${date.slice(3, 5)}-${date.slice(0, 2)}`;
/** "9:00" → "09:00". */
const hhmm = (time: string) => time.padStart(5, '0');

/** An ISO datetime with any offset → the clinic's local day and time. */
function local(datetime: string): { day: string; time: string; stamp: number } {
  const stamp = Date.parse(datetime);
  if (Number.isNaN(stamp)) throw new BookingError('unavailable', 'Renovatio: a datetime we cannot read');
  const text = new Date(stamp + OFFSET_MS).toISOString();
  return { day: text.slice(0, 10), time: text.slice(11, 16), stamp };
}

/** The clinic's local time → "dd.mm.yyyy HH:MM", as createAppointment takes it. */
function renovatioTime(stamp: number): string {
  const text = new Date(stamp + OFFSET_MS).toISOString();
  return `${text.slice(8, 10)}.${text.slice(5, 7)}.${text.slice(0, 4)} ${text.slice(11, 16)}`;
}

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

  const users = () => callRenovatio(http, 'getUsers', { clinic_id }, UsersData);
  const serviceList = () => callRenovatio(http, 'getServices', { clinic_id }, ServicesData);

  /**
   * Every free, future slot of this clinic, with its doctor and its start as an ISO datetime.
   * getSchedule knows doctors, not services: a doctor's free slot is offered for any service.
   */
  async function freeSlots(staffId: string | undefined) {
    const schedule = await callRenovatio(
      http,
      'getSchedule',
      { user_id: staffId, clinic_id, step: String(STEP_MINUTES), show_busy: '0', show_past: '0' },
      ScheduleData,
    );
    const after = now().getTime();
    const slots: { doctorId: string; day: string; time: string; datetime: string; slot: RenovatioSlot }[] = [];
    for (const [doctorId, list] of Object.entries(schedule)) {
      if (staffId !== undefined && doctorId !== staffId) continue;
      for (const slot of list) {
        if (slot.is_busy || (slot.clinic_id !== undefined && slot.clinic_id !== clinic_id)) continue;
        const day = isoDay(slot.date);
        const time = hhmm(slot.time_start_short);
        const datetime = `${day}T${time}:00${OFFSET}`;
        if (Date.parse(datetime) >= after) slots.push({ doctorId, day, time, datetime, slot });
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

  const unsupported = (what: string) => Promise.reject(new BookingError('unavailable', `Renovatio: ${what} not supported`));

  return {
    name: 'renovatio',
    // read: the link itself carries the visit, signed, so read() answers without asking Renovatio for the booking.
    capabilities: { codes: false, read: true, move: false },

    async services() {
      return (await serviceList()).flatMap((service) => {
        const title = service.title ?? service.name;
        if (!title) return [];
        const priceMin = service.price_min || service.price || undefined;
        return [{ id: service.id, title, priceMin, priceMax: service.price_max || priceMin }];
      });
    },

    async staff() {
      // getUsers does not say which services a doctor does: every doctor of the clinic is offered.
      return (await users()).flatMap((user) => {
        const name = nameOf(user);
        return name ? [{ id: user.id, name, specialization: specializationOf(user) }] : [];
      });
    },

    async dates({ staffId, from, to }) {
      const days = (await freeSlots(staffId)).map((slot) => slot.day).filter((day) => day >= from && day <= to);
      return [...new Set(days)].sort();
    },

    async times({ staffId, date }) {
      const seen = new Set<string>();
      const times: FreeTime[] = [];
      const slots = (await freeSlots(staffId)).filter((slot) => slot.day === date);
      slots.sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0));
      for (const { doctorId, time, datetime, slot } of slots) {
        // Under «any» one time is offered once, with the first doctor free then.
        if (seen.has(time)) continue;
        seen.add(time);
        const end = slot.time_end_short ? Date.parse(`${date}T${hhmm(slot.time_end_short)}:00${OFFSET}`) : NaN;
        const lengthSeconds = end > Date.parse(datetime) ? (end - Date.parse(datetime)) / 1000 : undefined;
        times.push({ time, datetime, staffId: doctorId, lengthSeconds });
      }
      return times;
    },

    sendCode: () => unsupported('an SMS code is'),

    async check(appointment) {
      // Only the start is checked: a visit longer than a slot that runs into a busy one is refused by
      // createAppointment's check_intersection, which is taken too.
      const { day, time } = local(appointment.datetime);
      const free = (await freeSlots(appointment.staffId)).some((slot) => slot.day === day && slot.time === time);
      if (!free) throw new BookingError('taken', 'Renovatio getSchedule: the time is busy or gone');
    },

    async create({ appointment, patient }) {
      const { stamp } = local(appointment.datetime);
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
          time_start: renovatioTime(stamp),
          time_end: renovatioTime(stamp + length),
          ...splitName(patient.name),
          mobile: patient.phone.replace(/\D/g, ''),
          email: patient.email,
          comment,
          check_intersection: '1',
        },
        CreatedData,
      );
      const start = new Date(stamp + OFFSET_MS).toISOString().slice(0, 16).replace(/\D/g, '');
      const id = composeId({ appointmentId, start, doctorId: appointment.staffId, serviceId: appointment.serviceId });
      // Booked, but the link cannot carry it: the visit stands, the page says so without a manage link.
      if (!id) throw new BookingError('unavailable', 'Renovatio createAppointment: ids the manage link cannot carry');
      return { id, hash: await sign(id, options.apiKey) };
    },

    async read(ref): Promise<BookingRecord> {
      const parts = await proved(ref);
      const { start } = parts;
      const datetime = `${start.slice(0, 4)}-${start.slice(4, 6)}-${start.slice(6, 8)}T${start.slice(8, 10)}:${start.slice(10, 12)}:00${OFFSET}`;
      // The names are looked up for the page; without them it still shows the visit's time.
      const [staffName, title] = await Promise.all([
        users()
          .then((list) => list.find((user) => user.id === parts.doctorId))
          .then((user) => (user ? nameOf(user) : undefined))
          .catch(() => undefined),
        serviceList()
          .then((list) => list.find((service) => service.id === parts.serviceId))
          .then((service) => service?.title ?? service?.name)
          .catch(() => undefined),
      ]);
      return {
        id: ref.id,
        hash: ref.hash,
        datetime,
        staffId: parts.doctorId,
        staffName,
        services: [{ id: parts.serviceId, title: title ?? '' }],
        // Renovatio cannot tell us of a cancellation made elsewhere (by the front desk): the link's visit is shown as booked.
        deleted: false,
      };
    },

    async cancel(ref) {
      const { appointmentId } = await proved(ref);
      await callRenovatio(http, 'cancelAppointment', { appointment_id: appointmentId }, Ignored);
    },

    move: () => unsupported('moving is'),
  };
}
