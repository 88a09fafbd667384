/**
 * The small things a patient meets in online booking (docs/booking.md, "The page"), in Chromium on both targets: the
 * person form's phone masked as the popups' — loaded when the field is reached, not with the page — while the form
 * books without JavaScript too; the phone bar's «Записаться» on the booking page leading to the step, not to the
 * popup; and «Записаться снова» on a cancelled booking leading back into the booking at its service and doctor.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { SRC_ATTRIBUTE } from '../../../common/island-markers';
import { POPUP_TITLES } from '../../../common/popups';
import { demoControl } from '../../../demo-origin/control-client';
import { DESKTOP, PHONE, browserIdle, chromiumPerFile, onNodeTarget, screenshot, still, watchProblems, STEP_MS } from '../chromium';
import { bookingVisitors, stepTitle } from './booking-visitors';

const chromium = chromiumPerFile();
/** How the pages look is the same rendering on both targets: screenshots on Workers only. */
const lookOnce = onNodeTarget();
const siteUrl = inject('siteUrl');
const control = demoControl(inject('demoUrl'));

/** Ботулинотерапия (2006) with «Иванова Е. С.» (1001), named as Drupal does (demo-origin/README.md). */
const SERVICE = 'Ботулинотерапия';
const SERVICE_ID = 2006;
const DOCTOR = 'Иванова Елена Сергеевна';
const STAFF_ID = 1001;
const NAME = 'Ольга Смирнова';

/** Phones of this file's own (booking.test.ts uses +7 (999) 123-45-…): at most three codes to one number in ten minutes. */
const phones = {
  masked: { shown: '+7 (999) 777-00-11', digits: '79997770011' },
  plain: { typed: '8 999 777 00 12', digits: '79997770012' },
  again: { typed: '+7 999 777-00-13', digits: '79997770013' },
};

beforeEach(async () => {
  await control.reset();
});
afterEach(async () => {
  await control.faults.clear();
});

const newPage = bookingVisitors(chromium, 160);

/** From a doctor's link into the booking: the first free day, its first time, the person's form. */
async function toPersonStep(page: Page) {
  await page.goto(`${siteUrl}/booking.html?service=${SERVICE_ID}&doctor=${STAFF_ID}`);
  await stepTitle(page, 'Выберите день');
  await page.locator('a.booking-calendar__day').first().click();
  await stepTitle(page, /^Выберите время/);
  await page.locator('a.booking-time').first().click();
  await stepTitle(page, 'Ваши данные');
}

async function submit(page: Page, button: string) {
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: button }).click()]);
}

/** Name, consent, «Получить код в СМС», the code the demo «sent» to `digits`: «Вы записаны». */
async function finishBooking(page: Page, digits: string) {
  await page.locator('#booking-name').fill(NAME);
  await page.locator('#booking-consent').check();
  await submit(page, 'Получить код в СМС');
  await stepTitle(page, 'Код из СМС');
  const code = await control.schedule.lastCode(digits);
  expect(code, `a code sent to ${digits}`).toMatch(/^\d{4}$/);
  await page.locator('#booking-code').fill(code!);
  await submit(page, 'Подтвердить запись');
  await page.getByRole('heading', { level: 1, name: 'Вы записаны' }).waitFor();
}

