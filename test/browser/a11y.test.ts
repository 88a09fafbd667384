/**
 * No WCAG 2.1 A/AA violation that axe-core finds, on each page kind and in the frame's open states (a popup, the slide
 * menu), at phone and desktop widths; and the header works with the keyboard alone. One page of every bundle is
 * checked where its parts are, in content-pages.test.ts, in the same visit.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { POPUP_TITLES } from '../../common/popups';
import { axeViolations } from './axe';
import { DESKTOP, PHONE, STEP_MS, chromiumPerFile, gotoSettled, settle, still, tabPerWidth, watchProblems } from './chromium';

const chromium = chromiumPerFile({ serviceWorkers: 'block' });

const siteUrl = inject('siteUrl');

/** The page kinds that are not one bundle's node. */
const paths: Record<string, string> = {
  home: '/',
  listing: '/news.html',
  landing: '/ultraformer.html',
  services: '/services.html',
  'not found': '/takoi-stranicy-net.html',
  price: '/price.html',
  'q&a': '/vopros-otvet.html',
  search: '/search/node/лазер',
  'legal info': '/svedeniya.html',
};

/** A page in a context of its own: each test a visitor of its own, with nothing remembered from another. */
async function newPage(viewport: typeof PHONE): Promise<Page> {
  return (await (await chromium()).newContext({ viewport })).newPage();
}

/** The page kinds and the popup are only looked at: one tab per width walks them (tabPerWidth). */
const visit = tabPerWidth(chromium);

/** Loaded, islands awake and the late parts (menus, carousels) streamed in, as a visitor sees it after a moment. */
async function settled(path: string, viewport: typeof PHONE, status = 200): Promise<Page> {
  const { page } = await visit(siteUrl + path, viewport, status);
  await settle(page);
  return page;
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('axe-core, WCAG 2.1 A and AA, on a %s', (_label, viewport) => {
  it.for(Object.keys(paths))('%s: no violation', async (name) => {
    const page = await settled(paths[name]!, viewport, name === 'not found' ? 404 : 200);
    expect(await axeViolations(page)).toEqual([]);
  });

  it('the popup open: no violation', async () => {
    const page = await settled('/news.html', viewport);
    await page.locator('[data-popup]').locator('visible=true').first().click();
    await page.getByRole('dialog').waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await axeViolations(page)).toEqual([]);
    // Left with its popup open: the next visit opens a tab of its own.
    await page.close();
  });
});

describe('the axe-core check itself', () => {
  it('finds a WCAG failure put into a page, and only WCAG 2.1 A/AA rules (no best practice such as «region»)', async () => {
    const page = await settled('/news.html', PHONE);
    await page.evaluate(() => {
      const footer = document.querySelector('footer');
      footer?.insertAdjacentHTML('afterend', '<p>Вне ориентиров</p><img src="/favicon.svg" width="10" height="10">');
    });
    const found = await axeViolations(page);
    expect(found.some((line) => line.startsWith('image-alt '))).toBe(true);
    expect(found.filter((line) => !line.startsWith('image-alt '))).toEqual([]);
    await page.context().close();
  });
});

