/**
 * Walking /booking.html over HTTP as a patient without JavaScript would (docs/booking.md, "The page"): the GET steps
 * by their links, and the person's form posted as the browser posts it. For the booking tests on both targets and
 * the Node target's hold.
 */
import { expect } from 'vitest';
import { page, request } from './helpers';

/** Ботулинотерапия (30 min), done by «Иванова Е. С.» (1001, Drupal's «Иванова Елена Сергеевна») and 1002. */
export const SERVICE = '2006';
export const STAFF = '1001';
export const PHONE = '+7 (999) 123-45-67';
export const DIGITS = '79991234567';

/** Every link a pattern's first group names, as the browser would follow it. */
export const links = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!.replaceAll('&amp;', '&'));

/**
 * Walks the GET steps as a patient clicks: service, doctor, a free day (the first, or the `dayIndex`th: a test that needs
 * more than one time of a day takes a later one, as today's may be down to its last), its first time; the form's own key.
 */
export async function chooseTime(doctor = STAFF, overrides: Record<string, string> = {}, dayIndex = 0) {
  const days = await page(`/booking.html?service=${SERVICE}&doctor=${doctor}`, overrides);
  expect(days.status).toBe(200);
  const day = links(days.html, /class="booking-calendar__day" href="([^"]+)"/g)[dayIndex];
  expect(day).toBeDefined();
  const times = await page(day!, overrides);
  const time = links(times.html, /class="booking-time" href="([^"]+)"/g)[0];
  expect(time).toBeDefined();
  const person = await page(time!, overrides);
  expect(person.status).toBe(200);
  const query = new URL(time!, 'http://x').searchParams;
  const key = /name="key" value="([^"]+)"/.exec(person.html)?.[1];
  expect(key).toBeDefined();
  return { query, key: key!, html: person.html };
}

/** A form posted from the site's own page. */
export async function postForm(path: string, fields: Record<string, string>, overrides: Record<string, string> = {}) {
  const { response, settled } = await request(path, overrides, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://127.0.0.1:8787' },
    body: new URLSearchParams(fields).toString(),
  });
  const html = await response.text();
  await settled();
  return { status: response.status, location: response.headers.get('Location'), html, headers: response.headers };
}

/** The person's form at the chosen time, as a patient fills it (consent given); `extra` adds or replaces fields. */
export const personFields = (query: URLSearchParams, key: string, extra: Record<string, string> = {}) => ({
  ...Object.fromEntries(query),
  key,
  name: 'Анна Петрова',
  phone: PHONE,
  email: '',
  comment: '',
  soglasie_na_obrabotku: '1',
  ...extra,
});
