/**
 * Yandex Metrica only after «Принять» (152-ФЗ), in Chromium: the banner asks on the first visit without shifting
 * anything or covering a book button, and nothing leaves the site until the visitor agrees. The site under test has a
 * counter configured; Metrica's origin is never contacted for real: its tag is answered by a stub that records the
 * calls it is given.
 */
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, startNodeSite, startSite, type WorkerServer } from '../../scripts/servers';
import { TEST_SECRETS, testCrmUrl } from '../setup/secrets';
import { axeViolations } from './axe';
import { DESKTOP, PHONE, chromiumPerFile, gotoSettled, screenshot, still, watchProblems, watchRequests, STEP_MS } from './chromium';

const chromium = chromiumPerFile();

const METRIKA_ID = 87654321;
const METRIKA_ORIGIN = 'https://mc.yandex.ru';

/**
 * Metrica's tag.js, as far as a test needs it: it takes over `ym`, and every call
 * (those queued before it arrived included) is kept in sessionStorage, which
 * outlives the form's move to /thank-you.html.
 */
const TAG_STUB = `(function () {
  var KEY = 'ym-stub-calls';
  function record(args) {
    var calls = JSON.parse(sessionStorage.getItem(KEY) || '[]');
    calls.push(Array.prototype.slice.call(args));
    sessionStorage.setItem(KEY, JSON.stringify(calls));
  }
  var queued = (window.ym && window.ym.a) || [];
  for (var i = 0; i < queued.length; i++) record(queued[i]);
  window.ym = function () { record(arguments); };
})();`;

let site: WorkerServer;

beforeAll(async () => {
  const demoUrl = inject('demoUrl');
  const port = await freePort();
  const vars = {
    DRUPAL_BASE_URL: demoUrl,
    SITE_URL: `http://127.0.0.1:${port}`,
    ...TEST_SECRETS,
    CRM_WEBHOOK_URL: testCrmUrl(demoUrl),
    METRIKA_ID: String(METRIKA_ID),
    ANALYTICS_ORIGINS: METRIKA_ORIGIN,
  };
  // On the target under test: wrangler dev, or the Node site on the suite's Valkey under a key prefix of its own.
  const valkeyUrl = inject('nodeValkeyUrl');
  site = valkeyUrl ? await startNodeSite({ port, valkeyUrl, keyPrefix: 'consent:', vars }) : await startSite({ port, vars });
}, 120_000);

afterAll(async () => {
  await site?.stop();
});

interface Visit {
  page: Page;
  /** Every request the page made, in order. */
  requests: Request[];
  /** Requests that reached for Metrica's origin (answered by the stub, never sent). */
  metrika: string[];
  problems: string[];
  /** Resolves once the page has had no request in flight for a moment. */
  quiet: () => Promise<void>;
}

