/**
 * Online booking in Chromium, on both targets (docs/booking.md): a patient picks a service, a doctor, a free day and time, types
 * their details and the SMS code, and lands on «Вы записаны» — with JavaScript off (plain links and forms) and on
 * (the site's scripts loaded, nothing red in the console). A time taken meanwhile keeps what was typed and books
 * nothing; a schedule that fails offers the request form, whose lead reaches the CRM. Every step passes axe-core
 * and lays out calmly on a 390 px phone (targets of 44 px, nothing sideways) and in a 720 px column on a desktop.
 */
import type { Page } from 'playwright-core';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { LOW_VISION_COOKIE, LOW_VISION_START, lowVisionValue } from '../../../common/low-vision';
import { demoControl, type CrmLead } from '../../../demo-origin/control-client';
import { eventually } from '../../setup/eventually';
import { axeViolations } from '../axe';
import { DESKTOP, PHONE, chromiumPerFile, onNodeTarget, screenshot, still, watchProblems } from '../chromium';
import { bookingVisitors, moveToLastDay, stepTitle } from './booking-visitors';

const chromium = chromiumPerFile();
/**
 * Booking goes through the platform's seams (the schedule's answers and the attempts in KV or Valkey, the hold on
 * Node, the fallback lead on the queue): it runs on both targets. How each step looks is the same rendering on both,
 * and is checked on Workers only.
 */
const lookOnce = onNodeTarget();
const siteUrl = inject('siteUrl');
const control = demoControl(inject('demoUrl'));

/** Ботулинотерапия (2006) with «Иванова Е. С.» (1001), whom the page names as Drupal does (demo-origin/README.md). */
const SERVICE = 'Ботулинотерапия';
const SERVICE_ID = 2006;
const DOCTOR = 'Иванова Елена Сергеевна';
const STAFF_ID = 1001;
const NAME = 'Анна Петрова';

/** Each test its own phone: the site sends at most three codes to one number in ten minutes. */
const phones = {
  off: { shown: '+7 (999) 123-45-67', digits: '79991234567' },
  on: { shown: '+7 (999) 123-45-02', digits: '79991234502' },
  look: { shown: '+7 (999) 123-45-03', digits: '79991234503' },
  taken: { shown: '+7 (999) 123-45-04', digits: '79991234504' },
  other: { shown: '+7 (999) 123-45-06', digits: '79991234506' },
  down: { shown: '+7 (999) 123-45-05', digits: '79991234505' },
  nocode: { shown: '+7 (999) 123-45-07', digits: '79991234507' },
  late: { shown: '+7 (999) 123-45-08', digits: '79991234508' },
};

beforeEach(async () => {
  await control.reset();
});
afterEach(async () => {
  await control.faults.clear();
});

const newPage = bookingVisitors(chromium, 60);

/** The free time a walk chose, as the schedule writes it. */
interface Chosen {
  date: string;
  time: string;
  datetime: string;
}

/** Where a walk starts: the booking page itself, a doctor's page or a service's, by its «Записаться онлайн». */
type Entry = 'booking' | 'doctor' | 'service';
const DOCTOR_PAGE = '/doctors/ivanova-elena.html';
const SERVICE_PAGE = '/services/inekcionnaya-kosmetologiya/botulinoterapiya.html';

/**
 * As a patient clicks, from `from`: the service, the doctor, the first free day (or the last), its first time;
 * `look` at each step.
 */
