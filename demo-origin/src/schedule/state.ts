/**
 * One instance's schedule: the bookings made through either face or the test control, the SMS codes
 * sent, and the company's settings. Free times are computed, never stored: the working week, minus
 * other patients (a deterministic ~30 % of cells, so every run and both faces see the same ones), minus
 * bookings, minus the past. Kept in the instance's DemoState, so each test file's instance has its own.
 */
import type { ScheduleQuirks } from './control-types';
import { DAY_END, DAY_START, GRID_MINUTES, inWindow, instantOf, isSunday, localOf, type LocalTime } from './time';

export type BookingSource = 'yclients' | 'renovatio' | 'demo';

export interface ScheduleBooking {
  readonly id: number;
  /** Authorises reading and cancelling it (YCLIENTS' record_hash). */
  readonly hash: string;
  readonly staffId: number;
  readonly serviceIds: readonly number[];
  date: string;
  start: number;
  readonly minutes: number;
  readonly source: BookingSource;
  /** The caller's id for the booking (YCLIENTS' api_id). */
  readonly apiId: string | null;
  /** The patient's phone (digits), for the `ownVisitRefused` quirk only; never shown by the control. */
  readonly phone: string | null;
  comment: string;
  readonly createdAt: number;
  deleted: boolean;
  confirmed: boolean;
  /** The visit the front desk moved this one to (Renovatio's `moved_to`); it then no longer holds its time. */
  movedTo: number | null;
}

export interface SentCode {
  /** Digits only, with the country code. */
  readonly phone: string;
  readonly code: string;
  readonly sentAt: number;
  readonly expiresAt: number;
}

/** What book_record answered for an api_id: the same api_id again gets the same answer. */
export interface RecordRef {
  readonly appointmentId: number | string;
  readonly recordId: number;
  readonly hash: string;
}

export interface ScheduleState {
  readonly bookings: ScheduleBooking[];
  nextId: number;
  /** Newest last, at most MAX_CODES. */
  readonly codes: SentCode[];
  readonly byApiId: Map<string, readonly RecordRef[]>;
  /** Whether the company asks for an SMS code before it books (YCLIENTS' phone confirmation). */
  asksCodes: boolean;
  /** The real shapes this instance answers in (control-types.ts); all off after a reset. */
  quirks: ScheduleQuirks;
}

export const NO_QUIRKS: ScheduleQuirks = {
  moveNeedsUserToken: false,
  refusalWithoutCode: false,
  readOffset: null,
  cancelRefused: false,
  ownVisitRefused: false,
  servicesKeyedServiceId: false,
  createRefusedOther: false,
  onlineCategoryId: null,
  usersWithoutServices: false,
};

/** A code is good for this long after it was sent. */
export const CODE_TTL_MS = 10 * 60 * 1000;
const MAX_CODES = 50;
/** Record ids look like a real system's: large and unrelated to anything else in the demo. */
const FIRST_RECORD_ID = 60_000_001;
/** The share of cells other patients took, in percent. */
const BUSY_PERCENT = 30;

export function createScheduleState(): ScheduleState {
  return { bookings: [], nextId: FIRST_RECORD_ID, codes: [], byApiId: new Map(), asksCodes: true, quirks: NO_QUIRKS };
}

export function resetSchedule(s: ScheduleState): void {
  s.bookings.length = 0;
  s.nextId = FIRST_RECORD_ID;
  s.codes.length = 0;
  s.byApiId.clear();
  s.asksCodes = true;
  s.quirks = NO_QUIRKS;
}

/** FNV-1a: a stable hash, so that the busy cells are the same on every run and in both faces. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A cell another patient (outside the demo's own bookings) took. */
export function cellTaken(staffId: number, date: string, minutes: number): boolean {
  return fnv1a(`${staffId}|${date}|${minutes}`) % 100 < BUSY_PERCENT;
}

/** Why a time cannot be booked: outside the working week or the window, in the past, or someone's. */
export type Refusal = 'closed' | 'past' | 'busy';

const overlaps = (aStart: number, aLen: number, bStart: number, bLen: number): boolean => aStart < bStart + bLen && bStart < aStart + aLen;

/** Bookings of a staff member's day that still hold their time. */
function liveBookings(s: ScheduleState, staffId: number, date: string, exceptId?: number): ScheduleBooking[] {
  return s.bookings.filter((b) => !b.deleted && b.staffId === staffId && b.date === date && b.id !== exceptId);
}