async function newVisit(viewport: typeof PHONE): Promise<Visit> {
  const context = await (await chromium()).newContext({ viewport });
  const page = await context.newPage();
  const requests: Request[] = [];
  const metrika: string[] = [];
  page.on('request', (req) => requests.push(req));
  await context.route(`${METRIKA_ORIGIN}/**`, async (route) => {
    metrika.push(route.request().url());
    if (route.request().url().endsWith('/metrika/tag.js')) await route.fulfill({ contentType: 'text/javascript', body: TAG_STUB });
    else await route.fulfill({ status: 204 });
  });
  // Layout shifts anywhere on the page from its first paint, with what moved: the banner must cause none.
  await context.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node }[];
      })[]) {
        if (entry.hadRecentInput || entry.value === 0) continue;
        const moved = (entry.sources ?? []).map((source) =>
          source.node instanceof Element ? source.node.outerHTML.slice(0, 80) : String(source.node?.nodeName),
        );
        shifts.push(`${entry.value.toFixed(5)} ${moved.join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return { page, requests, metrika, problems: watchProblems(page), quiet: watchRequests(page).quiet };
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie и аналитика' });
const stubCalls = async (page: Page) =>
  JSON.parse((await page.evaluate(() => sessionStorage.getItem('ym-stub-calls'))) ?? '[]') as unknown[][];
const foreign = (visit: Visit) => visit.requests.map((r) => r.url()).filter((url) => !url.startsWith(site.url) && !url.startsWith('data:'));

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('consent before analytics on a %s', (label, viewport) => {
  it('asks on the first visit, sends nothing beyond the site meanwhile, shifts nothing, covers no book button and passes axe', async () => {
    const visit = await newVisit(viewport);
    const { page } = visit;
    await page.goto(`${site.url}/news.html`, { waitUntil: 'load' });
    await banner(page).waitFor({ state: 'visible', timeout: STEP_MS });
    await expect(banner(page).getByRole('button', { name: 'Принять' }).isVisible()).resolves.toBe(true);
    await expect(banner(page).getByRole('button', { name: 'Отклонить' }).isVisible()).resolves.toBe(true);
    expect(await banner(page).getByRole('link', { name: 'политике конфиденциальности' }).getAttribute('href')).toBe('/privacy-policy');

    // Reached by keyboard: first in the page, before the skip link.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.consent-banner') !== null)).toBe(true);

    // The banner has shown and its code has run, the fonts and pictures are in: no shift so far (before any scroll,
    // which moves the booking bar's own buttons).
    await still(page);
    expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);

    // A scroll, as a reader would, and all it fetched: still nothing for Metrica, and nothing anywhere but the site.
    await page.mouse.wheel(0, 2_000);
    await visit.quiet();
    expect(visit.metrika).toEqual([]);
    expect(foreign(visit)).toEqual([]);
    expect(await page.evaluate(() => typeof (window as unknown as { ym?: unknown }).ym)).toBe('undefined');

    if (viewport === PHONE) {
      // The booking bar's «Записаться» stays clear of the banner.
      const book = (await page.locator('.mobile-bar__book').boundingBox())!;
      const box = (await page.locator('.consent-banner').boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(book.y);
      const top = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.mobile-bar__book') !== null, {
        x: book.x + book.width / 2,
        y: book.y + book.height / 2,
      });
      expect(top).toBe(true);
    }

    expect(await axeViolations(page, '.consent-banner')).toEqual([]);
    await page.evaluate(() => {
      window.scrollTo(0, 0);
      (document.activeElement as HTMLElement | null)?.blur();
    });
    await screenshot(page, `consent-banner-${label}`);
    expect(visit.problems).toEqual([]);
    await page.context().close();
  });

  it('after «Принять» loads the tag, and a sent form reaches its goal; the choice is remembered', async () => {
    const visit = await newVisit(viewport);
    const { page } = visit;
    await page.goto(`${site.url}/news.html`, { waitUntil: 'load' });
    await banner(page).getByRole('button', { name: 'Принять' }).click();
    await banner(page).waitFor({ state: 'hidden' });
    await expect.poll(() => visit.metrika.some((url) => url === `${METRIKA_ORIGIN}/metrika/tag.js`), { timeout: STEP_MS }).toBe(true);
    await expect
      .poll(() => stubCalls(page))
      .toContainEqual([METRIKA_ID, 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true }]);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'consent');
    expect(cookie?.value).toBe('analytics');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);

    // The callback form: every field keeps its keys from Webvisor.
    await page.locator('.site-footer [data-popup="callback"]').click();
    const dialog = page.getByRole('dialog', { name: 'Заказать звонок' });
    await dialog.locator('form').waitFor({ state: 'visible', timeout: STEP_MS });
    const fields = dialog.locator('input, textarea, select');
    expect(await fields.count()).toBeGreaterThan(2);
    expect(await fields.evaluateAll((all) => all.filter((f) => !f.classList.contains('ym-disable-keys')).map((f) => f.outerHTML))).toEqual(
      [],
    );
    expect(await page.locator('.ym-record-keys').count()).toBe(0);
    for (const input of await dialog.locator('input[type="text"]:visible, textarea:visible').all())
      await input.fill(`Тест согласия ${label}`);
    const phone = dialog.locator('input[type="tel"]');
    await phone.click();
    await phone.pressSequentially('79991234567');
    for (const box of await dialog.locator('input[type="checkbox"][required]').all()) await box.check();
    await dialog.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname === '/thank-you.html', { timeout: 15_000 });
    expect(await stubCalls(page)).toContainEqual([METRIKA_ID, 'reachGoal', 'callback']);

    // The next page gets the tag from the worker itself, and no banner.
    const before = visit.metrika.length;
    await page.goto(`${site.url}/contacts.html`, { waitUntil: 'load' });
    await expect.poll(() => visit.metrika.length).toBeGreaterThan(before);
    expect(await banner(page).isVisible()).toBe(false);
    expect(visit.problems).toEqual([]);
    await page.context().close();
  });

  it('after «Отклонить» loads nothing on any page, and the footer brings the choice back', async () => {
    const visit = await newVisit(viewport);
    const { page } = visit;
    await page.goto(`${site.url}/news.html`, { waitUntil: 'load' });
    await banner(page).getByRole('button', { name: 'Отклонить' }).click();
    await banner(page).waitFor({ state: 'hidden' });
    expect((await page.context().cookies()).find((c) => c.name === 'consent')?.value).toBe('none');

    // A goal reached now is dropped, not kept for later: the form finds no counter.
    await page.locator('.site-footer [data-popup="callback"]').click();
    await page.getByRole('dialog', { name: 'Заказать звонок' }).waitFor({ state: 'visible', timeout: STEP_MS });
    await page.keyboard.press('Escape');

    for (const path of ['/contacts.html', '/services.html']) {
      // Settled: the banner's behaviour, woken when the browser is idle, has had its say.
      await gotoSettled(page, `${site.url}${path}`);
      expect(await banner(page).isVisible(), path).toBe(false);
    }
    expect(visit.metrika).toEqual([]);
    expect(foreign(visit)).toEqual([]);

    // «Настройки cookie» in the footer reopens the question, keyboard first; a change of mind loads the tag at once.
    const settings = page.getByRole('button', { name: 'Настройки cookie' });
    await settings.scrollIntoViewIfNeeded();
    await settings.focus();
    await page.keyboard.press('Enter');
    await banner(page).waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Принять');
    await screenshot(page, `consent-banner-reopened-${label}`);
    await page.keyboard.press('Escape');
    await banner(page).waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Настройки cookie');
    expect(visit.metrika).toEqual([]);
    await settings.click();
    await banner(page).getByRole('button', { name: 'Принять' }).click();
    await expect.poll(() => visit.metrika.length, { timeout: STEP_MS }).toBeGreaterThan(0);
    expect(visit.problems).toEqual([]);
    await page.context().close();
  });
});

describe('without JavaScript', () => {
  it('shows no banner and loads no counter', async () => {
    const context = await (await chromium()).newContext({ viewport: PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    const metrika: string[] = [];
    await context.route(`${METRIKA_ORIGIN}/**`, async (route) => {
      metrika.push(route.request().url());
      await route.abort();
    });
    await page.goto(`${site.url}/news.html`, { waitUntil: 'load' });
    expect(await page.locator('.consent-banner').count()).toBe(1);
    expect(await page.locator('.consent-banner').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Настройки cookie' }).isVisible()).toBe(false);
    // Even a visitor who accepted earlier, with JavaScript since turned off.
    await context.addCookies([{ name: 'consent', value: 'analytics', url: site.url }]);
    await page.goto(`${site.url}/contacts.html`, { waitUntil: 'load' });
    expect(metrika).toEqual([]);
    await context.close();
  });
});