async function chooseTime(
  page: Page,
  look: (step: string) => Promise<void> = async () => {},
  { lastDay = false, from = 'booking' as Entry } = {},
): Promise<Chosen> {
  if (from === 'booking') await page.goto(`${siteUrl}/booking.html`);
  else {
    await page.goto(`${siteUrl}${from === 'doctor' ? DOCTOR_PAGE : SERVICE_PAGE}`);
    await page.getByRole('link', { name: 'Записаться онлайн' }).click();
  }
  if (from !== 'service') {
    await stepTitle(page, 'Выберите услугу');
    await look('service');
    await page.locator('.booking-choice', { hasText: SERVICE }).click();
  }
  if (from !== 'doctor') {
    await stepTitle(page, 'Выберите специалиста');
    await expect(page.locator('.booking-choice', { hasText: 'Любой специалист' }).count()).resolves.toBe(1);
    await look('doctor');
    await page.locator('.booking-choice', { hasText: DOCTOR }).click();
  }
  await stepTitle(page, 'Выберите день');
  await look('calendar');
  const days = page.locator('a.booking-calendar__day');
  await (lastDay ? days.last() : days.first()).click();
  await stepTitle(page, /^Выберите время, \d{2}\.\d{2}\.\d{4}$/);
  await look('times');
  await page.locator('a.booking-time').first().click();
  await stepTitle(page, 'Ваши данные');
  const query = new URL(page.url()).searchParams;
  const date = query.get('date') ?? '';
  const time = query.get('time') ?? '';
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(time).toMatch(/^\d{2}:\d{2}$/);
  return { date, time, datetime: `${date}T${time}:00+03:00` };
}

const dayShown = (date: string) => date.split('-').reverse().join('.');

async function fillPerson(page: Page, phone: string) {
  await page.locator('#booking-name').fill(NAME);
  await page.locator('#booking-phone').fill(phone);
  await page.locator('#booking-email').fill('anna@example.ru');
  await page.locator('#booking-consent').check();
}

/** Submits with the button so named and waits for the page it leads to. */
async function submit(page: Page, button: string) {
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: button }).click()]);
}

