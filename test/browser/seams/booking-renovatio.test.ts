/**
 * Online booking with a Renovatio company as real accounts answer (docs/booking.md, "What each call answers"), in
 * Chromium on both targets: services keyed `service_id` still make a bookable company, a visit is moved by booking anew
 * and cancelled, and a booking Renovatio refuses under code 500 for a reason other than a clash is said as a refusal and
 * keeps the patient's choice and everything typed in the request form, never «Это время только что заняли». The
 * site under test is a Renovatio one of this file's own (the suites' shared sites are YCLIENTS); each page passes
 * axe-core and is looked at on a 390 px phone and a 1366 px desktop.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { demoControl } from '../../../demo-origin/control-client';
import { freePort, startNodeSite, startSite, type WorkerServer } from '../../../scripts/servers';
import { testRenovatioVars, testSiteVars } from '../../setup/secrets';
import { axeViolations } from '../axe';
import { DESKTOP, PHONE, chromiumPerFile, onNodeTarget, screenshot, still, watchProblems } from '../chromium';
import { moveToLastDay, stepTitle } from './booking-visitors';

const chromium = chromiumPerFile();
const demoUrl = inject('demoUrl');
const control = demoControl(demoUrl);
/**
 * Booking with Renovatio goes through the platform's seams and runs on both targets; how each page looks (screenshots,
 * axe-core, the layout at two widths) is the same rendering on both, and is checked on Workers only.
 */
const nodeTarget = onNodeTarget();

/** Ботулинотерапия (2006) with «Иванова Е. С.» (1001), whom the page names as Drupal does (demo-origin/README.md). */
const SERVICE = 'Ботулинотерапия';
const DOCTOR = 'Иванова Елена Сергеевна';
const STAFF_ID = 1001;
const NAME = 'Анна Петрова';
const PHONE_SHOWN = '+7 (999) 123-45-21';
const COMMENT = 'Первый раз, хотелось бы сначала консультацию.';

let site: WorkerServer;
let siteUrl: string;

beforeAll(async () => {
  const port = await freePort();
  siteUrl = `http://127.0.0.1:${port}`;
  const vars = { ...testSiteVars(demoUrl, port), ...testRenovatioVars(demoUrl) };
  // On the target under test: wrangler dev, or the Node site on the suite's Valkey under a key prefix of its own.
  const valkeyUrl = inject('nodeValkeyUrl');
  site = valkeyUrl ? await startNodeSite({ port, valkeyUrl, keyPrefix: 'booking-renovatio:', vars }) : await startSite({ port, vars });
}, 120_000);

afterAll(async () => {
  await site?.stop();
});

beforeEach(async () => {
  await control.reset();
});

async function newPage(): Promise<Page> {
  const context = await (await chromium()).newContext({ viewport: PHONE });
  return context.newPage();
}

