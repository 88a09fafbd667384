/**
 * Every page kind (home, a service, a doctor, a listing, a landing page) at a phone's and a desktop's width shows in
 * its frame: in Russian, with one h1 and a phone link in reach, and with a console that stays clean through all the
 * page loads late (docs/requirements.md §2, §4, §9). A landing page has the bare frame: no main menu, but the phone
 * and the book button. Screenshots of every page at both widths land in test-results/screenshots/frame-*.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { POPUP_TITLES, isPopupForm } from '../../common/popups';
import { DESKTOP, PHONE, chromiumPerFile, screenshot, still, watchProblems, watchRequests, STEP_MS } from './chromium';
import { PAGE_KINDS, hamburger, mainMenu, openPage, pageKindPaths, type PageKind } from './frame';

const chromium = chromiumPerFile({ serviceWorkers: 'block' });

const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');

let paths: Record<PageKind, string>;

beforeAll(async () => {
  paths = await pageKindPaths(demoUrl);
});

// The pages are independent of one another: they load side by side.
describe.concurrent.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('the frame on a %s', (label, viewport) => {
  // Side by side, each test asserts with its own `expect`.
  it.for(PAGE_KINDS)('%s renders in its frame with a clean console through what it loads late (screenshots)', async (name, { expect }) => {
    const page = await (await chromium()).newPage({ viewport });
    const problems = watchProblems(page);
    const requests = watchRequests(page);
    // The page's own clock, flowing as usual until the test runs it ahead.
    await page.clock.install();
    const res = await page.goto(siteUrl + paths[name], { waitUntil: 'load' });
    expect(res?.status(), `${paths[name]} status`).toBe(200);
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), { message: 'one h1' }).toBe(1);
    // On a desktop the header has the phone; on a phone a call link may as well sit in a bar at the bottom.
    const phone = viewport === DESKTOP ? page.getByRole('banner').locator('a[href^="tel:"]') : page.locator('a[href^="tel:"]');
    await expect.poll(() => phone.locator('visible=true').count(), { message: 'a visible phone link in reach' }).toBeGreaterThan(0);
    // What loads late, and everything it fetches: the visible islands scrolled to, the idle ones, and, with the page's
    // clock run past them, the slide menu's content (5 s) and the lazy images released (4 s after load).
    await page.mouse.wheel(0, 1500);
    await page.clock.runFor(6_000);
    await requests.quiet();
    await page.evaluate(() => window.scrollTo(0, 0));
    await still(page);
    await screenshot(page, `frame-${name}-${label}`);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('a landing page (bare layout)', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('has no main menu, but the phone and the book button (%s)', async (_label, viewport) => {
    const { page, problems } = await openPage(await chromium(), siteUrl + paths.landing, viewport);
    expect(await mainMenu(page).count(), 'no main menu').toBe(0);
    expect(await hamburger(page).count(), 'no hamburger').toBe(0);
    // On a desktop both are in the header; on a phone they may sit in a bar at the bottom.
    const scope = viewport === DESKTOP ? page.getByRole('banner') : page.locator('body');
    expect(await scope.locator('a[href^="tel:"]').locator('visible=true').count(), 'a visible phone link').toBeGreaterThan(0);
    const book = scope.locator('[data-popup]').locator('visible=true').first();
    const form = await book.getAttribute('data-popup');
    expect(isPopupForm(form), `the header's book button opens a popup form (${form})`).toBe(true);
    await book.click();
    await page.getByRole('dialog', { name: isPopupForm(form) ? POPUP_TITLES[form] : '' }).waitFor({ state: 'visible', timeout: STEP_MS });
    expect(problems).toEqual([]);
    await page.close();
  });
});