async function lookAt(page: Page, name: string) {
  if (lookOnce) return;
  for (const [width, viewport] of [
    ['390', PHONE],
    ['1366', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await still(page);
    await screenshot(page, `booking-small-${name}-${width}`);
  }
  await page.setViewportSize(PHONE);
}

describe('the person form’s phone', () => {
  it('is masked as the popups’ once the field is reached, the mask not fetched before, and the booking made', async () => {
    const page = await newPage();
    const problems = watchProblems(page);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await toPersonStep(page);
    const src = await page.locator('[data-island="PhoneMask"]').getAttribute(SRC_ATTRIBUTE);
    expect(src).toMatch(/\.js$/);
    await browserIdle(page);
    expect(fetched, 'a reading visit fetches no mask').not.toContain(src);

    const phone = page.locator('#booking-phone');
    // Typed at once, as a patient does: what lands before the mask is masked as it stands.
    await phone.click();
    await phone.pressSequentially('89997770011');
    await expect.poll(() => phone.inputValue()).toBe(phones.masked.shown);
    expect(fetched).toContain(src);
    for (const typed of ['9997770011', '79997770011']) {
      await phone.fill('');
      await phone.pressSequentially(typed);
      expect(await phone.inputValue(), `typed ${typed}`).toBe(phones.masked.shown);
    }
    await page.locator('#booking-name').fill(NAME);
    await lookAt(page, 'person');

    await finishBooking(page, phones.masked.digits);
    const made = (await control.schedule.state()).bookings.filter((b) => b.source !== 'demo');
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ staffId: STAFF_ID, serviceIds: [SERVICE_ID] });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('books without JavaScript whatever spelling the plain field gets', async () => {
    const page = await newPage({ javaScriptEnabled: false });
    await toPersonStep(page);
    await page.locator('#booking-phone').fill(phones.plain.typed);
    await finishBooking(page, phones.plain.digits);
    expect((await control.schedule.state()).bookings.filter((b) => b.source !== 'demo')).toHaveLength(1);
    await page.context().close();
  });
});

describe('the phone bar on the booking page', () => {
  it.each([true, false])('leads «Записаться» to the step at 390 px, not to the popup (JavaScript %s)', async (javaScriptEnabled) => {
    const page = await newPage({ javaScriptEnabled });
    await page.goto(`${siteUrl}/booking.html?service=${SERVICE_ID}&doctor=${STAFF_ID}`);
    await stepTitle(page, 'Выберите день');
    if (javaScriptEnabled) await browserIdle(page);
    // Down at the page's end, where the step's heading is out of sight (a key: no script runs without JavaScript).
    await page.keyboard.press('End');
    const heading = page.getByRole('heading', { level: 2, name: 'Выберите день' });
    const inSight = async () => {
      const box = await heading.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
    };
    // Out of sight, and at rest: the key's own smooth scroll would otherwise run on past the click and end the page at
    // its bottom, wherever the link had taken it (a race a loaded machine lost now and then).
    let lastY: number | undefined;
    const outOfSightAtRest = async () => {
      const y = (await heading.boundingBox())?.y;
      const resting = y !== undefined && y === lastY && !(await inSight());
      lastY = y;
      return resting;
    };
    await expect.poll(outOfSightAtRest, { message: 'the step out of sight first, the page at rest', timeout: STEP_MS }).toBe(true);
    const book = page.locator('.mobile-bar').getByRole('link', { name: 'Записаться' });
    await book.click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#booking-step-title');
    expect(new URL(page.url()).pathname).toBe('/booking.html');
    // The page scrolls there smoothly: awaited until the heading stands in sight, under the header. The scroll is the
    // browser's own animation, which a loaded machine draws in more than poll's default second (a full run once).
    await expect.poll(inSight, { message: 'the step in sight', timeout: STEP_MS }).toBe(true);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    if (javaScriptEnabled && !lookOnce) {
      await still(page);
      await screenshot(page, 'booking-small-bar-390');
    }
    await page.context().close();
  });

  it('still opens the popup on a doctor’s page', async () => {
    const page = await newPage();
    await page.goto(`${siteUrl}/doctors/ivanova-elena.html`, { waitUntil: 'load' });
    await page.locator('.mobile-bar').getByRole('link', { name: 'Записаться' }).click();
    await page.getByRole('dialog', { name: POPUP_TITLES.consultation }).waitFor({ state: 'visible', timeout: STEP_MS });
    await page.context().close();
  });
});

describe('a cancelled booking', () => {
  it('offers «Записаться снова» into the booking at the same service and doctor', async () => {
    const page = await newPage();
    await toPersonStep(page);
    await page.locator('#booking-phone').fill(phones.again.typed);
    await finishBooking(page, phones.again.digits);
    await expect(page.getByRole('link', { name: 'Записаться снова' }).count()).resolves.toBe(0);
    await submit(page, 'Отменить запись');
    await page.getByRole('heading', { level: 1, name: 'Запись отменена' }).waitFor();
    await lookAt(page, 'cancelled');
    const again = page.getByRole('link', { name: 'Записаться снова' });
    expect(await again.getAttribute('class')).toBe('button');
    await Promise.all([page.waitForEvent('load'), again.click()]);
    await stepTitle(page, 'Выберите день');
    const query = new URL(page.url()).searchParams;
    expect([query.get('service'), query.get('doctor')]).toEqual([String(SERVICE_ID), String(STAFF_ID)]);
    const summary = await page.locator('.booking-summary').innerText();
    expect(summary).toContain(SERVICE);
    expect(summary).toContain(DOCTOR);
    await page.context().close();
  });
});