/** After «Получить код в СМС»: the code the demo «sent», a wrong one first if asked, then the right one. */
async function confirmCode(page: Page, phoneDigits: string, { wrongFirst = false, look = async (_step: string) => {} } = {}) {
  await stepTitle(page, 'Код из СМС');
  const code = await control.schedule.lastCode(phoneDigits);
  expect(code).toMatch(/^\d{4}$/);
  await look('code');
  if (wrongFirst) {
    await page.locator('#booking-code').fill(code === '0000' ? '1111' : '0000');
    await submit(page, 'Подтвердить запись');
    await expect(page.locator('#booking-code-error').textContent()).resolves.toContain('Неверный код');
    await expect(page.locator('#booking-name').count(), 'the name travels hidden, not as a field to type again').resolves.toBe(0);
  }
  await page.locator('#booking-code').fill(code!);
  await submit(page, 'Подтвердить запись');
  await page.getByRole('heading', { level: 1, name: 'Вы записаны' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/booking/manage');
}

/** The one booking the site made (another patient's, taken by the demo, left out). */
async function siteBookings() {
  return (await control.schedule.state()).bookings.filter((b) => b.source !== 'demo');
}

/** What a patient's finger or eye would trip over: a target under 44 px, anything wider than the window. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth)
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
    const targets = document.querySelectorAll<HTMLElement>(
      '.booking a[class], .booking button, .booking input:not([type="hidden"], [type="checkbox"]), .booking textarea, .form-check label',
    );
    for (const el of targets) {
      if (!el.checkVisibility() || el.closest('[aria-hidden="true"]')) continue;
      const box = el.getBoundingClientRect();
      if (box.height < 44 || box.width < 44)
        problems.push(`${el.className || el.tagName} «${(el.textContent ?? '').trim().slice(0, 30)}»: ${box.width}×${box.height}`);
      if (box.right > window.innerWidth + 0.5) problems.push(`${el.className || el.tagName} sticks out to ${box.right}`);
    }
    return problems;
  });
}

/** The column on a desktop: its width, and where it stands in the page's main part (beside Drupal's side column or not). */
function column(page: Page) {
  return page.evaluate(() => {
    const booking = document.querySelector('.booking')!.getBoundingClientRect();
    const main = document.querySelector('main')!.getBoundingClientRect();
    const aside = document.querySelector('.aside');
    return {
      width: booking.width,
      besideAside: aside !== null && aside.checkVisibility(),
      fromStart: booking.left - main.left,
      offCentre: Math.abs(booking.left - main.left - (main.right - booking.right)),
    };
  });
}

/** The time of a walk that looks at five steps: CI's loaded machine took over a minute for one such walk. */
const LOOKS_MS = 150_000;

/** A step as a patient sees it on a phone and on a desktop: screenshots of both, axe-core, the layout (on Workers). */
async function look(page: Page, step: string) {
  if (lookOnce) return;
  await page.setViewportSize(PHONE);
  await still(page);
  await screenshot(page, `booking-${step}-390`);
  expect(await layoutProblems(page), `${step} on a phone`).toEqual([]);
  expect(await axeViolations(page), `axe on ${step}`).toEqual([]);
  await page.setViewportSize(DESKTOP);
  await still(page);
  await screenshot(page, `booking-${step}-1366`);
  const { width, besideAside, fromStart, offCentre } = await column(page);
  expect(width, `${step}: a comfortable column, not the page's width`).toBeGreaterThan(600);
  expect(width, `${step}: a comfortable column, not the page's width`).toBeLessThanOrEqual(720);
  // Beside the side column it starts where other pages' text does; alone, it stands in the middle.
  if (besideAside) expect(fromStart, `${step}: at the side column`).toBeLessThan(1);
  else expect(offCentre, `${step}: centred`).toBeLessThan(2);
  await page.setViewportSize(PHONE);
}

describe('booking with JavaScript off', () => {
  it('books from a doctor’s page the first free time after a wrong code and the right one, shows it as ДД.ММ.ГГГГ, and cancels it', async () => {
    // The page names its «Записаться онлайн» in its first bytes once the schedule's list is in the cache (an earlier
    // visitor's): without JavaScript, a part streamed in later would stay hidden (docs/booking.md).
    await (await fetch(`${siteUrl}${DOCTOR_PAGE}`)).text();
    const page = await newPage({ javaScriptEnabled: false });
    const chosen = await chooseTime(page, undefined, { from: 'doctor' });
    await expect(page.locator('.booking-summary').textContent()).resolves.toContain(`${dayShown(chosen.date)}, ${chosen.time}`);
    await fillPerson(page, phones.off.shown);
    await submit(page, 'Получить код в СМС');
    await confirmCode(page, phones.off.digits, { wrongFirst: true });

    const summary = await page.locator('.booking-summary').innerText();
    expect(summary).toContain(dayShown(chosen.date));
    expect(summary).toMatch(/\d{2}\.\d{2}\.\d{4}/);
    expect(summary).toContain(chosen.time);
    // The doctor as the steps named her (Drupal's name), not as the schedule writes her; soft, so the rest still runs.
    expect.soft(summary, 'the doctor under the name the patient chose').toContain(DOCTOR);
    expect(summary).toContain(SERVICE);
    const made = await siteBookings();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ staffId: STAFF_ID, serviceIds: [SERVICE_ID], datetime: chosen.datetime, cancelled: false });
    await expect(page.getByRole('link', { name: 'Добавить в календарь' }).count()).resolves.toBe(1);
    await expect(page.getByRole('link', { name: 'Перенести' }).count()).resolves.toBe(1);

    await submit(page, 'Отменить запись');
    await page.getByRole('heading', { level: 1, name: 'Запись отменена' }).waitFor();
    expect((await siteBookings())[0]?.cancelled).toBe(true);
    await page.context().close();
  });
});