/** Whether `minutes` from `at` with this staff member are free; `exceptId`: a booking being moved. */
export function refusal(s: ScheduleState, staffId: number, at: LocalTime, minutes: number, now: number, exceptId?: number): Refusal | null {
  if (!inWindow(at.date, now) || isSunday(at.date)) return 'closed';
  if (at.minutes % GRID_MINUTES !== 0 || at.minutes < DAY_START || at.minutes + minutes > DAY_END || minutes <= 0) return 'closed';
  if (instantOf(at) <= now) return 'past';
  for (let cell = at.minutes; cell < at.minutes + minutes; cell += GRID_MINUTES) {
    if (cellTaken(staffId, at.date, cell)) return 'busy';
  }
  return liveBookings(s, staffId, at.date, exceptId).some((b) => overlaps(b.start, b.minutes, at.minutes, minutes)) ? 'busy' : null;
}

/**
 * How soon a time may start to be offered, as a clinic opens online booking only so long before a visit. A time
 * offered a moment before it starts would be past by the time the patient's form arrives; a booking itself is refused
 * only in the past (`refusal`).
 */
const OFFER_LEAD_MS = 30 * 60_000;

/** The starts (minutes since midnight) of one day where `minutes` with this staff member are free, and not too soon. */
export function freeStarts(s: ScheduleState, staffId: number, date: string, minutes: number, now: number): number[] {
  const starts: number[] = [];
  for (let t = DAY_START; t + minutes <= DAY_END; t += GRID_MINUTES) {
    const at = { date, minutes: t };
    if (instantOf(at) > now + OFFER_LEAD_MS && refusal(s, staffId, at, minutes, now) === null) starts.push(t);
  }
  return starts;
}

/** Whether a cell of Renovatio's grid (any step) is taken: by another patient, a booking, or the past (or too soon). */
export function cellBusy(s: ScheduleState, staffId: number, at: LocalTime, minutes: number, now: number): boolean {
  if (instantOf(at) <= now + OFFER_LEAD_MS) return true;
  for (let cell = at.minutes - (at.minutes % GRID_MINUTES); cell < at.minutes + minutes; cell += GRID_MINUTES) {
    if (cellTaken(staffId, at.date, cell)) return true;
  }
  return liveBookings(s, staffId, at.date).some((b) => overlaps(b.start, b.minutes, at.minutes, minutes));
}

function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function addBooking(
  s: ScheduleState,
  input: {
    staffId: number;
    serviceIds: readonly number[];
    at: LocalTime;
    minutes: number;
    source: BookingSource;
    apiId?: string | null;
    phone?: string | null;
    comment?: string;
  },
  now: number,
): ScheduleBooking {
  const booking: ScheduleBooking = {
    id: s.nextId++,
    hash: randomHex(16),
    staffId: input.staffId,
    serviceIds: input.serviceIds,
    date: input.at.date,
    start: input.at.minutes,
    minutes: input.minutes,
    source: input.source,
    apiId: input.apiId ?? null,
    phone: input.phone ?? null,
    comment: input.comment ?? '',
    createdAt: now,
    deleted: false,
    confirmed: false,
    movedTo: null,
  };
  s.bookings.push(booking);
  return booking;
}

export const bookingById = (s: ScheduleState, id: number): ScheduleBooking | undefined => s.bookings.find((b) => b.id === id);

/** Sends (records) a new 4-digit code for the phone; the previous one stops working. */
export function sendCode(s: ScheduleState, phone: string, now: number): SentCode {
  const n = crypto.getRandomValues(new Uint16Array(1))[0] ?? 0;
  const sent: SentCode = { phone, code: String(n % 10_000).padStart(4, '0'), sentAt: now, expiresAt: now + CODE_TTL_MS };
  s.codes.push(sent);
  if (s.codes.length > MAX_CODES) s.codes.splice(0, s.codes.length - MAX_CODES);
  return sent;
}

/** The code last sent to the phone is this one and has not expired. */
export function codeMatches(s: ScheduleState, phone: string, code: string, now: number): boolean {
  const last = [...s.codes].reverse().find((c) => c.phone === phone);
  return last !== undefined && last.code === code && now < last.expiresAt;
}

/** Writes the local time of a booking (for the control's JSON). */
export const bookingTime = (b: ScheduleBooking): LocalTime => ({ date: b.date, minutes: b.start });

/** Today's local date, for callers that default a range to it. */
export const today = (now: number): string => localOf(now).date;
