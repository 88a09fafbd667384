/**
 * Offline reading in Chromium: pages read online (the home page, a service page, the
 * price list) open again with the browser offline, so does the contacts page never
 * opened; a page never read shows the offline page; the connection notice says
 * that read pages are available; a popup form sent offline waits on the device and
 * reaches the demo CRM once the browser is online; the editors' pages and /api/
 * answers are never in the service worker's caches; a new build's worker replaces
 * the old one and deletes its caches.
 */
import { createServer } from 'node:http';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { CONSENT, type FormDefinition } from '../../../common/forms/definition';
import { OFFLINE_CACHE_PREFIX } from '../../../common/offline-caches';
import { POPUP_TITLES } from '../../../common/popups';
import { freePort } from '../../../scripts/servers';
import { PHONE, chromiumPerFile, STEP_MS } from '../chromium';
import { eventually } from '../../setup/eventually';
import { newestAlias } from '../page-kinds';
import { demoControl } from '../../../demo-origin/control-client';

const chromium = chromiumPerFile();
const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');
const control = demoControl(demoUrl);

let visitor = 0;
/** A visitor of its own (the forms allow a few posts a minute per address), as popup-forms.test.ts explains. */
async function newContext(): Promise<BrowserContext> {
  visitor += 1;
  const address = `203.0.113.${170 + visitor}`;
  // With motion as a visitor has it by default: in the whole suite, under reduced motion, a load in the worker's swap
  // below twice waited 30 s in vain (never alone); what it waits on is said if it does (pendingRequests).
  return (await chromium()).newContext({
    viewport: PHONE,
    reducedMotion: 'no-preference',
    extraHTTPHeaders: { 'CF-Connecting-IP': address, 'X-Forwarded-For': address },
  });
}

/**
 * Waits until the service worker is active, then opens the page again: a first install
 * takes over no page (client/sw.ts), the next one opens under the worker.
 */
async function controlled(page: Page) {
  const state = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state);
  await expect.poll(state, { timeout: 20_000, interval: 200 }).toBe('activated');
  await page.reload({ waitUntil: 'load' });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
}

/** Waits until each of `paths` is in one of the service worker's caches. */
async function kept(page: Page, paths: string[]) {
  const missing = () =>
    page.evaluate(async (urls) => {
      const found = await Promise.all(urls.map((url) => caches.match(new URL(url, location.origin).href)));
      return urls.filter((_, i) => !found[i]);
    }, paths);
  await expect.poll(missing, { timeout: 20_000, interval: 200 }).toEqual([]);
}

/** Every URL in every cache the service worker opened. */
const cachedUrls = (page: Page) =>
  page.evaluate(async (prefix) => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith(prefix)) continue;
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  }, OFFLINE_CACHE_PREFIX);

const heading = (page: Page) => page.locator('h1').first().textContent();

