import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, watchProblems, chromiumPerFile, STEP_MS } from './chromium';

const chromium = chromiumPerFile();

const siteUrl = inject('siteUrl');

const menuDialog = (page: Page) => page.locator('dialog.slide-menu');
const isOpen = (page: Page) => menuDialog(page).evaluate((d: HTMLDialogElement) => d.open && d.matches(':modal'));
const focusIsInMenu = (page: Page) =>
  page.evaluate(() => document.querySelector('dialog.slide-menu')?.contains(document.activeElement) ?? false);
const stampedLinks = (page: Page) => page.locator('dialog.slide-menu [data-slide-menu-slot] a');

/** The hamburger: the only button named for the menu while it is closed (the open menu has «Закрыть меню» too), first in the page. */
const hamburgerOf = (page: Page) => page.getByRole('button', { name: /меню/i }).first();

/**
 * The hamburger works once its behaviour has woken (on idle): tap until the menu opens. A tap where the
 * button is, as a finger would: locator.click() first scrolls the page to put the button clear of the
 * header's scroll padding, which would move the page this test expects to stay put.
 */
async function openMenu(page: Page) {
  const box = await hamburgerOf(page).boundingBox();
  if (!box) throw new Error('the hamburger is not shown');
  await expect
    .poll(async () => (await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2), isOpen(page)), {
      timeout: STEP_MS,
      interval: 300,
    })
    .toBe(true);
}

const scrollTo = (page: Page, top: number) => page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);

describe('the slide menu on a phone', () => {
  it('opens from the hamburger as a modal with search, the menu, the services and a call link; Escape closes it where the page was', async () => {
    const page = await (await chromium()).newPage({ viewport: PHONE });
    const problems = watchProblems(page);
    await page.goto(`${siteUrl}/news.html`, { waitUntil: 'load' });
    expect(await page.getByRole('button', { name: /меню/i }).count()).toBe(1);
    const hamburger = hamburgerOf(page);
    expect(await hamburger.getAttribute('aria-expanded')).toBe('false');
    // Before its 5 s, the menu's tree is only a template: not in the rendered page.
    expect(await stampedLinks(page).count()).toBe(0);

    await scrollTo(page, 700);
    await openMenu(page);
    const dialog = menuDialog(page);
    expect(await hamburger.getAttribute('aria-expanded')).toBe('true');
    expect(await focusIsInMenu(page)).toBe(true);
    // Opening stamps the tree in (as soon as it has streamed in, on a page whose menus came late).
    await stampedLinks(page).first().waitFor({ state: 'attached', timeout: STEP_MS });
    // The tree is the main menu's, every link in its order (the main menu itself is hidden on a phone).
    const hrefs = (selector: string) => page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(await hrefs('dialog.slide-menu [data-slide-menu-slot] a')).toEqual(await hrefs('nav.main-nav a'));
    expect(await dialog.locator('a[href^="tel:"]').count()).toBe(1);
    expect(await dialog.locator('form[action="/search/node"] input[name="keys"]').count()).toBe(1);
    expect(await dialog.locator('[data-popup="consultation"]').count()).toBe(1);

    // «Услуги» unfolds into the services menu.
    const services = dialog.locator('.slide-menu__row', { has: page.locator('a[href="/services.html"]') }).getByRole('button');
    const section = page.locator(`[id="${await services.getAttribute('aria-controls')}"]`);
    expect(await section.isVisible()).toBe(false);
    await services.click();
    expect(await services.getAttribute('aria-expanded')).toBe('true');
    expect(await section.locator('a').count()).toBeGreaterThan(0);
    expect(await section.locator('a').first().isVisible()).toBe(true);
    await screenshot(page, 'slide-menu-phone');

    // Tab goes round inside the menu, never out to the page behind.
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      expect(await focusIsInMenu(page), `after ${i + 1} Tab`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusIsInMenu(page)).toBe(true);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The dialog's close event, which gives focus back and sets aria-expanded, comes a task after it is hidden.
    await expect.poll(() => hamburger.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await hamburger.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => window.scrollY)).toBe(700);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('closes on a tap on the backdrop and on following one of its links, and is closed when the page comes back', async () => {
    const page = await (await chromium()).newPage({ viewport: PHONE });
    const problems = watchProblems(page);
    await page.goto(`${siteUrl}/news.html`, { waitUntil: 'load' });
    await scrollTo(page, 400);
    await openMenu(page);
    // The locked page keeps its place by itself here; a phone's browser may still move it while the menu is open (its
    // address bar, a focus). Moved behind the menu, it must come back to where the visitor left it once the menu closes.
    await scrollTo(page, 0);
    // The panel slides in from the right; the strip on the left is backdrop.
    await page.mouse.click(10, PHONE.height / 2);
    await menuDialog(page).waitFor({ state: 'hidden' });
    // The dialog's close event, which puts the page back (and sets aria-expanded in the same turn), comes a task after.
    await expect.poll(() => hamburgerOf(page).getAttribute('aria-expanded'), { timeout: STEP_MS }).toBe('false');
    expect(await page.evaluate(() => window.scrollY)).toBe(400);

    await openMenu(page);
    const link = page.locator('dialog.slide-menu [data-slide-menu-slot] a[href="/services.html"]');
    await Promise.all([page.waitForURL(`${siteUrl}/services.html`), link.click()]);
    await page.waitForLoadState('load');
    expect(await isOpen(page)).toBe(false);
    await page.goBack({ waitUntil: 'load' });
    expect(new URL(page.url()).pathname).toBe('/news.html');
    expect(await isOpen(page)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.classList.contains('slide-menu-open'))).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('stamps its content in 5 s after load without being opened', async () => {
    const page = await (await chromium()).newPage({ viewport: PHONE });
    const problems = watchProblems(page);
    await page.goto(`${siteUrl}/news.html`, { waitUntil: 'load' });
    expect(await stampedLinks(page).count()).toBe(0);
    expect(await page.locator('template[data-slide-menu-template]').count()).toBe(1);
    const stampedAt = await page.waitForFunction(
      () => (document.querySelector('dialog.slide-menu [data-slide-menu-slot] a') ? performance.now() : 0),
      undefined,
      { timeout: 12_000, polling: 100 },
    );
    const loadedAt = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
    expect(Number(await stampedAt.jsonValue())).toBeGreaterThanOrEqual(loadedAt + 4_900);
    expect(await page.locator('template[data-slide-menu-template]').count()).toBe(0);
    expect(await isOpen(page)).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the slide menu on a desktop', () => {
  it('has no hamburger: the main menu is there', async () => {
    const page = await (await chromium()).newPage({ viewport: DESKTOP });
    await page.goto(`${siteUrl}/news.html`, { waitUntil: 'load' });
    expect(await page.getByRole('button', { name: /меню/i }).count()).toBe(0);
    expect(await page.getByRole('navigation', { name: 'Главное меню' }).isVisible()).toBe(true);
    await page.close();
  });
});