describe('booking with JavaScript on', () => {
  it('books from a service’s page with the site’s scripts loaded, then moves the booking by its link, nothing red in the console', async () => {
    const page = await newPage({ viewport: DESKTOP });
    const problems = watchProblems(page);
    const chosen = await chooseTime(page, undefined, { from: 'service' });
    await fillPerson(page, phones.on.shown);
    await submit(page, 'Получить код в СМС');
    await confirmCode(page, phones.on.digits);
    await expect(page.locator('.booking-summary').innerText()).resolves.toContain(dayShown(chosen.date));
    const made = await siteBookings();
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ staffId: STAFF_ID, datetime: chosen.datetime });

    // «Перенести» without a user token (the site's settings have none, as most clinics'), on an account that refuses
    // a move in place without one: the same steps from the day on, the patient's details and a new code, then the
    // new booking is made and only then the old one cancelled (docs/booking.md, "Moving a booking").
    await control.schedule.settings({ quirks: { moveNeedsUserToken: true } });
    const moved = await moveToLastDay(page);
    const to = `${moved.date}T${moved.time}:00+03:00`;
    await expect(page.locator('.booking-step .booking__lead').textContent()).resolves.toContain('только потом отменим прежнюю');
    await look(page, 'move-person');
    await page.setViewportSize(DESKTOP);
    await fillPerson(page, phones.on.shown);
    await submit(page, 'Получить код в СМС');
    await stepTitle(page, 'Код из СМС');
    await page.locator('#booking-code').fill((await control.schedule.lastCode(phones.on.digits))!);
    await submit(page, 'Подтвердить перенос');
    await page.getByRole('heading', { level: 1, name: 'Запись перенесена' }).waitFor();
    await expect(page.locator('.booking-summary').innerText()).resolves.toContain(dayShown(to.slice(0, 10)));
    // Exactly one booking, at the new time: the old one cancelled once the new one existed.
    const live = (await control.schedule.state()).bookings.filter((b) => !b.cancelled);
    expect(live).toHaveLength(1);
    expect(live[0]!.datetime).toBe(to);
    expect(to).not.toBe(chosen.datetime);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('says calmly that a late cancel is made by phone, and the booking stays as it was', async () => {
    const page = await newPage();
    await chooseTime(page);
    await fillPerson(page, phones.late.shown);
    await submit(page, 'Получить код в СМС');
    await confirmCode(page, phones.late.digits);
    // The company lets no patient cancel this late: YCLIENTS refuses the DELETE.
    await control.schedule.settings({ quirks: { cancelRefused: true } });
    await submit(page, 'Отменить запись');
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain(
      'Отменить запись онлайн уже нельзя. Позвоните нам, пожалуйста: +7',
    );
    await page.getByRole('heading', { level: 1, name: 'Ваша запись' }).waitFor();
    // Not offered again once refused: the line says to call.
    await expect(page.getByRole('button', { name: 'Отменить запись' }).count()).resolves.toBe(0);
    expect((await siteBookings()).map((b) => b.cancelled)).toEqual([false]);
    await look(page, 'cancel-refused');
    await page.context().close();
  });

  // Each look is two screenshots, a layout check and an axe-core run, seconds each on a loaded machine: the walk is cut
  // in two, choosing and confirming, and each half has the time of its looks (LOOKS_MS) rather than the project's.
  it.skipIf(lookOnce)(
    'passes axe-core and lays out calmly at 390 and 1366 px on every step of choosing',
    async () => {
      const page = await newPage();
      await chooseTime(page, (step) => look(page, step));
      await look(page, 'form');
      await page.context().close();
    },
    LOOKS_MS,
  );

  it.skipIf(lookOnce)(
    'passes axe-core and lays out calmly at 390 and 1366 px on every step of confirming',
    async () => {
      const page = await newPage();
      await chooseTime(page);
      await fillPerson(page, phones.look.shown);
      await page.locator('#booking-comment').fill('Первый раз, хотелось бы сначала консультацию.');
      await submit(page, 'Получить код в СМС');
      await confirmCode(page, phones.look.digits, { look: (step) => look(page, step) });
      await look(page, 'booked');
      await submit(page, 'Отменить запись');
      await page.getByRole('heading', { level: 1, name: 'Запись отменена' }).waitFor();
      await look(page, 'cancelled');
      await page.context().close();
    },
    LOOKS_MS,
  );
});

describe.skipIf(lookOnce)('the version for the visually impaired', () => {
  it('keeps the calendar and the times within a phone at twice the text, white on black, and axe-core clean', async () => {
    const page = await newPage();
    const vision = lowVisionValue({ ...LOW_VISION_START, size: 'largest', scheme: 'white-on-black' });
    await page.context().addCookies([{ name: LOW_VISION_COOKIE, value: vision, url: siteUrl }]);
    await chooseTime(page, async (step) => {
      if (step !== 'calendar' && step !== 'times') return;
      // The settings panel fills the first screen at this size: the step itself is what to see.
      await still(page);
      await page.locator('.booking-step h2').evaluate((h) => h.scrollIntoView());
      await still(page);
      await screenshot(page, `booking-lv-${step}-390`);
      expect(await layoutProblems(page), `${step} at 200 %`).toEqual([]);
      expect(await axeViolations(page), `axe on ${step} at 200 %`).toEqual([]);
    });
    await page.context().close();
  });
});