describe('reading offline', () => {
  it('keeps the pages read, the price list and the contacts page; a page never read says it is offline', async () => {
    const service = await newestAlias(demoUrl, 'services');
    const context = await newContext();
    const page = await context.newPage();
    const read = ['/', service, '/price.html'];
    const headings = new Map<string, string | null>();
    await page.goto(siteUrl + '/', { waitUntil: 'load' });
    await controlled(page);
    for (const path of read) {
      await page.goto(siteUrl + path, { waitUntil: 'load' });
      headings.set(path, await heading(page));
    }
    // The contacts page was never opened: the service worker keeps it all the same.
    await kept(page, [...read, '/contacts.html']);
    // What must never be kept: an editors' page, an /api/ answer, search results.
    await page.goto(siteUrl + '/login', { waitUntil: 'load' });
    expect(await page.locator('[data-island="OfflineReading"]').count(), 'the editors’ pages do not register the worker').toBe(0);
    expect(await page.evaluate(async () => (await fetch('/api/forms/callback')).status)).toBe(200);
    await page.goto(`${siteUrl}/search/node/${encodeURIComponent('врач')}`, { waitUntil: 'load' });
    await page.goto(siteUrl + '/price.html', { waitUntil: 'load' });
    const urls = await cachedUrls(page);
    expect(urls).toContain('/price.html');
    expect(
      urls.filter((path) => path.startsWith('/api/') || path.startsWith('/search/') || path === '/login' || path.startsWith('/auth/')),
    ).toEqual([]);

    await context.setOffline(true);
    for (const path of read) {
      const response = await page.goto(siteUrl + path, { waitUntil: 'load' });
      expect(response?.status(), path).toBe(200);
      expect(await heading(page), path).toBe(headings.get(path));
    }
    await page.reload({ waitUntil: 'load' });
    expect(await heading(page)).toBe(headings.get('/price.html'));
    // The notice says what still works.
    await page
      .locator('.connection-toast')
      .filter({ hasText: 'Страницы, которые вы открывали, доступны без сети' })
      .waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await page.locator('.connection-toast').getAttribute('role')).toBe('status');

    await page.goto(siteUrl + '/contacts.html', { waitUntil: 'load' });
    expect(await page.locator('main').textContent()).not.toContain('Нет соединения с интернетом');
    expect(await page.evaluate(() => document.querySelector('main#main')?.classList.contains('offline-page'))).toBe(false);

    const never = await page.goto(siteUrl + '/news.html', { waitUntil: 'load' });
    expect(never?.status()).toBe(503);
    expect(await heading(page)).toBe('Нет соединения с интернетом');
    // It lists what can be read, by the pages' own titles.
    expect(await page.getByRole('link', { name: new RegExp(headings.get('/price.html') ?? 'прайс', 'i') }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('keeps a popup form sent offline on the device and sends it when the connection returns', async () => {
    const definition = (await (await fetch(`${siteUrl}/api/forms/callback`)).json()) as FormDefinition;
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(siteUrl + '/news.html', { waitUntil: 'load' });
    await controlled(page);
    const trigger = page.locator('[data-popup="callback"]').locator('visible=true').first();
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: POPUP_TITLES.callback });
    await dialog.locator('form').waitFor({ state: 'visible', timeout: STEP_MS });
    const name = `Без сети ${Date.now().toString(36)}`;
    let named = false;
    for (const field of definition.fields) {
      const control = dialog.locator(`[name="${field.key}"]`);
      if (field.kind === 'text') {
        await control.fill(named ? 'Тестовое значение' : name);
        named = true;
      } else if (field.kind === 'tel') {
        await control.click();
        await control.pressSequentially('79991234567');
      } else if (field.kind === 'email') await control.fill('test@example.ru');
      else if (field.kind === 'textarea') await control.fill('Перезвоните, пожалуйста.');
      else if (field.kind === 'select') await control.selectOption(field.options![0]!.value);
      else if (field.kind === 'checkbox' && field.required) await control.check();
    }
    await dialog.getByLabel(CONSENT.label).check();

    await context.setOffline(true);
    await dialog.getByRole('button', { name: definition.submitLabel }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: 'Заявка сохранена на этом устройстве' })
      .waitFor({ state: 'visible', timeout: STEP_MS });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('offline-leads') ?? '[]').length)).toBe(1);
    const before = await crmLeadsNamed(name);
    expect(before, 'nothing reached the CRM while offline').toBe(0);

    await context.setOffline(false);
    await page.locator('.connection-toast').filter({ hasText: 'Заявка отправлена' }).waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('offline-leads'))).toBeNull();
    const count = await eventually(
      () => crmLeadsNamed(name),
      (n) => n > 0,
      30_000,
    );
    expect(count, 'the lead reached the demo CRM once').toBe(1);
    await context.close();
  });

  it('replaces the worker with a new build’s and deletes the old caches', async () => {
    // The site behind a proxy that plays the deploy: /sw.js is the build's, then the next build's (another version).
    const built = await (await fetch(`${siteUrl}/sw.js`)).text();
    let script = built;
    const proxy = await deployProxy(() => script);
    const context = await newContext();
    const pending = pendingRequests(context);
    try {
      let page = await context.newPage();
      await page.goto(proxy.url + '/', { waitUntil: 'load' });
      await controlled(page);
      await kept(page, ['/', '/price.html']);
      const names = await page.evaluate(() => caches.keys());
      const version = /^offline-pinned-(\w+)$/.exec(names.find((n) => n.startsWith(`${OFFLINE_CACHE_PREFIX}pinned-`)) ?? '')?.[1];
      expect(version, `a versioned cache among ${names.join(', ')}`).toBeTruthy();
      expect(built).toContain(version);
      const next = `${version}n`;
      script = built.replaceAll(version!, next);
      // The visitor comes back after the deploy: a new visit checks for a new worker (and checks again, as a later
      // visit would). Chromium lets a waiting worker take over once the old one has no request of an open page in flight.
      const oldCaches = () => page.evaluate(async (old) => (await caches.keys()).filter((name) => name.endsWith(`-${old}`)), version!);
      let replaced = false;
      for (let i = 0; i < 40 && !replaced; i++) {
        await page.close();
        page = await context.newPage();
        await page.goto(proxy.url + '/', { waitUntil: 'load' }).catch((error: unknown) => {
          throw new Error(`the page did not load; requests unanswered: ${pending().join(', ') || 'none'}`, { cause: error });
        });
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update().catch(() => undefined));
        await new Promise((resolve) => setTimeout(resolve, 500));
        replaced = (await oldCaches()).length === 0;
      }
      expect(replaced, 'the new worker took over and deleted the old caches').toBe(true);
      // What is read from now on is kept under the new version.
      await page.goto(proxy.url + '/price.html', { waitUntil: 'load' });
      await kept(page, ['/price.html', '/contacts.html']);
      const now = (await page.evaluate(() => caches.keys())).filter((name) => name.startsWith(OFFLINE_CACHE_PREFIX));
      expect(now.length).toBeGreaterThan(0);
      expect(now.filter((name) => !name.endsWith(`-${next}`))).toEqual([]);
    } finally {
      await context.close();
      await proxy.close();
    }
  });
});

/** An origin of its own in front of the site: GETs go through, except /sw.js, which is `script()`. */
async function deployProxy(script: () => string): Promise<{ url: string; close: () => Promise<void> }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    if (req.url === '/sw.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(script());
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && !['host', 'connection'].includes(entry[0]),
      ),
    );
    fetch(siteUrl + (req.url ?? '/'), { method: req.method, headers, redirect: 'manual' })
      .then(async (upstream) => {
        const body = Buffer.from(await upstream.arrayBuffer());
        const out = Object.fromEntries(
          [...upstream.headers].filter(
            ([name]) => !['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name),
          ),
        );
        res.writeHead(upstream.status, out);
        res.end(body);
      })
      .catch(() => {
        res.writeHead(502);
        res.end();
      });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Requests of the context (its open page's and its service worker's) not yet finished or failed: read when a load hangs. */
function pendingRequests(context: BrowserContext): () => string[] {
  const open = new Set<Request>();
  context.on('request', (request) => open.add(request));
  context.on('requestfinished', (request) => open.delete(request));
  context.on('requestfailed', (request) => open.delete(request));
  return () => [...open].map((request) => `${request.method()} ${request.url()}${request.serviceWorker() ? ' (worker)' : ''}`);
}

/** How many leads the demo CRM has received that carry `name`. */
async function crmLeadsNamed(name: string): Promise<number> {
  const leads = await control.crm.received<unknown>();
  return leads.filter((lead) => JSON.stringify(lead).includes(name)).length;
}
