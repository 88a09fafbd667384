/**
 * The main menu as a visitor reaches it (docs/requirements.md §2, §4): on a phone, the hamburger opens the slide menu
 * with the menu, search and a call link, at once after the page shows too, and Escape closes it where the page was;
 * on a desktop, hovering «Услуги» shows the services and leaving hides them.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, STEP_MS, chromiumPerFile, screenshot, settle, tabPerWidth, watchProblems } from './chromium';
import { DEFAULT_LAYOUT, hamburger, isFocused, mainMenu, pageKindPaths, tap, type PageKind } from './frame';
import { firstServicesMenuUrl } from './page-kinds';

const chromium = chromiumPerFile({ serviceWorkers: 'block' });
/** A menu opened here is closed again and nothing is kept: one tab per width walks the pages (tabPerWidth). */
const visit = tabPerWidth(chromium);

const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');

let paths: Record<PageKind, string>;
let servicesEntry: string;

beforeAll(async () => {
  [paths, servicesEntry] = await Promise.all([pageKindPaths(demoUrl), firstServicesMenuUrl(demoUrl)]);
});

describe('the main menu on a phone', () => {
  it.each(DEFAULT_LAYOUT)(
    '%s: the hamburger opens the slide menu with the menu and a call link; Escape closes it where the page was',
    async (name) => {
      const { page, problems } = await visit(siteUrl + paths[name], PHONE);
      // A moment of reading first (the page settled): a tap right after load is the next test's matter.
      await settle(page);
      expect(await mainMenu(page).locator('visible=true').count(), 'the desktop main menu is hidden on a phone').toBe(0);
      const button = hamburger(page);
      await expect.poll(() => button.count(), { message: 'a visible button named «…меню…»' }).toBe(1);
      await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled, 'the page scrolled before opening the menu').toBeGreaterThan(0);
      await tap(page, button);
      const menu = page.getByRole('dialog', { name: /меню/i });
      await menu.waitFor({ state: 'visible', timeout: STEP_MS });
      await expect
        .poll(() => menu.locator('a[href^="tel:"]').locator('visible=true').count(), { message: 'a visible call link in the slide menu' })
        .toBeGreaterThan(0);
      await expect.poll(() => menu.getByRole('searchbox').count(), { message: 'search in the slide menu' }).toBeGreaterThan(0);
      // Its content is stamped in on first open (or after 5 s).
      await expect
        .poll(() => menu.getByRole('navigation').getByRole('link').count(), { message: 'menu links in the slide menu', timeout: STEP_MS })
        .toBeGreaterThan(2);
      await screenshot(page, `frame-${name}-phone-menu`);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      // The dialog's close event, which gives focus back and the scroll, comes a task after it is hidden.
      await expect.poll(() => isFocused(button), { message: 'focus is back on the hamburger' }).toBe(true);
      expect(await page.evaluate(() => window.scrollY), 'the scroll position is restored').toBeCloseTo(scrolled, 0);
      expect(problems).toEqual([]);
    },
  );

  it('a tap on the hamburger as soon as the page shows opens the slide menu', async () => {
    const page = await (await chromium()).newPage({ viewport: PHONE });
    const problems = watchProblems(page);
    await page.goto(`${siteUrl}${paths.listing}`, { waitUntil: 'domcontentloaded' });
    await tap(page, hamburger(page));
    await page.getByRole('dialog', { name: /меню/i }).waitFor({ state: 'visible', timeout: STEP_MS });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the main menu on a desktop', () => {
  it.each(DEFAULT_LAYOUT)('%s: hovering «Услуги» shows the services', async (name) => {
    const { page, problems } = await visit(siteUrl + paths[name], DESKTOP);
    const nav = mainMenu(page);
    await nav.waitFor({ state: 'visible' });
    expect(await hamburger(page).count(), 'no hamburger on a desktop').toBe(0);
    const services = nav.getByRole('link', { name: /^\s*Услуги\s*$/ });
    const entry = nav.locator(`a[href="${servicesEntry}"]`).first();
    expect(await entry.isVisible(), 'the services submenu is closed before hovering').toBe(false);
    await services.hover();
    await entry.waitFor({ state: 'visible', timeout: STEP_MS });
    await screenshot(page, `frame-${name}-desktop-services-menu`);
    await page.mouse.move(5, 850);
    await entry.waitFor({ state: 'hidden', timeout: STEP_MS });
    expect(problems).toEqual([]);
  });
});
