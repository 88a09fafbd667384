/**
 * What the booking suites in Chromium share: a visitor of their own (a context with its own address, so that the site's
 * limits per visitor never mix two tests' patients) and waiting for a booking step by its heading (docs/booking.md,
 * "The page").
 */
import type { Browser, Page } from 'playwright-core';
import { PHONE } from '../chromium';

/**
 * A page per visitor, each at the next address of `198.51.100.<first + n>`: a suite gives each file its own `first`,
 * so that files never share an address either.
 */
export function bookingVisitors(chromium: () => Promise<Browser>, first: number) {
  let visitor = 0;
  return async (options: { javaScriptEnabled?: boolean; viewport?: typeof PHONE } = {}): Promise<Page> => {
    visitor += 1;
    const address = `198.51.100.${first + visitor}`;
    const context = await (
      await chromium()
    ).newContext({
      viewport: options.viewport ?? PHONE,
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      extraHTTPHeaders: { 'CF-Connecting-IP': address, 'X-Forwarded-For': address },
    });
    return context.newPage();
  };
}

/** Waits for the booking step whose heading is `name`. */
export const stepTitle = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 2, name }).waitFor();

/**
 * «Перенести» on a booking's own page, then the last bookable day and its first free time, as a patient moving the
 * booking by booking anew clicks them (docs/booking.md, "Moving a booking"); it waits for the person's step and
 * gives the new date and time.
 */
export async function moveToLastDay(page: Page): Promise<{ date: string; time: string }> {
  await page.getByRole('link', { name: 'Перенести' }).click();
  await stepTitle(page, 'Выберите день');
  await page.locator('a.booking-calendar__day').last().click();
  await stepTitle(page, /^Выберите время/);
  await page.locator('a.booking-time').first().click();
  await stepTitle(page, 'Ваши данные');
  const query = new URL(page.url()).searchParams;
  return { date: query.get('date') ?? '', time: query.get('time') ?? '' };
}
