/**
 * The clinic's clock: dates (YYYY-MM-DD) and minutes since midnight in Moscow time, whatever the
 * machine's zone, and the working week. Both faces parse and write times through these helpers, so they agree.
 */

/** The clinic's offset: Moscow has no daylight saving time. */
export const CLINIC_OFFSET = '+03:00';
export const CLINIC_OFFSET_MINUTES = 180;
/** Working hours, minutes since midnight, Monday to Saturday. */
export const DAY_START = 10 * 60;
export const DAY_END = 20 * 60;
/** Every time starts on this grid; busy cells and Renovatio's default step are this long. */
export const GRID_MINUTES = 30;
/** How far ahead the schedule is open, today included. */
export const WINDOW_DAYS = 30;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A moment of the clinic's day. */
export interface LocalTime {
  readonly date: string;
  readonly minutes: number;
}

const pad = (n: number): string => String(n).padStart(2, '0');

export const hhmm = (minutes: number): string => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The clinic's local time of an instant. */
export function localOf(ms: number): LocalTime {
  const shifted = new Date(ms + CLINIC_OFFSET_MINUTES * MINUTE);
  return { date: shifted.toISOString().slice(0, 10), minutes: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
}

/** The instant of a local time. */
export function instantOf(t: LocalTime): number {
  const [y, m, d] = t.date.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) + (t.minutes - CLINIC_OFFSET_MINUTES) * MINUTE;
}

/** "2026-12-01T12:00:00+03:00", as YCLIENTS writes datetimes. */
export const isoOf = (t: LocalTime): string => `${t.date}T${hhmm(t.minutes)}:00${CLINIC_OFFSET}`;

/** "01.12.2026", as Renovatio writes dates. */
export function ruDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}

/** A YYYY-MM-DD that names a real day, or null. */
export function validDate(raw: string | undefined): string | null {
  if (!raw || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
  return new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) === raw ? raw : null;
}

/** "dd.mm.yyyy" or "dd.mm.yyyy HH:MM" (Renovatio's form fields). */
export function parseRu(raw: string | undefined): LocalTime | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})(?: (\d{2}):(\d{2}))?$/.exec(raw?.trim() ?? '');
  if (!m) return null;
  const date = validDate(`${m[3]}-${m[2]}-${m[1]}`);
  const minutes = Number(m[4] ?? 0) * 60 + Number(m[5] ?? 0);
  return date && minutes < 24 * 60 ? { date, minutes } : null;
}

/**
 * A datetime as YCLIENTS callers send it: ISO 8601 with an offset (any offset: it is converted), without
 * one (the clinic's local time), "YYYY-MM-DD HH:MM:SS", or unix seconds.
 */
export function parseDatetime(raw: unknown): LocalTime | null {
  if (typeof raw === 'number' && Number.isFinite(raw)) return localOf(raw * 1000);
  if (typeof raw !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(Z|[+-]\d{2}:?\d{2})?$/.exec(raw.trim());
  if (!m || !validDate(m[1])) return null;
  if (m[5] === undefined) {
    const minutes = Number(m[2]) * 60 + Number(m[3]);
    return minutes < 24 * 60 ? { date: m[1] ?? '', minutes } : null;
  }
  const ms = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}${m[5].length === 5 ? `${m[5].slice(0, 3)}:${m[5].slice(3)}` : m[5]}`);
  return Number.isNaN(ms) ? null : localOf(ms);
}

/** The date `days` after `date`, both as YYYY-MM-DD. */
const daysAfter = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The days the schedule is open for, today (Moscow) first. */
export function windowDates(now: number): string[] {
  const today = localOf(now).date;
  return Array.from({ length: WINDOW_DAYS }, (_, i) => daysAfter(today, i));
}

/** Whether `date` is one of the days the schedule is open for (`windowDates`), asked for every cell of a day. */
export function inWindow(date: string, now: number): boolean {
  const today = localOf(now).date;
  return date >= today && date <= daysAfter(today, WINDOW_DAYS - 1);
}

/** Sunday is the clinic's day off. */
export const isSunday = (date: string): boolean => new Date(`${date}T00:00:00Z`).getUTCDay() === 0;

/**
 * The same instant written in another offset ("+0000", "-0500", "+03:00"), as some YCLIENTS accounts write read-back
 * datetimes (the schedule's `readOffset` quirk); the offset's own form (with or without the colon) is kept.
 */
export function isoInOffset(t: LocalTime, offset: string): string {
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(offset);
  if (!m && offset !== 'Z') return isoOf(t);
  const minutes = m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  const wall = new Date(instantOf(t) + minutes * 60_000).toISOString().slice(0, 19);
  return `${wall}${offset}`;
}
