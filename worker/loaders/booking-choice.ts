import type { FreeTime } from '../booking/booking-system';
import type { ChoiceQuery } from '../booking/booking-url';
import { addDays, BOOKING_DAYS } from '../booking/clinic-time';
import { bookingCatalog, type BookingCatalog, type CatalogStaff } from '../booking/catalog';
import type { Schedule } from '../booking/schedule';
import type { DrupalClient } from '../drupal/client';
import type { NodeData } from '../drupal/types';
import type { CalendarDay, Choice } from '../screens/booking/booking-view';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;
const ID = /^[\w-]{1,40}$/;

/** The lists found empty so far in this process or isolate: each is said once, not on every request. */
const saidEmpty = new Set<string>();

/**
 * A list the booking needs (services, specialists) came back empty although the system answered: the account is
 * set up so that nothing can be booked online. Said once per process or isolate, as a plain line with no one's data
 * (docs/booking.md, "When the schedule fails"); the page offers the request form meanwhile.
 */
export function reportEmptyList(system: string, list: 'services' | 'staff'): void {
  if (saidEmpty.has(`${system}:${list}`)) return;
  saidEmpty.add(`${system}:${list}`);
  const what = list === 'services' ? 'услуг' : 'специалистов услуги';
  console.warn(`Онлайн-запись: ${system} ответил пустым списком ${what}; проверьте настройки онлайн-записи в расписании клиники`);
}

/** Only what an address may carry: ids, a day and a time of the right forms; anything else is dropped. */
export function cleanQuery(raw: Record<string, string | undefined>): ChoiceQuery {
  const pick = (name: string, form: RegExp) => {
    const value = raw[name];
    return value && form.test(value) ? value : undefined;
  };
  return {
    service: pick('service', ID),
    doctor: pick('doctor', ID),
    date: pick('date', DAY),
    time: pick('time', TIME),
    staff: pick('staff', ID),
    move: pick('move', /^[\w.-]{1,120}$/),
    hash: pick('hash', /^[\w-]{1,200}$/),
  };
}

/** Drupal's doctors and services; nothing when Drupal cannot say (then the schedule's names are all there is). */
async function drupalPeople(drupal: DrupalClient): Promise<{ doctors: NodeData[]; services: NodeData[] } | null> {
  try {
    const [doctors, services] = await Promise.all([
      drupal.nodes('doctors', { limit: 200, include: [] }),
      drupal.nodes('services', { limit: 500, include: [] }),
    ]);
    return { doctors: doctors.items, services: services.items };
  } catch {
    return null;
  }
}

/** The catalog of what may be booked: the schedule's lists joined with Drupal's (every call started at once). */
export async function loadCatalog(schedule: Schedule, drupal: DrupalClient, idField: string): Promise<BookingCatalog> {
  const [services, staff, people] = await Promise.all([schedule.services(), schedule.staff(), drupalPeople(drupal)]);
  const catalog = bookingCatalog({ services, staff }, people ?? { doctors: [], services: [] }, idField);
  // Drupal silent: the schedule's own names are shown rather than nobody.
  if (!people) for (const member of catalog.staff) member.inDrupal = true;
  return catalog;
}

/**
 * Starts at once every schedule call the address implies (its service's specialists, the days, the day's times),
 * beside the catalog's, so that a step opened from a link costs one round of the schedule, not one per part
 * (docs/booking.md, "The page"). The calls answer again from the request's own memory when the step reads them;
 * a failure here is the step's to meet when it does.
 */
export function prefetchChoice(schedule: Schedule, query: ChoiceQuery, today: string): void {
  const quiet = (promise: Promise<unknown>) => void promise.catch(() => undefined);
  if (!query.service) return;
  quiet(schedule.staff(query.service));
  if (!query.doctor) return;
  const staffId = query.doctor === 'any' ? undefined : query.doctor;
  if (!query.date) return quiet(schedule.dates({ serviceId: query.service, staffId, from: today, to: addDays(today, BOOKING_DAYS - 1) }));
  quiet(schedule.times({ serviceId: query.service, staffId, date: query.date }));
}

