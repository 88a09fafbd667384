import type { KeyValueStore } from '../platform/seams';
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
  at: number;
  value: T;
}

export interface Schedule {
  readonly system: BookingSystem;
  services(staffId?: string): Promise<BookingService[]>;
  staff(serviceId?: string): Promise<BookingStaff[]>;
  dates(query: { serviceId: string; staffId?: string; from: string; to: string }): Promise<string[]>;
  times(query: { serviceId: string; staffId?: string; date: string }): Promise<FreeTime[]>;
}

export interface ScheduleOptions {
  system: BookingSystem;
  /** The shared store (KV, Valkey); keys under `booking:`. */
  store: KeyValueStore;
  /** Names the system's account in the keys, so that two clinics on one store never share answers. */
  account: string;
  now?: () => number;
  waitUntil?: (promise: Promise<unknown>) => void;
}

export function createSchedule({ system, store, account, now = Date.now, waitUntil = () => {} }: ScheduleOptions): Schedule {
  const flights = new Map<string, Promise<unknown>>();

  async function cached<T>(key: string, seconds: number, load: () => Promise<T>, staleSeconds = 0): Promise<T> {
    const full = `booking:${system.name}:${account}:${key}`;
    const flying = flights.get(full);
    if (flying) return flying as Promise<T>;
    const fetchAndKeep = async () => {
      const value = await load();
      const entry: Kept<T> = { at: now(), value };
      // A write that fails costs the next request a call, never this one its answer.
      waitUntil(store.put(full, JSON.stringify(entry), { expirationTtl: Math.max(MIN_KV_TTL, seconds + staleSeconds) }).catch(() => {}));
      return value;
    };
    const flight = (async () => {
      const kept = await store.get<Kept<T>>(full, 'json').catch(() => null);
      const age = kept ? now() - kept.at : Infinity;
      if (kept && age < seconds * 1000) return kept.value;
      if (kept && age < (seconds + staleSeconds) * 1000) {
        waitUntil(fetchAndKeep().catch(() => {}));
        return kept.value;
      }
      return fetchAndKeep();
    })();
    flights.set(full, flight);
    // A failure is not this request's answer for good: a later call of the same key asks again.
    flight.catch(() => flights.delete(full));
    return flight;
  }

  return {
    system,
    services: (staffId) => cached(`services:${staffId ?? ''}`, LISTS_SECONDS, () => system.services(staffId), LISTS_STALE_SECONDS),
    staff: (serviceId) => cached(`staff:${serviceId ?? ''}`, LISTS_SECONDS, () => system.staff(serviceId), LISTS_STALE_SECONDS),
    dates: (q) => cached(`dates:${q.serviceId}:${q.staffId ?? 'any'}:${q.from}:${q.to}`, TIMES_SECONDS, () => system.dates(q)),
    times: (q) => cached(`times:${q.serviceId}:${q.staffId ?? 'any'}:${q.date}`, TIMES_SECONDS, () => system.times(q)),
  };
}
