import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, screenshot, watchProblems, chromiumPerFile, STEP_MS } from './chromium';

const chromium = chromiumPerFile();

const siteUrl = inject('siteUrl');

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('home page on a %s', (label, viewport) => {
  it('hydrates the back-to-top island, which then scrolls the page up, with a clean console', async () => {
    const page = await (await chromium()).newPage({ viewport });
    const problems = watchProblems(page);
    await page.goto(`${siteUrl}/`, { waitUntil: 'load' });
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    await screenshot(page, `home-${label}`);

    const button = page.locator('.back-to-top');
    expect(await button.getAttribute('class')).toBe('back-to-top');
    await page.mouse.wheel(0, 1200);
    await page.waitForFunction(() => window.scrollY > 250);
    await page.waitForSelector('.back-to-top--shown', { timeout: STEP_MS });
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0, undefined, { timeout: STEP_MS });
    await page.waitForSelector('.back-to-top:not(.back-to-top--shown)');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens the search bar on the first click of the toggle (shared signal between two islands) and searches', async () => {
    const page = await (await chromium()).newPage({ viewport });
    const problems = watchProblems(page);
    await page.goto(`${siteUrl}/`, { waitUntil: 'domcontentloaded' });
    expect(await page.isVisible('#search-bar')).toBe(false);
    // The very first click both wakes the island and counts.
    await page.click('.search-toggle');
    await page.waitForSelector('#search-bar', { state: 'visible', timeout: STEP_MS });
    expect(await page.getAttribute('.search-toggle', 'aria-expanded')).toBe('true');
    await page.waitForFunction(() => document.activeElement?.classList.contains('search-bar__input'));
    await screenshot(page, `search-open-${label}`);
    await page.fill('#search-bar input[name="keys"]', 'лазер');
    await Promise.all([page.waitForURL(/\/search\/node\//), page.press('#search-bar input[name="keys"]', 'Enter')]);
    expect(decodeURIComponent(page.url())).toContain('/search/node/лазер');
    expect(await page.textContent('h1')).toBe('Поиск');
    expect(await page.locator('.card').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('pages a visitor walks through', () => {
  it.each([
    ['news-listing', '/news.html/2'],
    ['not-found', '/takoi-stranicy-net.html'],
  ])('%s renders on a phone and a desktop', async (name, path) => {
    for (const [label, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const page = await (await chromium()).newPage({ viewport });
      const res = await page.goto(`${siteUrl}${path}`, { waitUntil: 'load' });
      expect(res?.status()).toBe(name === 'not-found' ? 404 : 200);
      expect((await page.textContent('h1'))?.length).toBeGreaterThan(0);
      await screenshot(page, `${name}-${label}`);
      await page.close();
    }
  });
});
