import { BookingError } from '../booking-system';
import { clinicTime, clinicTimeOfInstant, instantOf } from '../clinic-time';

/**
 * Renovatio's days and times (docs/booking.md, "What each call answers") and the clinic's own, for client.ts.
 * Renovatio writes the clinic's wall clock without an offset ("01.12.2026 10:00"): the offset is the clinic's time
 * zone's at that moment (BOOKING_TIMEZONE; docs/booking.md, "Times and the clinic's time zone").
 */

/** The clinic's wall clock (day "2026-12-01", time "10:00") → ISO 8601 with the zone's offset then; undefined if it is no moment. */
export function wallIso(day: string, time: string, timeZone: string): string | undefined {
  const ms = instantOf(`${day}T${hhmm(time)}:00`, timeZone);
  return Number.isNaN(ms) ? undefined : clinicTimeOfInstant(ms, timeZone).iso;
}

/** "30.12.2025" → "2025-12-30". */
export const isoDay = (date: string) => `${date.slice(6, 10)}-${date.slice(3, 5)}-${date.slice(0, 2)}`;
/** "2025-12-30" → "30.12.2025", as getSchedule's time_start and time_end take a day. */
export const ruDay = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
/** "9:00" → "09:00". */
export const hhmm = (time: string) => time.padStart(5, '0');

/** An ISO datetime with any offset → the clinic's local day and time, and its instant. */
export function local(datetime: string, timeZone: string): { day: string; time: string; stamp: number } {
  const at = clinicTime(datetime, timeZone);
  if (!at) throw new BookingError('unavailable', 'Renovatio: a datetime we cannot read');
  return { day: at.date, time: at.time, stamp: instantOf(datetime, timeZone) };
}

/** An instant → the clinic's wall clock as createAppointment takes it, "dd.mm.yyyy HH:MM". */
export function renovatioTime(stamp: number, timeZone: string): string {
  const { date, time } = clinicTimeOfInstant(stamp, timeZone);
  return `${ruDay(date)} ${time}`;
}

/** An instant → the clinic's wall clock as the manage link carries it, "202612011000". */
export const linkStart = (stamp: number, timeZone: string): string => {
  const { date, time } = clinicTimeOfInstant(stamp, timeZone);
  return `${date}${time}`.replace(/\D/g, '');
};

/** A visit's start as getAppointment writes it ("01.12.2026 10:00" or "2026-12-01 10:00:00") → ISO with the clinic's offset. */
export function visitStart(text: string, timeZone: string): string | undefined {
  const ru = /^(\d{2})\.(\d{2})\.(\d{4})[ T](\d{1,2}):(\d{2})/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})/.exec(text);
  const [day, time] = ru
    ? [`${ru[3]}-${ru[2]}-${ru[1]}`, `${ru[4]}:${ru[5]}`]
    : iso
      ? [`${iso[1]}-${iso[2]}-${iso[3]}`, `${iso[4]}:${iso[5]}`]
      : [];
  if (!day || !time) return undefined;
  return wallIso(day, time, timeZone);
}
