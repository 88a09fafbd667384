import { BookingError } from '../booking-system';

/** Renovatio's days and times (docs/booking.md, "What each call answers") and the clinic's own, for client.ts. */

/** The clinic's offset: Moscow, with no summer time since 2014. */
export const OFFSET = '+03:00';
export const OFFSET_MS = 3 * 60 * 60 * 1000;

/** "30.12.2025" → "2025-12-30". */
export const isoDay = (date: string) => `${date.slice(6, 10)}-${date.slice(3, 5)}-${date.slice(0, 2)}`;
/** "2025-12-30" → "30.12.2025", as getSchedule's time_start and time_end take a day. */
export const ruDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
/** "9:00" → "09:00". */
export const hhmm = (time: string) => time.padStart(5, '0');

/** An ISO datetime with any offset → the clinic's local day and time. */
export function local(datetime: string): { day: string; time: string; stamp: number } {
  const stamp = Date.parse(datetime);
  if (Number.isNaN(stamp)) throw new BookingError('unavailable', 'Renovatio: a datetime we cannot read');
  const text = new Date(stamp + OFFSET_MS).toISOString();
  return { day: text.slice(0, 10), time: text.slice(11, 16), stamp };
}

/** The clinic's local time → "dd.mm.yyyy HH:MM", as createAppointment takes it. */
export function renovatioTime(stamp: number): string {
  const text = new Date(stamp + OFFSET_MS).toISOString();
  return `${text.slice(8, 10)}.${text.slice(5, 7)}.${text.slice(0, 4)} ${text.slice(11, 16)}`;
}

/** A visit's start as getAppointment writes it ("01.12.2026 10:00" or "2026-12-01 10:00:00") → ISO with the clinic's offset. */
export function visitStart(text: string): string | undefined {
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})[ T](\d{1,2}):(\d{2})/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})/.exec(text);
  const [day, time] = ru
    ? [`${ru[3]}-${ru[2]}-${ru[1]}`, `${ru[4]}:${ru[5]}`]
    : iso
      ? [`${iso[1]}-${iso[2]}-${iso[3]}`, `${iso[4]}:${iso[5]}`]
      : [];
  if (!day || !time) return undefined;
  const datetime = `${day}T${hhmm(time)}:00${OFFSET}`;
  return Number.isNaN(Date.parse(datetime)) ? undefined : datetime;
}
