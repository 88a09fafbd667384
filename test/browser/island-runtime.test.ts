import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ISLAND_ERROR_EVENT } from '../../common/island-markers';
import { DESKTOP, chromiumPerFile, watchRequests, STEP_MS } from './chromium';

const chromium = chromiumPerFile();

const siteUrl = inject('siteUrl');

/** Counts the document loads of the main frame (a reload is a second one). */
function countLoads(page: Page) {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

describe('island loader', () => {
  it('tries a chunk that failed once again, and the island still wakes without a reload', async () => {
    const page = await (await chromium()).newPage({ viewport: DESKTOP });
    const loads = countLoads(page);
    let failed = 0;
    await page.route(/\/assets\/behaviors\/BackToTop-[\w-]+\.js$/, async (route) => {
      if (failed++ === 0) return route.abort('connectionreset');
      return route.continue();
    });
    await page.goto(`${siteUrl}/news.html`, { waitUntil: 'load' });
    await page.mouse.wheel(0, 1500);
    await page.waitForSelector('.back-to-top--shown', { timeout: STEP_MS });
    expect(failed).toBeGreaterThanOrEqual(1);
    expect(loads()).toBe(1);
    await page.close();
  });

  it('reports an island whose code cannot be loaded by name, and reloads the page once, not again', async () => {
    // page.route cannot see what the service worker (client/sw.ts) fetches once it takes the page over: this is the loader's test, not the worker's.
    const page = await (await chromium()).newPage({ viewport: DESKTOP, serviceWorkers: 'block' });
    const loads = countLoads(page);
    const requests = watchRequests(page);
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    // Each document's island failures, as the loader reports them.
    await page.addInitScript((event) => {
      const islandErrors: string[] = [];
      Object.assign(window, { islandErrors });
      window.addEventListener(event, (e) => islandErrors.push((e as CustomEvent<{ name: string }>).detail.name));
    }, ISLAND_ERROR_EVENT);
    await page.route(/\/assets\/behaviors\/BackToTop-[\w-]+\.js(\?retry)?$/, (route) => route.abort('connectionreset'));
    await page.goto(`${siteUrl}/news.html`, { waitUntil: 'load' });
    await page.waitForFunction(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'reload',
      undefined,
      {
        timeout: STEP_MS,
      },
    );
    // The reloaded page has reported the island too (a second reload, if any, starts right then) and all it asked for is answered.
    await page.waitForFunction(() => (window as unknown as { islandErrors: string[] }).islandErrors.includes('BackToTop'), undefined, {
      timeout: STEP_MS,
    });
    await requests.quiet();
    expect(loads()).toBe(2);
    expect(errors.some((text) => text.includes('«BackToTop»'))).toBe(true);
    // The page itself still works after the failed island.
    expect(await page.textContent('h1')).toBe('Новости');
    await page.close();
  });
});
