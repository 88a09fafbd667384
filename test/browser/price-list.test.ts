/**
 * /price.html in Chromium (docs/requirements.md §2 "Price list"): the currency suffix per width, no
 * sideways scrolling on a phone, the accordion with the keyboard, axe-core clean.
 * Full-page screenshots land in test-results/screenshots/price-390.png and price-1366.png (`npm run screenshots`).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './axe';
import { DESKTOP, PHONE, chromiumPerFile, screenshotOf, settle, still, tabPerWidth, type Visit } from './chromium';

const chromium = chromiumPerFile({ serviceWorkers: 'block' });

const siteUrl = inject('siteUrl');

/** A group opened here is not remembered: one tab per width walks the visits (tabPerWidth). */
const visit = tabPerWidth(chromium);

/** The price page loaded and settled. */
async function open(viewport: typeof PHONE): Promise<Visit> {
  const visited = await visit(`${siteUrl}/price.html`, viewport);
  await settle(visited.page);
  return visited;
}

/** The currency suffixes a visitor sees, as rendered (hidden spans left out). */
const visibleSuffixes = (page: Page) =>
  page.evaluate(() => [
    ...new Set(
      [...document.querySelectorAll('.price__rub')].filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => el.textContent),
    ),
  ]);

const openAll = (page: Page) =>
  page.evaluate(() => {
    for (const details of document.querySelectorAll<HTMLDetailsElement>('details.price-group')) details.open = true;
  });

describe.each([
  ['phone', PHONE, ' ₽'],
  ['desktop', DESKTOP, ' руб.'],
] as const)('the price list on a %s', (label, viewport, suffix) => {
  it(`shows the groups as an accordion, the first open, prices in «${suffix.trim()}» (screenshot)`, async () => {
    const { page, problems } = await open(viewport);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Цены');
    const groups = page.locator('details.price-group');
    expect(await groups.count()).toBeGreaterThan(1);
    expect(await groups.evaluateAll((all) => all.map((d) => (d as HTMLDetailsElement).open))).toEqual(
      Array.from({ length: await groups.count() }, (_, i) => i === 0),
    );
    expect(await visibleSuffixes(page)).toEqual([suffix]);
    // The first price as read from the screen: thousands apart, the suffix right after.
    const first = await page.locator('.price__row--item .price__sum').locator('visible=true').first().innerText();
    expect(first).toMatch(new RegExp(`^\\d{1,3}(\\u2009\\d{3})*${suffix.replace('.', '\\.')}$`));
    await screenshotOf(page, `price-${viewport.width}`, { fullPage: true });
    // The list alone, at its real size, for a closer look.
    await screenshotOf(page.locator('.price-page'), `price-${viewport.width}-list`);
    expect(problems).toEqual([]);
  });

  it('opens a second group with the keyboard alone', async () => {
    const { page, problems } = await open(viewport);
    const second = page.locator('details.price-group').nth(1);
    const summary = second.locator('summary');
    expect(await second.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    // From the first group's title, Tab walks through its links to the second group's title.
    await page.locator('details.price-group summary').first().focus();
    for (let i = 0; i < 60 && !(await summary.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    expect(await summary.evaluate((el) => el === document.activeElement), 'Tab reaches the second group').toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => second.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await second.locator('table').waitFor({ state: 'visible' });
    await page.keyboard.press('Space');
    await expect.poll(() => second.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    expect(problems).toEqual([]);
  });

  it('axe-core finds no violation, every group open', async () => {
    const { page } = await open(viewport);
    await openAll(page);
    await screenshotOf(page.locator('.price-page'), `price-${viewport.width}-all-open`);
    expect(await axeViolations(page)).toEqual([]);
  });

  if (label === 'phone') {
    it('never scrolls sideways, every group open', async () => {
      const { page, problems } = await open(viewport);
      await openAll(page);
      await still(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      // Nor does a table overflow its own group.
      const overflowing = await page.evaluate(
        () =>
          [...document.querySelectorAll('table.price')].filter(
            (t) => t.getBoundingClientRect().right > (t.parentElement?.getBoundingClientRect().right ?? 0) + 0.5,
          ).length,
      );
      expect(overflowing).toBe(0);
      expect(problems).toEqual([]);
    });
  }
});
