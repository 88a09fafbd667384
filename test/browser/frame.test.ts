/**
 * Issue 6's "Done when" walk: the frame of home, a service, a doctor, a listing
 * and a landing page at phone and desktop widths, part by part, each with a clean
 * console. Screenshots of every page at both widths land in test-results/screenshots/frame-*.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { POPUP_TITLES, isPopupForm } from '../../common/popups';
import { DESKTOP, PHONE, screenshot, watchProblems, chromiumPerFile } from './chromium';
import { firstServicesMenuUrl, newestAlias } from './page-kinds';

const chromium = chromiumPerFile();

const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');

type PageName = 'home' | 'service' | 'doctor' | 'listing' | 'landing';
const PAGES: readonly PageName[] = ['home', 'service', 'doctor', 'listing', 'landing'];
const DEFAULT_LAYOUT = PAGES.filter((name) => name !== 'landing');
const paths: Record<PageName, string> = { home: '/', service: '', doctor: '', listing: '/news.html', landing: '/ultraformer.html' };

let servicesEntry: string;

beforeAll(async () => {
  [paths.service, paths.doctor, servicesEntry] = await Promise.all([
    newestAlias(demoUrl, 'services'),
    newestAlias(demoUrl, 'doctors'),
    firstServicesMenuUrl(demoUrl),
  ]);
});

/** A fresh page at `viewport` with its problems recorded; every test ends by asserting there were none. */
async function open(name: PageName, viewport: typeof PHONE): Promise<{ page: Page; problems: string[] }> {
  const page = await (await chromium()).newPage({ viewport });
  const problems = watchProblems(page);
  const res = await page.goto(siteUrl + paths[name], { waitUntil: 'load' });
  expect(res?.status(), `${paths[name]} status`).toBe(200);
  return { page, problems };
}

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Главное меню' });
/**
 * A finger on the element's middle. Playwright's click first scrolls the element into
 * view, and for a control in a sticky header Chromium scrolls to where the header
 * sits in the flow (the top of the page), which no visitor's tap does.
 */
