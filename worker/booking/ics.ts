import { BookingError } from './booking-system';
import { instantOf } from './clinic-time';

/**
 * «Добавить в календарь»: the booking as an iCalendar event (RFC 5545), which phones and mail clients open
 * as a calendar entry. Times in UTC; text escaped and lines folded as the format asks.
 */
export interface CalendarEvent {
  uid: string;
  /** ISO 8601 with offset. */
  start: string;
  minutes: number;
  summary: string;
  location?: string;
  description?: string;
  /** The manage page, where the entry leads back to. */
  url?: string;
}

const escape = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/([,;])/g, '\\$1');

const utc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Lines of at most 75 octets: longer ones continue on the next line after a space (counted in characters, 40 Cyrillic ones ≈ 80 octets). */
function fold(line: string): string {
  const parts: string[] = [];
  let rest = line;
  while (new TextEncoder().encode(rest).length > 75) {
    let cut = 37;
    while (cut < rest.length && new TextEncoder().encode(rest.slice(0, cut + 1)).length <= 74) cut++;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts.join('\r\n ');
}

export function icsOf(event: CalendarEvent, now = Date.now()): string {
  // The instant, whatever offset the system wrote ("+0000" included, which Date.parse does not read everywhere).
  const start = instantOf(event.start);
  if (Number.isNaN(start)) throw new BookingError('unavailable', 'the booking’s time is not a moment we can read');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//clinic-site//booking//RU',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utc(now)}`,
    `DTSTART:${utc(start)}`,
    `DTEND:${utc(start + event.minutes * 60_000)}`,
    `SUMMARY:${escape(event.summary)}`,
    ...(event.location ? [`LOCATION:${escape(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escape(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
