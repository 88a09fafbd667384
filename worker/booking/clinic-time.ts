/**
 * The clinic's wall clock (docs/booking.md, "Times and the clinic's time zone"). A schedule system may write a moment
 * in any offset ("…+0000", "…-0500", "…+03:00"); the patient is shown the day and time on the clinic's own clock
 * (`BOOKING_TIMEZONE`, Moscow by default), computed from the instant, never cut out of the string.
 */
import { DEFAULT_TIMEZONE } from '../config/booking';

/** "2026-12-01T09:00:00+0000" and "…-0500" as ISO 8601 proper ("…+00:00"); `Date.parse` does not read the first forms everywhere. */
const OFFSET_WITHOUT_COLON = /([+-]\d{2})(\d{2})$/;
/** A moment with a zone: "Z", "+03:00" or "+0300" after the time. */
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A moment without a zone ("2026-12-01 12:00:00"): a wall clock, the clinic's. */
const WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/;

/**
 * The instant (ms since the epoch) of an ISO 8601 moment; NaN for anything else. A moment written without a zone is
 * read as the clinic's wall clock when `timeZone` is given (else NaN: whose clock it is on would be a guess).
 */
export function instantOf(datetime: string, timeZone?: string): number {
  const text = datetime.trim();
  if (WITH_ZONE.test(text)) return Date.parse(text.replace(' ', 'T').replace(OFFSET_WITHOUT_COLON, '$1:$2'));
  if (!timeZone || !WITHOUT_ZONE.test(text)) return Number.NaN;
  const asUtc = Date.parse(`${text.replace(' ', 'T')}Z`);
  if (Number.isNaN(asUtc)) return asUtc;
  // The wall clock read as UTC is ahead of the instant by the zone's offset then (the offset an hour either side of
  // a change is the one a clinic's schedule means; Moscow has had none since 2014).
  return asUtc - offsetMinutesAt(asUtc, timeZone) * 60_000;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** A moment on the clinic's clock. */
export interface ClinicTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
  /** The same instant as ISO 8601 in the clinic's offset: "2026-12-01T12:00:00+03:00". */
  iso: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

function wallClock(ms: number, timeZone: string): { date: string; clock: string } {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, clock: `${parts.hour}:${parts.minute}:${parts.second}` };
}

/** How far the zone's wall clock is ahead of UTC at this instant, in minutes (whole seconds dropped on both sides). */
function offsetMinutesAt(ms: number, timeZone: string): number {
  const { date, clock } = wallClock(ms, timeZone);
  return Math.round((Date.parse(`${date}T${clock}Z`) - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** The clinic's day and time of an instant (ms). */
export function clinicTimeOfInstant(ms: number, timeZone: string): ClinicTime {
  const { date, clock } = wallClock(ms, timeZone);
  const offsetMinutes = offsetMinutesAt(ms, timeZone);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return { date, time: clock.slice(0, 5), iso: `${date}T${clock}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}` };
}

/** The clinic's day and time of an ISO 8601 moment in any offset (without one: the clinic's); undefined when it names no instant. */
export function clinicTime(datetime: string, timeZone: string): ClinicTime | undefined {
  const ms = instantOf(datetime, timeZone);
  return Number.isNaN(ms) ? undefined : clinicTimeOfInstant(ms, timeZone);
}

/** How far ahead a patient may book (docs/booking.md, "The page"). */
export const BOOKING_DAYS = 30;

/** Today on the clinic's clock (BOOKING_TIMEZONE, Moscow by default), as YYYY-MM-DD. */
export const clinicToday = (now: number, timeZone = DEFAULT_TIMEZONE) => clinicTimeOfInstant(now, timeZone).date;

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
