import type { KeyValueStore } from '../seams/seams';
import { DEFAULT_TIMEZONE } from '../config/booking';
import { clinicTime } from './clinic-time';
import type { BookingService, BookingStaff, BookingSystem, FreeTime } from './booking-system';

/**
 * The schedule system's reading calls through the shared store (docs/booking.md, "Caching"): free times for at
 * most a minute, since a time shown may be taken by the clinic's front desk at any moment (the slot is checked
 * again before booking anyway), and the lists of services and specialists for ten. Only what the system answers
 * is kept, never anything of a patient. A request's own calls of the same key share one answer (a Schedule is made
 * per request), so a step can start every call its address implies at once and read them again as it checks them.
 */
export const TIMES_SECONDS = 60;
export const LISTS_SECONDS = 600;
/**
 * The lists change when the clinic hires or adds a service: past LISTS_SECONDS a kept list is still answered at once
 * while a fresh one is fetched for the next request, for up to a day. Free times never are: a shown time must be real.
 */
export const LISTS_STALE_SECONDS = 86_400;

/** KV forgets nothing sooner than a minute: the age check below is what holds the limits above. */
const MIN_KV_TTL = 60;

interface Kept<T> {
  /** When the answer was asked for (not when it came): an answer asked before a booking is older than its mark. */
  at: number;
  value: T;
}

/**
 * Forgetting free times (docs/booking.md, "Caching"). The times keys are per service, and a booking drops a
 * specialist's day for every service and the «any» lists beside: which keys those are depends on the whole services
 * list, and deleting them by `list({prefix})` is no better — KV's listing is eventually consistent (a key written
 * seconds ago may be missing from it), Valkey's a SCAN of the whole keyspace. So a booking writes marks instead —
 * the time it happened, under `forgot:<staffId|any>:<date>` for the times and `forgot:<staffId|any>:days` for the
 * bookable days — and every kept times or days answer is read together with its one mark (in parallel: no added
 * wait) and counts as absent when it was asked for no later than the mark. A mark outlives every answer it governs
 * (TIMES_SECONDS), then goes by itself.
 */
const timesMark = (staffId: string | undefined, date: string) => `forgot:${staffId ?? 'any'}:${date}`;
const daysMark = (staffId: string | undefined) => `forgot:${staffId ?? 'any'}:days`;

export interface Schedule {
  readonly system: BookingSystem;
  services(staffId?: string): Promise<BookingService[]>;
  staff(serviceId?: string): Promise<BookingStaff[]>;
  dates(query: { serviceId: string; staffId?: string; from: string; to: string }): Promise<string[]>;
  times(query: { serviceId: string; staffId?: string; date: string }): Promise<FreeTime[]>;
  /**
   * A booking, a move or a cancel of `staffId` at `datetime` succeeded: from now on this specialist's free times of
   * that day (every service), the «any specialist» times of that day and the bookable days of both are asked anew.
   */
  forgetTimes(slot: { staffId: string; datetime: string }): Promise<void>;
}

export interface ScheduleOptions {
  system: BookingSystem;
  /** The shared store (KV, Valkey); keys under `booking:`. */
  store: KeyValueStore;
  /** Names the system's account in the keys, so that two clinics on one store never share answers. */
  account: string;
  now?: () => number;
  waitUntil?: (promise: Promise<unknown>) => void;
  /** The clinic's time zone (BOOKING_TIMEZONE): the day a moment falls on, whatever offset it is written in. */
  timeZone?: string;
}

export function createSchedule({
  system,
  store,
  account,
  now = Date.now,
  waitUntil = () => {},
  timeZone = DEFAULT_TIMEZONE,
}: ScheduleOptions): Schedule {
  const flights = new Map<string, Promise<unknown>>();
  /** The mark each flying times or days key is forgotten by, so that a forget also ends this request's own answers. */
  const flightMarks = new Map<string, string>();
  const fullKey = (key: string) => `booking:${system.name}:${account}:${key}`;

  async function cached<T>(key: string, seconds: number, load: () => Promise<T>, staleSeconds = 0, mark?: string): Promise<T> {
    const full = fullKey(key);
    const flying = flights.get(full);
    if (flying) return flying as Promise<T>;
    const fetchAndKeep = async () => {
      const asked = now();
      const value = await load();
      const entry: Kept<T> = { at: asked, value };
      // A write that fails costs the next request a call, never this one its answer.
      waitUntil(store.put(full, JSON.stringify(entry), { expirationTtl: Math.max(MIN_KV_TTL, seconds + staleSeconds) }).catch(() => {}));
      return value;
    };
    const flight = (async () => {
      const [found, forgotAt] = await Promise.all([
        store.get<Kept<T>>(full, 'json').catch(() => null),
        mark ? store.get<number>(fullKey(mark), 'json').catch(() => null) : null,
      ]);
      const kept = found && (typeof forgotAt !== 'number' || found.at > forgotAt) ? found : null;
      const age = kept ? now() - kept.at : Infinity;
      if (kept && age < seconds * 1000) return kept.value;
      if (kept && age < (seconds + staleSeconds) * 1000) {
        waitUntil(fetchAndKeep().catch(() => {}));
        return kept.value;
      }
      return fetchAndKeep();
    })();
    flights.set(full, flight);
    if (mark) flightMarks.set(full, mark);
    // A failure is not this request's answer for good: a later call of the same key asks again.
    flight.catch(() => flights.delete(full));
    return flight;
  }

  async function forgetTimes({ staffId, datetime }: { staffId: string; datetime: string }): Promise<void> {
    // The date as the times queries name it: the clinic's day of the instant (a booking read back may be written in
    // any offset; docs/booking.md, "Times and the clinic's time zone"). A moment we cannot read forgets nothing.
    const date = clinicTime(datetime, timeZone)?.date;
    if (!date) return;
    const marks = [timesMark(staffId, date), timesMark(undefined, date), daysMark(staffId), daysMark(undefined)];
    for (const [full, mark] of flightMarks) {
      if (marks.includes(mark)) {
        flights.delete(full);
        flightMarks.delete(full);
      }
    }
    const at = JSON.stringify(now());
    // Awaited, unlike the answers' writes: the next visitor must not be offered this time, even a moment later. A
    // write that fails leaves the times a minute at most, as before; it never costs the patient the booking made.
    await Promise.all(
      marks.map((mark) => store.put(fullKey(mark), at, { expirationTtl: Math.max(MIN_KV_TTL, TIMES_SECONDS) }).catch(() => {})),
    );
  }

  return {
    system,
    services: (staffId) => cached(`services:${staffId ?? ''}`, LISTS_SECONDS, () => system.services(staffId), LISTS_STALE_SECONDS),
    staff: (serviceId) => cached(`staff:${serviceId ?? ''}`, LISTS_SECONDS, () => system.staff(serviceId), LISTS_STALE_SECONDS),
    dates: (q) =>
      cached(`dates:${q.serviceId}:${q.staffId ?? 'any'}:${q.from}:${q.to}`, TIMES_SECONDS, () => system.dates(q), 0, daysMark(q.staffId)),
    times: (q) =>
      cached(`times:${q.serviceId}:${q.staffId ?? 'any'}:${q.date}`, TIMES_SECONDS, () => system.times(q), 0, timesMark(q.staffId, q.date)),
    forgetTimes,
  };
}