/** A page as a patient sees it on a phone and on a desktop: screenshots of both, and axe-core (on Workers). */
async function look(page: Page, name: string) {
  if (nodeTarget) return;
  for (const [width, viewport] of [
    ['390', PHONE],
    ['1366', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await still(page);
    await screenshot(page, `booking-renovatio-${name}-${width}`);
    expect(await axeViolations(page), `axe on ${name} at ${width} px`).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${name} at ${width} px: nothing sideways`,
    ).toBe(true);
  }
  await page.setViewportSize(PHONE);
}

/** As a patient clicks: the service, the doctor, the first free day, its first time; then the person's details. */
async function chooseAndFill(page: Page, lookAt?: (step: string) => Promise<void>) {
  await page.goto(`${siteUrl}/booking.html`);
  await stepTitle(page, 'Выберите услугу');
  await lookAt?.('service');
  await page.locator('.booking-choice', { hasText: SERVICE }).click();
  await stepTitle(page, 'Выберите специалиста');
  await page.locator('.booking-choice', { hasText: DOCTOR }).click();
  await stepTitle(page, 'Выберите день');
  await page.locator('a.booking-calendar__day').first().click();
  await stepTitle(page, /^Выберите время, \d{2}\.\d{2}\.\d{4}$/);
  await page.locator('a.booking-time').first().click();
  await stepTitle(page, 'Ваши данные');
  const query = new URL(page.url()).searchParams;
  const date = query.get('date') ?? '';
  const time = query.get('time') ?? '';
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(time).toMatch(/^\d{2}:\d{2}$/);
  await page.locator('#booking-name').fill(NAME);
  await page.locator('#booking-phone').fill(PHONE_SHOWN);
  await page.locator('#booking-comment').fill(COMMENT);
  await page.locator('#booking-consent').check();
  await lookAt?.('form');
  return { date, time, shown: `${date.split('-').reverse().join('.')}, ${time}` };
}

/** Submits with the button so named and waits for the page it leads to. */
async function submit(page: Page, button: string) {
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: button }).click()]);
}

describe('a Renovatio company as real accounts answer', () => {
  it('is bookable when its services come keyed `service_id`', async () => {
    await control.schedule.settings({ quirks: { servicesKeyedServiceId: true } });
    const page = await newPage();
    const problems = watchProblems(page);
    const chosen = await chooseAndFill(page, (step) => look(page, `service-id-${step}`));
    // Renovatio has no code step: the form books at once.
    await submit(page, 'Записаться');
    await page.getByRole('heading', { level: 1, name: 'Вы записаны' }).waitFor();
    await expect(page.locator('.booking-summary').innerText()).resolves.toContain(chosen.time);
    await look(page, 'service-id-booked');
    const { bookings } = await control.schedule.state();
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({
      staffId: STAFF_ID,
      source: 'renovatio',
      datetime: `${chosen.date}T${chosen.time}:00+03:00`,
      cancelled: false,
    });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('books, moves by booking anew (one live visit, at the new time) and cancels, each shown as it now is', async () => {
    const page = await newPage();
    const problems = watchProblems(page);
    const chosen = await chooseAndFill(page);
    await submit(page, 'Записаться');
    await page.getByRole('heading', { level: 1, name: 'Вы записаны' }).waitFor();
    // Renovatio cannot move a visit in place (docs/booking.md, "Moving a booking"): the same steps from the day on.
    const to = await moveToLastDay(page);
    expect(to.date).not.toBe(chosen.date);
    await page.locator('#booking-name').fill(NAME);
    await page.locator('#booking-phone').fill(PHONE_SHOWN);
    await page.locator('#booking-consent').check();
    await submit(page, 'Перенести запись');
    await page.getByRole('heading', { level: 1, name: 'Запись перенесена' }).waitFor();
    await expect(page.locator('.booking-summary').innerText()).resolves.toContain(`${to.date.split('-').reverse().join('.')}`);
    const live = (await control.schedule.state()).bookings.filter((b) => !b.cancelled);
    expect(live.map((b) => b.datetime)).toEqual([`${to.date}T${to.time}:00+03:00`]);
    await submit(page, 'Отменить запись');
    await page.getByRole('heading', { level: 1, name: 'Запись отменена' }).waitFor();
    expect((await control.schedule.state()).bookings.filter((b) => !b.cancelled)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keeps the choice and everything typed in a request form when it refuses a booking for another reason (code 500)', async () => {
    await control.schedule.settings({ quirks: { createRefusedOther: true } });
    const page = await newPage();
    const chosen = await chooseAndFill(page);
    await submit(page, 'Записаться');
    await stepTitle(page, 'Заявка на приём');
    const said = await page.locator('body').innerText();
    expect(said).not.toContain('Это время только что заняли');
    expect(said).toContain('Расписание клиники не приняло эту запись онлайн');
    expect(await page.locator('#booking-name').inputValue()).toBe(NAME);
    expect(await page.locator('#booking-phone').inputValue()).toBe(PHONE_SHOWN);
    const comment = await page.locator('#booking-comment').inputValue();
    expect(comment).toContain(`Услуга: ${SERVICE}`);
    expect(comment).toContain(`Специалист: ${DOCTOR}`);
    expect(comment).toContain(`Дата: ${chosen.shown}`);
    expect(comment).toContain(COMMENT);
    await look(page, 'refused');
    expect((await control.schedule.state()).bookings).toEqual([]);
    await page.context().close();
  });
});