describe('when the time or the schedule fails', () => {
  it('says «Это время только что заняли» when a second browser booked the time meanwhile, keeps the name, books nothing', async () => {
    const page = await newPage();
    const chosen = await chooseTime(page);
    await fillPerson(page, phones.taken.shown);
    // Meanwhile a second patient, in a browser of their own, books the same time through the site.
    const other = await newPage({ javaScriptEnabled: false });
    const theirs = await chooseTime(other);
    expect(theirs.datetime).toBe(chosen.datetime);
    await fillPerson(other, phones.other.shown);
    await submit(other, 'Получить код в СМС');
    await confirmCode(other, phones.other.digits);
    await other.context().close();

    await submit(page, 'Получить код в СМС');
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain('Это время только что заняли');
    expect(await page.locator('#booking-name').inputValue()).toBe(NAME);
    expect(await page.locator('#booking-phone').inputValue()).toBe(phones.taken.shown);
    expect(await page.locator('.booking-times--inline .booking-time').count()).toBeGreaterThan(0);
    await look(page, 'taken');
    // Only the second patient's booking and code: none for the first.
    const state = await control.schedule.state();
    expect(state.bookings.map((b) => b.datetime)).toEqual([chosen.datetime]);
    expect(state.codes.map((c) => c.phone)).toEqual([phones.other.digits]);
    await page.context().close();
  });

  it('says «Это время только что заняли» when the schedule refuses the time with a 422 that carries no code', async () => {
    const page = await newPage();
    const chosen = await chooseTime(page);
    await fillPerson(page, phones.nocode.shown);
    // Another patient takes the time at the front desk, and the account refuses as the Blueprint's example does.
    await control.schedule.take({ staffId: STAFF_ID, datetime: chosen.datetime });
    await control.schedule.settings({ quirks: { refusalWithoutCode: true } });
    await submit(page, 'Получить код в СМС');
    await expect(page.getByRole('alert').first().textContent()).resolves.toContain('Это время только что заняли');
    expect(await page.locator('#booking-name').inputValue()).toBe(NAME);
    await expect(page.locator('.booking__notice').count(), 'not the request form').resolves.toBe(0);
    expect(await siteBookings()).toHaveLength(0);
    await page.context().close();
  });

  it('offers the request form with the service in its comment when the schedule is down, and the lead reaches the CRM', async () => {
    const page = await newPage();
    // A day no other test asked for, so its free times are fresh in the site's cache and the post finds the choice
    // there; with times over a minute old the post asks the failing schedule again and the form loses the choice.
    await chooseTime(page, undefined, { lastDay: true });
    await fillPerson(page, phones.down.shown);
    await control.faults.set({ rules: [{ match: '/yclients', status: 503 }] });
    await submit(page, 'Получить код в СМС');
    await expect(page.locator('.booking__notice').textContent()).resolves.toContain('Онлайн-запись сейчас недоступна');
    expect(await page.locator('#booking-name').inputValue()).toBe(NAME);
    const comment = await page.locator('#booking-comment').inputValue();
    expect(comment).toContain(SERVICE);
    expect(comment).toContain(DOCTOR);
    await look(page, 'unavailable');
    await submit(page, 'Отправить заявку');
    await page.getByRole('heading', { level: 2, name: 'Заявка отправлена' }).waitFor();
    await look(page, 'request-sent');
    await control.faults.clear();
    const leads = await eventually(
      () => control.crm.received<CrmLead>(),
      (all) => all.some((lead) => JSON.stringify(lead.data).includes(NAME)),
      30_000,
    );
    const lead = leads.find((l) => JSON.stringify(l.data).includes(NAME));
    expect(lead, 'the request reached the CRM').toBeDefined();
    expect(JSON.stringify(lead!.data)).toContain(SERVICE);
    expect(await siteBookings()).toHaveLength(0);
    await page.context().close();
  });
});
