/**
 * Live search: the search page's results follow its field without a page load,
 * the keywords marked, the newest keywords winning over a slower older answer,
 * a failed update leaving the results shown; and axe finds nothing to fault.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe';
import { DESKTOP, PHONE, chromiumPerFile, screenshot, still, watchProblems, STEP_MS } from './chromium';
import { demoControl } from '../../demo-origin/control-client';

const chromium = chromiumPerFile();

const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');
const control = demoControl(demoUrl);

beforeAll(async () => {
  await control.reset();
});

/** A page in a context of its own (a visitor of its own), at the empty search page. */
async function searchPage(viewport: typeof PHONE, path = '/search/node'): Promise<{ page: Page; problems: string[] }> {
  const page = await (await (await chromium()).newContext({ viewport })).newPage();
  const problems = watchProblems(page);
  await page.goto(siteUrl + path, { waitUntil: 'load' });
  // Gone if the page ever loads again: the results must come without a navigation.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  return { page, problems };
}

const field = (page: Page) => page.locator('.search-page__form input[name="keys"]');
const status = (page: Page) => page.locator('#search-results [role="status"]');
const keywordsInAddress = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** Marked words of the shown results, lower-cased. */
const marks = (page: Page) =>
  page.locator('#search-results mark').evaluateAll((nodes) => nodes.map((node) => node.textContent?.toLowerCase()));

/**
 * Until the results of `keywords` are shown and none newer are on their way. Typed slowly on a loaded machine, a pause
 * between two keys can outlast the debounce, and the results of the keywords typed so far («лазе») come first.
 */
async function resultsOf(page: Page, keywords: string) {
  await expect
    .poll(
      async () =>
        keywordsInAddress(page) === `/search/node/${keywords}` &&
        (await page.locator('#search-results [aria-busy]').count()) === 0 &&
        /^Найдено: \d+$/.test((await status(page).textContent()) ?? ''),
      { message: `the results of «${keywords}», nothing newer on its way`, timeout: STEP_MS },
    )
    .toBe(true);
}

async function typeSlowly(page: Page, text: string) {
  await field(page).click();
  await page.keyboard.type(text, { delay: 60 });
}

