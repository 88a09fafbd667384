/** Dates as the clinic's Drupal (site timezone Europe/Moscow, UTC+3) outputs them. */

/** "2024-03-15 10:30" or "2024-03-15" → "2024-03-15T10:30:00+03:00" */
export function moscowIso(local: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2}))?$/.exec(local);
  if (!m) throw new Error(`Bad date literal: ${local}`);
  return `${m[1]}T${m[2] ?? '10'}:${m[3] ?? '00'}:00+03:00`;
}

export function timestampOf(iso: string): number {
  return Math.floor(Date.parse(iso) / 1000);
}

/** "2024-03-15T10:30:00+03:00" → "15.03.2024" (the clinic's views date format) */
export function ruDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

/** Add days to a Moscow ISO date-time, keeping the time of day. */
export function addDays(iso: string, days: number): string {
  const d = new Date(Date.parse(iso) + days * 86400000 + 3 * 3600000);
  return d.toISOString().slice(0, 19) + '+03:00';
}

/** Today's date in Moscow as YYYY-MM-DD (request time, used by listing filters, never by content). */
export function todayMoscow(): string {
  return new Date(Date.now() + 3 * 3600000).toISOString().slice(0, 10);
}
