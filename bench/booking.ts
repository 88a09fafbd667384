/**
 * Online booking in the bench (docs/benchmarks.md, "Booking"): the times step of /booking.html opened cold from a
 * link (empty cache, a new isolate) with every call to the demo origin — Drupal and the schedule system alike —
 * delayed, as a multiple of that delay (its calls start at once: about one round is the limit); and the JavaScript a
 * reading visit of the booking page fetches, against the reading budget.
 */
import type { Browser } from 'playwright-core';
import { demoControl } from '../demo-origin/control-client.ts';
import { BUDGET, readingVisit } from './budgets.ts';
import { PHONE } from './chromium.ts';

/** The times step's calls (Drupal's lists, the schedule's) all start at once: the delay may add one round. */
export const BOOKING_ROUNDS_LIMIT = 1;

export interface TimesStep {
  path: string;
}

/** The address of a times step a doctor's link would open: the demo schedule's first service, specialist and free day. */
export async function timesStep(demoUrl: string): Promise<TimesStep> {
  const { schedule } = demoControl(demoUrl);
  const company = (await schedule.state()).companyId;
  const headers = { Accept: 'application/vnd.yclients.v2+json', Authorization: 'Bearer bench' };
  const get = async <T>(path: string) =>
    ((await (await fetch(`${schedule.yclientsApiUrl}/${path}`, { headers })).json()) as { data: T }).data;
  const { services } = await get<{ services: { id: number }[] }>(`book_services/${company}`);
  const service = services[0]!.id;
  const staff = (await get<{ id: number; bookable: boolean }[]>(`book_staff/${company}?service_ids[]=${service}`)).find(
    (s) => s.bookable,
  )!.id;
  const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 3 * 3_600_000 + 29 * 86_400_000).toISOString().slice(0, 10);
  const { booking_dates } = await get<{ booking_dates: string[] }>(
    `book_dates/${company}?service_ids[]=${service}&staff_id=${staff}&date_from=${today}&date_to=${to}`,
  );
  return { path: `/booking.html?service=${service}&doctor=${staff}&date=${booking_dates[0]}` };
}

/** The booking page's reading JavaScript, gzipped, against the reading budget. */
export async function bookingJs(
  browser: Browser,
  siteUrl: string,
  step: TimesStep,
): Promise<{ js: number; withinBudget: boolean; scripts: string[] }> {
  const visit = await readingVisit(browser, siteUrl + step.path, PHONE);
  return { js: visit.js, withinBudget: visit.js <= BUDGET.readingJs, scripts: visit.scripts };
}