describe('live search', () => {
  it('shows the results of Cyrillic keywords as they are typed, marked, without loading the page', async () => {
    const { page, problems } = await searchPage(DESKTOP);
    expect(await status(page).textContent()).toBe('');
    await typeSlowly(page, 'лазер');
    await resultsOf(page, 'лазер');
    expect(await stillSameDocument(page)).toBe(true);
    const marked = await marks(page);
    expect(marked.length).toBeGreaterThan(1);
    expect(new Set(marked)).toEqual(new Set(['лазер']));
    // The count says as many as the list holds; the titles link to their pages.
    const count = Number(/\d+/.exec((await status(page).textContent()) ?? '')?.[0]);
    expect(await page.locator('#search-results .search-result').count()).toBe(count);
    expect(await page.locator('#search-results .card__link').first().getAttribute('href')).toMatch(/^\//);

    // Enter searches at once, still without a page load.
    await field(page).fill('черная пятница');
    await field(page).press('Enter');
    await page.locator('#search-results mark', { hasText: 'Чёрная' }).waitFor({ timeout: STEP_MS });
    expect(keywordsInAddress(page)).toBe('/search/node/черная пятница');

    // No keywords, no results.
    await field(page).fill('');
    await expect.poll(() => status(page).textContent(), { timeout: STEP_MS }).toBe('');
    expect(await page.locator('#search-results .search-result').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/search/node');
    expect(await stillSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('ends with the results of the last keywords when the answer for the first comes later', async () => {
    const { page, problems } = await searchPage(DESKTOP);
    // The demo Drupal cannot tell «ла» from «лазер» (a fault rule matches by substring): hold the first answer here instead.
    let heldFirst = false;
    let releaseFirst: () => void = () => undefined;
    const firstReleased = new Promise<void>((resolve) => (releaseFirst = resolve));
    const firstUrl = `${siteUrl}/search/results/${encodeURIComponent('ла')}`;
    // The answer for «ла», or the page giving its request up, whichever the browser reports.
    const firstDone = page.waitForEvent('requestfailed', { predicate: (r) => r.url() === firstUrl, timeout: 15_000 }).then(
      () => undefined,
      () => undefined,
    );
    const firstAnswered = page.waitForEvent('requestfinished', { predicate: (r) => r.url() === firstUrl, timeout: 15_000 }).then(
      () => undefined,
      () => undefined,
    );
    await page.route(firstUrl, async (route) => {
      heldFirst = true;
      // Held until the newer keywords' results are shown, then let through: the late answer.
      await firstReleased;
      await route.continue().catch(() => {
        // The page gave the request up (it is no longer wanted): nothing to continue.
      });
    });
    await typeSlowly(page, 'ла');
    // Past the debounce: the request for «ла» is on its way.
    await expect.poll(() => heldFirst, { timeout: STEP_MS }).toBe(true);
    await page.keyboard.type('зер', { delay: 60 });
    await resultsOf(page, 'лазер');
    const lazer = await status(page).textContent();
    // The answer for «ла» arrives now (or was given up); once the page has dealt with it, it changed nothing.
    releaseFirst();
    await Promise.race([firstDone, firstAnswered]);
    await still(page);
    expect(await status(page).textContent()).toBe(lazer);
    expect(new Set(await marks(page))).toEqual(new Set(['лазер']));
    expect(keywordsInAddress(page)).toBe('/search/node/лазер');
    expect(await page.locator('.search-page__note').textContent()).toBe('');
    expect(await stillSameDocument(page)).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keeps the results shown, with a calm note, when an update fails, and recovers on the next keywords', async () => {
    const { page, problems } = await searchPage(PHONE, `/search/node/${encodeURIComponent('лазер')}`);
    const before = await page.locator('#search-results').innerHTML();
    const refused: string[] = [];
    await page.route(`${siteUrl}/search/results/**`, (route) => {
      refused.push(decodeURIComponent(new URL(route.request().url()).pathname));
      return route.abort('internetdisconnected');
    });
    await typeSlowly(page, ' лица');
    // Typed on a loaded machine, the keywords may go out more than once (whenever the typing pauses), the results busy
    // while one is on its way: looked at once the last keywords have failed and nothing is on its way, as a visitor
    // sees the page at rest.
    await expect.poll(() => refused.includes('/search/results/лазер лица'), { timeout: STEP_MS }).toBe(true);
    await page.locator('[data-search-results]:not([aria-busy])').waitFor({ timeout: STEP_MS });
    const note = page.locator('.search-page__note');
    await note.filter({ hasText: 'Не удалось' }).waitFor({ timeout: STEP_MS });
    expect(await note.textContent()).toMatch(/^[А-Яа-яЁё ,.—-]+$/);
    expect(await page.locator('#search-results').innerHTML()).toBe(before);
    expect(keywordsInAddress(page)).toBe('/search/node/лазер');
    await page.unroute(`${siteUrl}/search/results/**`);
    await page.keyboard.type(' ');
    await field(page).press('Enter');
    await expect.poll(() => note.textContent(), { timeout: STEP_MS }).toBe('');
    expect(keywordsInAddress(page)).toBe('/search/node/лазер лица');
    // The only trouble was the one made here.
    expect(problems.filter((problem) => !problem.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await page.context().close();
  });
});

describe.each([
  ['390', PHONE],
  ['1366', DESKTOP],
] as const)('the search page with results at %s px', (width, viewport) => {
  it('has no axe violation (WCAG 2.1 A and AA) and shows well', async () => {
    const { page, problems } = await searchPage(viewport);
    await typeSlowly(page, 'лазерная');
    await status(page)
      .filter({ hasText: /^Найдено: \d+$/ })
      .waitFor({ timeout: STEP_MS });
    // The results shown and at rest (no fade still under way), as axe and the screenshot should see them.
    await still(page);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `search-${width}`);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
