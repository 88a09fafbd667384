/**
 * YCLIENTS' appointment checks (book_check, book_record) in the order the real system applies them,
 * answered with its error codes: 438 a service it does not have, 436 no specialist works then, 433 the
 * time is taken (or past), 437 two appointments of one request overlap.
 */
import type { Json } from '../lib/json';
import { serviceById, staffById, scheduleStaff } from './model';
import { refusal, type ScheduleState } from './state';
import { parseDatetime, type LocalTime } from './time';

/** One appointment of a request, resolved to a specialist. */
export interface ResolvedAppointment {
  readonly appointmentId: number | string;
  readonly serviceIds: readonly number[];
  readonly staffId: number;
  readonly at: LocalTime;
  readonly minutes: number;
}

export interface AppointmentError {
  /** YCLIENTS' error code; null: a body the system does not understand at all. */
  readonly code: 433 | 436 | 437 | 438 | null;
  readonly message: string;
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An id sent as a number or a numeric string; null otherwise. */
export function idOf(raw: unknown): number | null {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** Service ids of a query (`service_ids[]=1&service_ids[]=2`, or `service_ids=1`); null when one is not a number. */
export function idList(values: readonly string[]): number[] | null {
  const ids = values.map(idOf);
  return ids.every((id): id is number => id !== null) ? ids : null;
}

/** The visit's length for these services (the sum); one grid cell when none is asked for. */
export function lengthOf(serviceIds: readonly number[]): number {
  return serviceIds.length ? serviceIds.reduce((sum, id) => sum + (serviceById(id)?.minutes ?? 0), 0) : 30;
}

/** The staff who do every one of these services, in the schedule's order. */
export function staffDoing(serviceIds: readonly number[]): number[] {
  return scheduleStaff.filter((s) => serviceIds.every((id) => serviceById(id)?.staffIds.includes(s.id))).map((s) => s.id);
}

const taken = (message = 'Выбранное время уже занято'): AppointmentError => ({ code: 433, message });
const noStaff: AppointmentError = { code: 436, message: 'Нет свободных сотрудников на выбранное время' };

/** Resolves every appointment of a book_check / book_record body, or says why one cannot be booked. */
export function resolveAppointments(s: ScheduleState, raw: unknown, now: number): ResolvedAppointment[] | AppointmentError {
  if (!Array.isArray(raw) || raw.length === 0) return { code: null, message: 'Не переданы параметры записи (appointments)' };
  const resolved: ResolvedAppointment[] = [];
  for (const item of raw) {
    if (!isRecord(item) || !Array.isArray(item.services)) return { code: null, message: 'Некорректные параметры записи' };
    const serviceIds = item.services.map(idOf);
    if (serviceIds.length === 0 || serviceIds.some((id) => id === null || !serviceById(id))) {
      return { code: 438, message: 'Услуга недоступна для онлайн-записи' };
    }
    const ids = serviceIds.filter((id): id is number => id !== null);
    const staffId = idOf(item.staff_id);
    const at = parseDatetime(item.datetime);
    if (staffId === null || at === null) return { code: null, message: 'Некорректные параметры записи' };
    const minutes = lengthOf(ids);
    const eligible = staffDoing(ids);
    const candidates = staffId === 0 ? eligible : eligible.filter((id) => id === staffId);
    if (staffId !== 0 && (!staffById(staffId) || candidates.length === 0)) return noStaff;

    const answers = candidates.map((id) => ({ id, why: refusal(s, id, at, minutes, now) }));
    const free = answers.find((a) => a.why === null);
    if (!free) return answers.every((a) => a.why === 'closed') ? noStaff : taken();
    const appointmentId = typeof item.id === 'number' || typeof item.id === 'string' ? item.id : resolved.length + 1;
    const next: ResolvedAppointment = { appointmentId, serviceIds: ids, staffId: free.id, at, minutes };
    const clash = resolved.some(
      (r) =>
        r.staffId === next.staffId && r.at.date === at.date && r.at.minutes < at.minutes + minutes && at.minutes < r.at.minutes + r.minutes,
    );
    if (clash) return { code: 437, message: 'Записи пересекаются по времени' };
    resolved.push(next);
  }
  return resolved;
}

/** Phone digits with the country code (YCLIENTS accepts "+7 999 …" spelled out); null unless 11 digits. */
export function phoneDigits(raw: unknown): string | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.replace(/[\s()+-]/g, '') : '';
  return /^\d{11}$/.test(text) ? text : null;
}

/** The error answer of YCLIENTS: `{success: false, data: null, meta: {message, errors: [{code, message}]}}`. */
export function errorBody(message: string, code: number | null): Json {
  return { success: false, data: null, meta: { message, errors: code === null ? [] : [{ code, message }] } };
}