async function tap(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('nothing to tap: the element has no box');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}
const hamburger = (page: Page) => page.getByRole('button', { name: /меню/i }).locator('visible=true').first();

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('the frame on a %s', (label, viewport) => {
  it.each(PAGES)('%s renders in its frame with a clean console (screenshots)', async (name) => {
    const { page, problems } = await open(name, viewport);
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), { message: 'one h1' }).toBe(1);
    // On a desktop the header has the phone; on a phone a call link may as well sit in a bar at the bottom.
    const phone = viewport === DESKTOP ? page.getByRole('banner').locator('a[href^="tel:"]') : page.locator('a[href^="tel:"]');
    await expect.poll(() => phone.locator('visible=true').count(), { message: 'a visible phone link in reach' }).toBeGreaterThan(0);
    // Long enough for the idle and visible islands, the slide menu's 5 s and the 4 s lazy release.
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(6_000);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await screenshot(page, `frame-${name}-${label}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each(PAGES)('%s: every book button opens the dialog with its form’s title; Escape closes it and gives focus back', async (name) => {
    const { page, problems } = await open(name, viewport);
    const reach = await page.evaluate(reachableBookButtons);
    expect(reach.covered, 'book buttons that a visitor cannot press (covered by another element)').toEqual([]);
    expect(reach.pressable.length, 'book buttons a visitor can press').toBeGreaterThan(0);
    for (const [n, i] of reach.pressable.entries()) {
      const button = page.locator('[data-popup]').nth(i);
      const form = await button.getAttribute('data-popup');
      expect(isPopupForm(form), `data-popup="${form}" is a popup form`).toBe(true);
      if (!isPopupForm(form)) continue;
      await button.evaluate((el) => el.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await button.focus();
      await button.click();
      const dialog = page.getByRole('dialog', { name: POPUP_TITLES[form] });
      await dialog.waitFor({ state: 'visible', timeout: 10_000 });
      expect(await dialog.evaluate((d) => d.matches(':modal')), `${form}: the dialog is modal`).toBe(true);
      if (n === 0) await screenshot(page, `frame-${name}-${label}-popup`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await isFocused(button), `${form} (button ${n + 1}): focus is back on the button`).toBe(true);
    }
    expect(page.url(), 'opening popups stays on the page').toBe(siteUrl + paths[name]);
    expect(problems).toEqual([]);
    await page.close();
  });
});

/**
 * Runs in the page: each popup button scrolled to the middle of the window and hit-tested.
 * A button on a slide the carousel keeps out of view is not pressable and not a fault;
 * any other button that something else covers is.
 */
function reachableBookButtons(): { pressable: number[]; covered: string[] } {
  const pressable: number[] = [];
  const covered: string[] = [];
  const say = (el: Element) => `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')}`;
  document.querySelectorAll('[data-popup]').forEach((el, i) => {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden' || el.closest('dialog:not([open])')) return;
    el.scrollIntoView({ block: 'center', behavior: 'instant' });
    // An inline link that wraps has a box whose middle may fall between its lines: hit its first line.
    const now = el.getClientRects()[0] ?? el.getBoundingClientRect();
    const hit = document.elementFromPoint(now.left + now.width / 2, now.top + now.height / 2);
    if (hit && (hit === el || el.contains(hit))) pressable.push(i);
    else if (!el.closest('.carousel__slide, [aria-roledescription="слайд"]'))
      covered.push(`${say(el)} «${el.textContent?.trim()}» under ${hit ? say(hit) : 'nothing'}`);
  });
  window.scrollTo({ top: 0, behavior: 'instant' });
  return { pressable, covered };
}

describe('the frame on a phone', () => {
  it.each(DEFAULT_LAYOUT)(
    '%s: the hamburger opens the slide menu with the menu and a call link; Escape closes it where the page was',
    async (name) => {
      const { page, problems } = await open(name, PHONE);
      expect(await mainMenu(page).locator('visible=true').count(), 'the desktop main menu is hidden on a phone').toBe(0);
      const button = hamburger(page);
      await expect.poll(() => button.count(), { message: 'a visible button named «…меню…»' }).toBe(1);
      await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
      // A moment of reading first: a tap right after load is the next test's matter.
      await page.waitForTimeout(1_500);
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled, 'the page scrolled before opening the menu').toBeGreaterThan(0);
      await tap(page, button);
      const menu = page.getByRole('dialog', { name: /меню/i });
      await menu.waitFor({ state: 'visible', timeout: 10_000 });
      await expect
        .poll(() => menu.locator('a[href^="tel:"]').locator('visible=true').count(), { message: 'a visible call link in the slide menu' })
        .toBeGreaterThan(0);
      await expect.poll(() => menu.getByRole('searchbox').count(), { message: 'search in the slide menu' }).toBeGreaterThan(0);
      // Its content is stamped in on first open (or after 5 s).
      await expect
        .poll(() => menu.getByRole('navigation').getByRole('link').count(), { message: 'menu links in the slide menu', timeout: 5_000 })
        .toBeGreaterThan(2);
      await screenshot(page, `frame-${name}-phone-menu`);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await isFocused(button), 'focus is back on the hamburger').toBe(true);
      expect(await page.evaluate(() => window.scrollY), 'the scroll position is restored').toBeCloseTo(scrolled, 0);
      expect(problems).toEqual([]);
      await page.close();
    },
  );

  it('a tap on the hamburger as soon as the page shows opens the slide menu', async () => {
    const page = await (await chromium()).newPage({ viewport: PHONE });
    const problems = watchProblems(page);
    await page.goto(`${siteUrl}${paths.listing}`, { waitUntil: 'domcontentloaded' });
    await tap(page, hamburger(page));
    await page.getByRole('dialog', { name: /меню/i }).waitFor({ state: 'visible', timeout: 5_000 });
    expect(problems).toEqual([]);
    await page.close();
  });

  it.each(DEFAULT_LAYOUT)('%s: a book button is in reach at the top and halfway down', async (name) => {
    const { page, problems } = await open(name, PHONE);
    const inView = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll('[data-popup]')).some((el) => {
          const box = el.getBoundingClientRect();
          const style = getComputedStyle(el);
          return (
            box.width > 0 &&
            box.height > 0 &&
            box.top >= 0 &&
            box.bottom <= window.innerHeight &&
            style.visibility !== 'hidden' &&
            !el.closest('dialog:not([open])')
          );
        }),
      );
    expect(await inView(), 'a book button in view at the top').toBe(true);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await page.waitForTimeout(500);
    expect(await inView(), 'a book button in view halfway down').toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the frame on a desktop', () => {
  it.each(DEFAULT_LAYOUT)('%s: hovering «Услуги» in the main menu shows the services', async (name) => {
    const { page, problems } = await open(name, DESKTOP);
    const nav = mainMenu(page);
    await nav.waitFor({ state: 'visible' });
    expect(await hamburger(page).count(), 'no hamburger on a desktop').toBe(0);
    const services = nav.getByRole('link', { name: /^\s*Услуги\s*$/ });
    const entry = nav.locator(`a[href="${servicesEntry}"]`).first();
    expect(await entry.isVisible(), 'the services submenu is closed before hovering').toBe(false);
    await services.hover();
    await entry.waitFor({ state: 'visible', timeout: 3_000 });
    await screenshot(page, `frame-${name}-desktop-services-menu`);
    await page.mouse.move(5, 850);
    await entry.waitFor({ state: 'hidden', timeout: 3_000 });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the home page', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('its main slider becomes a swiper once visible (%s)', async (_label, viewport) => {
    const { page, problems } = await open('home', viewport);
    const slider = page.locator('main [aria-roledescription="карусель"]').first();
    await slider.scrollIntoViewIfNeeded();
    // Swiper marks the element it drives: the carousel itself or its frame.
    const driven = () => slider.evaluate((el) => el.matches('.swiper-initialized') || el.querySelector('.swiper-initialized') !== null);
    await expect
      .poll(driven, { message: 'the first carousel in main is driven by swiper (swiper-initialized)', timeout: 10_000 })
      .toBe(true);
    const next = slider.getByRole('button', { name: /следующ/i });
    if ((await slider.getByRole('group').count()) > 1) {
      const current = () => slider.locator('.swiper-slide-active').getAttribute('aria-label');
      const before = await current();
      await next.click();
      await expect.poll(current, { message: 'the next arrow moves the slider' }).not.toBe(before);
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('a landing page (bare layout)', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('has no main menu, but the phone and the book button (%s)', async (_label, viewport) => {
    const { page, problems } = await open('landing', viewport);
    expect(await mainMenu(page).count(), 'no main menu').toBe(0);
    expect(await hamburger(page).count(), 'no hamburger').toBe(0);
    // On a desktop both are in the header; on a phone they may sit in a bar at the bottom.
    const scope = viewport === DESKTOP ? page.getByRole('banner') : page.locator('body');
    expect(await scope.locator('a[href^="tel:"]').locator('visible=true').count(), 'a visible phone link').toBeGreaterThan(0);
    const book = scope.locator('[data-popup]').locator('visible=true').first();
    const form = await book.getAttribute('data-popup');
    expect(isPopupForm(form), `the header's book button opens a popup form (${form})`).toBe(true);
    await book.click();
    await page.getByRole('dialog', { name: isPopupForm(form) ? POPUP_TITLES[form] : '' }).waitFor({ state: 'visible', timeout: 10_000 });
    expect(problems).toEqual([]);
    await page.close();
  });
});
