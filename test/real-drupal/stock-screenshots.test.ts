/**
 * What a patient sees over a Drupal with only core and well-known contrib (provision-stock.php): home, a service, a
 * doctor and the price list at a phone's and a desktop's width, on each stack, saved with SCREENSHOTS=1 to
 * test-results/screenshots/ as `stock-<stack>-<page>-<width>.png` for a person to look at (docs/testing.md,
 * "Screenshots"). Rendering is the same code on both targets (docs/testing.md, "Where a new test goes"): Workers only.
 * Each page is whole: its frame (the header's menu or the phone's menu button, the footer) and its content stand, and
 * nothing on it failed to load. The checks are soft: every page is checked before the test fails.
 */
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, chromiumPerFile, gotoSettled, screenshot, still, watchProblems } from '../browser/chromium';

const chromium = chromiumPerFile();

const STACKS = [
  ['10.2', inject('realSites').workers],
  ['10.3', inject('realSites103').workers],
] as const;

const PAGES = [
  ['home', '/'],
  ['service', '/services/lazernaya-epilyaciya.html'],
  ['doctor', '/doctors/ivanova.html'],
  ['price', '/price.html'],
] as const;

describe.each(STACKS)('a stock clinic on Drupal %s, in Chromium', (stack, site) => {
  it.each([
    ['390', PHONE],
    ['1366', DESKTOP],
  ] as const)('home, a service, a doctor and the price list at %s px are whole pages', async (width, viewport) => {
    const context = await (await chromium()).newContext({ viewport });
    try {
      const page = await context.newPage();
      const problems = watchProblems(page);
      for (const [name, path] of PAGES) {
        const response = await gotoSettled(page, site + path);
        expect.soft(response?.status(), `${stack} ${path}`).toBe(200);
        await still(page);
        await screenshot(page, `stock-${stack}-${name}-${width}`);
        expect.soft(await page.locator('#main').isVisible(), `${stack} ${path}: its content`).toBe(true);
        expect.soft(await page.locator('footer.site-footer').isVisible(), `${stack} ${path}: the footer`).toBe(true);
        if (viewport === DESKTOP) {
          expect.soft(await page.locator('nav.main-nav').isVisible(), `${stack} ${path}: the main menu`).toBe(true);
          expect.soft(await page.locator('nav.site-footer__menu').isVisible(), `${stack} ${path}: the footer menu`).toBe(true);
        }
      }
      expect(problems, 'nothing failed to load, no error in the console').toEqual([]);
    } finally {
      await context.close();
    }
  });
});