/** The choice an address names, each part kept only while it still fits the parts before it. */
export async function resolveChoice(schedule: Schedule, catalog: BookingCatalog, query: ChoiceQuery, today: string): Promise<Choice> {
  const choice: Choice = { query: {} };
  const service = query.service ? catalog.service(query.service) : undefined;
  if (!service) {
    // A doctor's link without a service: kept, to narrow the services shown.
    const doctor = query.doctor ? catalog.staffMember(query.doctor) : undefined;
    choice.query = { doctor: doctor?.inDrupal ? doctor.id : undefined };
    if (doctor?.inDrupal) choice.doctor = doctor;
    return choice;
  }
  choice.service = service;
  choice.query.service = service.id;
  if (query.move && query.hash) {
    choice.moving = { id: query.move, hash: query.hash };
    Object.assign(choice.query, { move: query.move, hash: query.hash });
  }
  if (!query.doctor) return choice;
  const doers = await schedule.staff(service.id);
  const doctor = query.doctor === 'any' ? 'any' : catalog.staffMember(query.doctor);
  if (doctor === undefined || (doctor !== 'any' && (!doctor.inDrupal || !doers.some((d) => d.id === doctor.id)))) return choice;
  choice.doctor = doctor;
  choice.query.doctor = doctor === 'any' ? 'any' : doctor.id;
  if (!query.date || query.date < today || query.date > addDays(today, BOOKING_DAYS - 1)) return choice;
  choice.date = query.date;
  choice.query.date = query.date;
  if (!query.time) return choice;
  const times = await schedule.times({ serviceId: service.id, staffId: doctor === 'any' ? undefined : doctor.id, date: query.date });
  const time = pickTime(times, query.time, doctor === 'any' ? query.staff : doctor.id);
  if (!time) return choice;
  choice.time = time;
  choice.query.time = time.time;
  if (doctor === 'any') {
    const staff = await staffOfAnyTime(schedule, catalog, service.id, query.date, time, query.staff);
    if (!staff) return { ...choice, time: undefined, query: { ...choice.query, time: undefined } };
    choice.staff = staff;
    choice.query.staff = staff.id;
    choice.time = { ...time, staffId: staff.id };
  }
  return choice;
}

function pickTime(times: readonly FreeTime[], time: string, staffId: string | undefined): FreeTime | undefined {
  return times.find((t) => t.time === time && (!staffId || !t.staffId || t.staffId === staffId)) ?? undefined;
}

/** «Любой специалист»: who the time is with, as the system said, or the first of the service's specialists free then. */
async function staffOfAnyTime(
  schedule: Schedule,
  catalog: BookingCatalog,
  serviceId: string,
  date: string,
  time: FreeTime,
  wanted: string | undefined,
): Promise<CatalogStaff | undefined> {
  const named = time.staffId ?? wanted;
  if (named) return catalog.staffMember(named);
  for (const member of await schedule.staff(serviceId)) {
    const times = await schedule.times({ serviceId, staffId: member.id, date });
    if (times.some((t) => t.time === time.time)) return catalog.staffMember(member.id);
  }
  return undefined;
}

/** The calendar of the next BOOKING_DAYS days, those with a free time marked. */
export async function calendarOf(schedule: Schedule, choice: Choice, today: string): Promise<CalendarDay[]> {
  const to = addDays(today, BOOKING_DAYS - 1);
  const staffId = choice.doctor === 'any' || !choice.doctor ? undefined : choice.doctor.id;
  const free = new Set(await schedule.dates({ serviceId: choice.service?.id ?? '', staffId, from: today, to }));
  return Array.from({ length: BOOKING_DAYS }, (_, i) => addDays(today, i)).map((date) => ({ date, free: free.has(date) }));
}

/** A day's free times, each time once (with «any», the first specialist free then). */
export async function timesOf(schedule: Schedule, choice: Choice): Promise<FreeTime[]> {
  if (!choice.service || !choice.date) return [];
  const staffId = choice.doctor === 'any' || !choice.doctor ? undefined : choice.doctor.id;
  const times = await schedule.times({ serviceId: choice.service.id, staffId, date: choice.date });
  const seen = new Set<string>();
  return times.filter((t) => !seen.has(t.time) && seen.add(t.time)).sort((a, b) => a.time.localeCompare(b.time));
}

/** The nearest free times after a taken one: the rest of that day, then the next days, at most `count`. */
export async function nearestTimes(schedule: Schedule, choice: Choice, today: string, count = 6): Promise<FreeTime[]> {
  if (!choice.service || !choice.date) return [];
  const staffId = choice.doctor === 'any' || !choice.doctor ? undefined : choice.doctor.id;
  const found: FreeTime[] = [];
  const days = await schedule.dates({ serviceId: choice.service.id, staffId, from: choice.date, to: addDays(today, BOOKING_DAYS - 1) });
  for (const date of days.slice(0, 3)) {
    const times = await schedule.times({ serviceId: choice.service.id, staffId, date });
    for (const time of times) {
      if (time.datetime === choice.time?.datetime) continue;
      found.push(time);
      if (found.length === count) return found;
    }
  }
  return found;
}