describe('axe-core on a phone', () => {
  it('the slide menu open: no violation', async () => {
    const page = await settled('/', PHONE);
    await page.getByRole('button', { name: /меню/i }).locator('visible=true').first().click();
    await page.getByRole('dialog', { name: /меню/i }).waitFor({ state: 'visible', timeout: STEP_MS });
    // Slid in, not on its way.
    await still(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});

/** The focused element, said the way a reviewer recognises it. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '<body>';
    const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} «${name}»`;
  });

/** Whether focus is still in the page's top part: the skip link, the top bar and the header. */
const inHeader = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const header = document.querySelector('header, [role="banner"]');
    if (!header) return false;
    const before = (header.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) !== 0;
    return before || header.contains(el);
  });

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('the keyboard alone, on a %s', (label, viewport) => {
  it('Tab from the top: the skip link, «Версия для слабовидящих» in the top bar, the logo, then the menu and the book button; focus never falls to <body>', async () => {
    const page = await newPage(viewport);
    const problems = watchProblems(page);
    await page.goto(`${siteUrl}/`, { waitUntil: 'load' });
    const walk: string[] = [];
    const flags = { skipFirst: false, lowVisionSecond: false, logoThird: false, menu: false, book: false, lost: false };
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      walk.push(await describeFocus(page));
      const focus = await page.evaluate(() => {
        const el = document.activeElement;
        return {
          body: !el || el === document.body,
          skip: el?.matches('.skip-link, a[href="#main"]') ?? false,
          lowVision: el?.matches('.top-bar .lv-entry__button') ?? false,
          logo: el instanceof HTMLAnchorElement && new URL(el.href).pathname === '/' && el.closest('header, [role="banner"]') !== null,
          // The menu: a link of the main menu on a desktop, the hamburger on a phone.
          menu: el?.closest('nav[aria-label="Главное меню"]') !== null || /меню/i.test(el?.getAttribute('aria-label') ?? ''),
          book: el?.hasAttribute('data-popup') === true && /запис/i.test(el.textContent ?? ''),
        };
      });
      if (focus.body) flags.lost = true;
      if (i === 0) flags.skipFirst = focus.skip;
      if (i === 1) flags.lowVisionSecond = focus.lowVision;
      if (i === 2) flags.logoThird = focus.logo;
      flags.menu ||= focus.menu;
      flags.book ||= focus.book;
      if (i > 2 && !(await inHeader(page))) break;
    }
    const message = `tab order on a ${label}:\n${walk.join('\n')}`;
    expect(flags.skipFirst, message).toBe(true);
    expect(flags.lowVisionSecond, message).toBe(true);
    expect(flags.logoThird, message).toBe(true);
    expect(flags.menu, message).toBe(true);
    expect(flags.book, message).toBe(true);
    expect(flags.lost, message).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('Enter on the book button opens the popup; Escape closes it and focus is back on the button', async () => {
    const page = await newPage(viewport);
    const problems = watchProblems(page);
    await page.goto(`${siteUrl}/`, { waitUntil: 'load' });
    // A desktop books from the header; a phone may book from a bar at the bottom.
    const scope = viewport === DESKTOP ? page.getByRole('banner') : page.locator('body');
    const book = scope.locator('[data-popup="consultation"]').locator('visible=true').first();
    await book.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: POPUP_TITLES.consultation });
    await dialog.waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null), 'focus moved into the dialog').toBe(true);
    // The page behind a modal dialog is inert: Tab cycles through the dialog, and from its
    // last control Chromium may pass focus to its own toolbar (<body> in the page), never to the page.
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        return !el || el === document.body ? 'outside the page' : el.closest('dialog') ? 'dialog' : `page: ${el.outerHTML.slice(0, 80)}`;
      });
      expect(where, `Tab ${i + 1} does not reach the page behind the dialog`).not.toMatch(/^page:/);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await book.evaluate((el) => el === document.activeElement), 'focus is back on the book button').toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the keyboard alone, on a desktop', () => {
  it('the search toggle opens the search bar with Enter and closes it with Enter', async () => {
    const page = await newPage(DESKTOP);
    const problems = watchProblems(page);
    await page.goto(`${siteUrl}/`, { waitUntil: 'load' });
    const toggle = page.getByRole('button', { name: /поиск/i }).locator('visible=true').first();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.locator('#search-bar').waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.closest('#search-bar') !== null), 'focus moved into the search bar').toBe(
      true,
    );
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.locator('#search-bar').waitFor({ state: 'hidden', timeout: STEP_MS });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('focus on «Услуги» opens its submenu and Escape closes it', async () => {
    const page = await newPage(DESKTOP);
    const problems = watchProblems(page);
    // Escape is handled by a behaviour woken when the browser is idle; a keyboard user arrives after that.
    await gotoSettled(page, `${siteUrl}/`);
    const nav = page.getByRole('navigation', { name: 'Главное меню' });
    const services = nav.getByRole('link', { name: /^\s*Услуги\s*$/ });
    // The submenu is what the link says it controls, or else the list beside it.
    const panelId = await services.getAttribute('aria-controls');
    const panel = panelId ? page.locator(`[id="${panelId}"]`) : services.locator('xpath=..').locator('ul').first();
    await services.focus();
    await panel.waitFor({ state: 'visible', timeout: STEP_MS });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden', timeout: STEP_MS });
    expect(await services.evaluate((el) => el === document.activeElement), 'focus stays on «Услуги»').toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('the keyboard alone, on a phone', () => {
  it('Enter on the hamburger opens the slide menu with focus inside; Escape closes it and focus is back on the hamburger', async () => {
    const page = await newPage(PHONE);
    const problems = watchProblems(page);
    // A keyboard user reaches the hamburger after a moment (the page settled); a press at once is main-menu.test.ts's matter.
    await gotoSettled(page, `${siteUrl}/`);
    const hamburger = page.getByRole('button', { name: /меню/i }).locator('visible=true').first();
    await hamburger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: /меню/i });
    await menu.waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null), 'focus moved into the slide menu').toBe(true);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    // The dialog's close event, which gives focus back, comes a task after it is hidden.
    await expect
      .poll(() => hamburger.evaluate((el) => el === document.activeElement), { message: 'focus is back on the hamburger' })
      .toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
