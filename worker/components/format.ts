const dateFormat = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** docs/requirements.md §3: dates read DD.MM.YYYY (Moscow time). */
export function formatDate(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : dateFormat.format(date);
}

/** A formatter made once: making one per call (an ICU time zone lookup) cost a page's render about half a millisecond. */
const moscowDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });

/** Today in Moscow as YYYY-MM-DD: the day a promotion or a listing's date is compared with (docs/requirements.md §4). */
export const todayInMoscow = (): string => moscowDay.format(new Date());

/** "+7 (495) 123-45-67" → "tel:+74951234567". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** YYYY-MM-DD → DD.MM.YYYY (docs/requirements.md §2), without time-zone arithmetic: the day is already the clinic's. */
export const formatDay = (day: string | undefined): string | undefined =>
  day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day.split('-').reverse().join('.') : undefined;

const moscow = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** ДД.ММ.ГГГГ ЧЧ:ММ, Moscow time, as the clinic's administrators read it. */
export function moscowDateTime(when: string | number): string {
  const date = new Date(when);
  return Number.isNaN(date.getTime()) ? '—' : moscow.format(date).replace(', ', ' ');
}
