/**
 * Editors' popup links in Drupal's HTML open their popup (docs/requirements.md §2's buttons). One service page at 1366 px: the side column's «Онлайн-запись» block links to
 * `#consultation`; the demo's «Остались вопросы?» block has the other forms (a popup's page,
 * a `?popup=` query, a button and a span with a popup class).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { POPUP_TITLES, popupPageOf, type PopupForm } from '../../common/popups';
import { DESKTOP, screenshot, visitIn, watchRequests, chromiumPerFile, STEP_MS } from './chromium';
import { newestAlias } from './page-kinds';

const chromium = chromiumPerFile();

const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');

let page: Page;
let problems: string[];
let serviceUrl: string;

/** A block of the side column, by its title. */
const sideBlock = (title: string): Locator =>
  page.locator('aside.aside .block').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Clicks `link`: the popup of `form` opens over this page under its title; Escape closes it again. */
async function opensPopup(link: Locator, form: PopupForm) {
  // Without JavaScript the link goes to the page that shows the popup.
  expect(await link.getAttribute('href')).toBe(popupPageOf(form));
  await link.click();
  const dialog = page.getByRole('dialog', { name: POPUP_TITLES[form], exact: true });
  await dialog.waitFor({ state: 'visible', timeout: STEP_MS });
  expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
  expect(page.url()).toBe(serviceUrl);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
}

beforeAll(async () => {
  serviceUrl = `${siteUrl}${await newestAlias(demoUrl, 'services')}`;
  // Reduced motion: an anchor is scrolled to at once rather than smoothly.
  page = await (await chromium()).newPage({ viewport: DESKTOP, reducedMotion: 'reduce' });
  // Loaded with the parts a cold page streams late in place: the tests look for the body's headings.
  ({ problems } = await visitIn(page, serviceUrl));
});

afterAll(async () => {
  await page?.close();
});

describe('popup links in Drupal’s HTML, on a service page at 1366 px', () => {
  it('«Записаться» in the side column’s «Онлайн-запись» block opens the consultation popup', async () => {
    const link = sideBlock('Онлайн-запись').getByRole('link', { name: 'Записаться', exact: true });
    await opensPopup(link, 'consultation');
    expect(problems).toEqual([]);
  });

  it.each([
    ['a popup’s page (/callback.html)', 'Заказать обратный звонок', 'callback'],
    ['a generic popup class with data-form on a span', 'Записаться на консультацию врача', 'consultation1'],
    ['a popup class on a button', 'Получить скидку на первое посещение', 'discount'],
    ['a ?popup= query', 'Оставить отзыв о процедуре', 'review'],
  ] as const)('%s opens its popup', async (_form, text, form) => {
    const link = sideBlock('Остались вопросы?').getByRole('link', { name: text, exact: true });
    await opensPopup(link, form);
    if (form === 'discount') await screenshot(page, 'popup-links-desktop');
    expect(problems).toEqual([]);
  });

  it('a hash naming neither a popup nor an element does nothing; one naming an element scrolls it 170 px below the top', async () => {
    // An editor's in-page links, as the sanitiser passes them (test/worker/both-targets/sanitize-html.test.ts).
    const target = await page.evaluate(() => {
      const heading = [...document.querySelectorAll<HTMLElement>('main h2[id]')].find(
        (h) => h.getBoundingClientRect().top + window.scrollY > 1500,
      );
      const body = document.querySelector('aside.aside .block__body');
      if (!heading || !body) return null;
      const links: [string, string][] = [
        ['net-takogo-razdela', 'Нет такого раздела'],
        [heading.id, 'К разделу'],
      ];
      for (const [id, text] of links) {
        const link = document.createElement('a');
        link.href = `#${id}`;
        link.textContent = text;
        body.append(link);
      }
      return heading.id;
    });
    expect(target).not.toBeNull();

    const nowhere = page.getByRole('link', { name: 'Нет такого раздела' });
    await nowhere.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    const requests = watchRequests(page);
    await nowhere.click();
    await page.waitForURL((url) => url.hash === '#net-takogo-razdela');
    // A popup opens once its form has come (fetched, unless the page has it already): looked at at once, a dialog this
    // link wrongly opened would not be open yet.
    await requests.quiet();
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);

    await page.getByRole('link', { name: 'К разделу' }).click();
    await page.waitForURL((url) => url.hash === `#${target}`);
    const top = await page.locator(`[id="${target}"]`).evaluate((h) => h.getBoundingClientRect().top);
    expect(Math.abs(top - 170)).toBeLessThanOrEqual(1);
    await requests.quiet();
    expect(await page.locator('dialog[open]').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});
