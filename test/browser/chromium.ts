import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page, type Response } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { ROOT } from '../../scripts/servers';

/**
 * Debian's Chromium: its headless shell (the package chromium-headless-shell: the same Blink without the browser's
 * own windows, what Playwright runs headless by default) when installed, else the browser; CHROMIUM_PATH chooses.
 * The shell spends about a third less CPU on the same suites, and on two cores CPU is the suite's time.
 */
const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

/**
 * What a file's visitors have of the site's service worker (client/sw.ts). Once a page is idle it registers, installs
 * and fetches the pinned pages for reading offline: on this machine a fifth of Chromium's CPU for each page opened,
 * and the site's answers besides. It controls no page of the visit that installed it, only the ones after: a suite
 * that looks at one page per visitor (its parts, its look, axe-core) sees the same page with it blocked
 * (docs/testing.md, "Speed rules"). The suites that walk from page to page keep it, as a visitor has it.
 */
export interface ChromiumOptions {
  serviceWorkers?: 'allow' | 'block';
}

/**
 * Chromium with the flags this offline machine needs, and a visitor who asked for reduced motion: every navigation
 * otherwise plays the site's view transition, a third of a second each in which a click finds nothing to click
 * (docs/testing.md, "Speed rules"). A test of motion itself opens its page with `reducedMotion: 'no-preference'`.
 */
export async function launchChromium({ serviceWorkers = 'allow' }: ChromiumOptions = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  // Chromium's own switch for it is not honoured by its headless shell; Playwright's emulation is.
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  const defaults = (options: Parameters<Browser['newContext']>[0] = {}) => ({
    ...options,
    reducedMotion: options.reducedMotion ?? 'reduce',
    serviceWorkers: options.serviceWorkers ?? serviceWorkers,
  });
  browser.newContext = (options) => newContext(defaults(options));
  browser.newPage = (options) => newPage(defaults(options));
  return browser;
}

/**
 * How long a test waits for what a page does after a step (a panel shown or hidden, a dialog open, a status said, a
 * slide come, a request made): a bound on a hang, never on speed. Under the whole `npm test` on a 2-core machine a
 * Chromium test runs five to six times as long as alone, and a wait of 15 s for a step of a second alone has failed
 * there (docs/testing.md, "Lanes").
 */
export const STEP_MS = 30_000;

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

/**
 * Whether this file runs against the Node target (the `browser-node` project). A suite in `seams/` checks its seam on
 * both targets; what it checks of the look (axe-core, layout, a second width) is the same rendering on both, and is
 * checked on Workers only (docs/testing.md, "Where a new test goes").
 */
export const onNodeTarget = (): boolean => inject('nodeValkeyUrl') !== undefined;

/** The widths a seam suite walks: a phone's and a desktop's on Workers; on Node the seam once, at a phone's width. */
export const seamWidths = (): (readonly ['phone' | 'desktop', typeof PHONE])[] =>
  onNodeTarget()
    ? [['phone', PHONE]]
    : [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ];

/** Collects what would make a visitor's console red: errors, uncaught exceptions, failed requests. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  // ERR_ABORTED is the browser dropping a request it no longer needs (a <picture> source it switched away from).
  page.on('requestfailed', (req) => {
    const reason = req.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') problems.push(`requestfailed: ${req.url()} ${reason}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`http ${res.status()}: ${res.url()}`);
  });
  return problems;
}

/**
 * The page loaded and quiet: the load event, then no request of the page's for 500 ms (the idle islands' chunks
 * and React have arrived), then the browser idle once more, so that what they woke has run. What a test waits for
 * instead of a fixed time when it needs the page as a visitor has it a moment after it showed.
 */
export async function gotoSettled(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url, { waitUntil: 'networkidle' });
  await settle(page);
  return response;
}

/** A page already loaded, as `gotoSettled` leaves one: no request for 500 ms, every part streamed in, the browser idle. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await streamedIn(page);
  await browserIdle(page);
}

/**
 * Until React has put in place every part the page streamed (a cold page's late parts wait in hidden segments, and
 * React may reveal them after the load event, in batches): from then on the document's elements stay where they are.
 */
export async function streamedIn(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('template[id^="B:"], div[hidden][id^="S:"]') === null, undefined, {
    polling: 'raf',
    timeout: 15_000,
  });
}

/** Until the browser is idle: the callbacks the page queued for its idle time (islands woken on idle) have run before this one. */
export async function browserIdle(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
}

/**
 * Until nothing on the page moves: two frames painted (so that a change just asked for has started), then its fonts
 * in, the images it has asked for loaded or failed (a lazy one below the window is not asked for yet), every CSS
 * animation or transition that ends (a fade-in, a slide) ended, and two frames painted since.
 */
export async function still(page: Page): Promise<void> {
  const frames = () =>
    page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await frames();
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      Array.from(document.images).every(
        (image) => image.complete || (image.loading === 'lazy' && image.getBoundingClientRect().top > window.innerHeight),
      ) &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    undefined,
    { polling: 'raf', timeout: 15_000 },
  );
  await frames();
}

/**
 * Counts the page's requests in flight from now on; `quiet()` resolves once none has been for `ms`
 * (what Playwright's networkidle says once per navigation, asked again at any time).
 */
export function watchRequests(page: Page): { quiet: (ms?: number) => Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by: number) => {
    inFlight += by;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    quiet: async (ms = 500) => {
      const until = Date.now() + 30_000;
      while (inFlight > 0 || Date.now() - lastChange < ms) {
        if (Date.now() > until) throw new Error(`${inFlight} requests still in flight after 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/**
 * Pictures for a person to look at, saved in test-results/screenshots/ when SCREENSHOTS is set (`npm run screenshots`).
 * No assertion reads them, and a page's two PNGs cost about a second of the machine's CPU: a run that nobody looks at
 * (CI, `npm test`) does not take them (docs/testing.md, "Screenshots").
 */
const screenshotsWanted = (): boolean => Boolean(process.env.SCREENSHOTS);

/** The window as the visitor sees it, and the whole page, as `<name>.png` and `<name>-full.png`. */
export async function screenshot(page: Page, name: string) {
  if (!screenshotsWanted()) return;
  await page.screenshot({ path: screenshotPath(name) });
  await page.screenshot({ path: screenshotPath(`${name}-full`), fullPage: true });
}

/** One part of a page (a locator), or the whole page with `fullPage`, as `<name>.png`. */
export async function screenshotOf(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!screenshotsWanted()) return;
  await target.screenshot({ path: screenshotPath(name), ...options });
}

function screenshotPath(name: string): string {
  const dir = join(ROOT, 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}.png`);
}

/** A visit in a tab a suite walks: the page, and what would make this visit's console red. */
export interface Visit {
  page: Page;
  problems: string[];
}

/**
 * One tab per width that a suite of looks walks from page to page, as a visitor who opens one page after another:
 * `visit(url, viewport, status = 200)` navigates it, expects the status and watches that visit's console alone.
 * A tab of its own per page costs Chromium a renderer process (a quarter of a core-second on the 2-core machine), an
 * empty HTTP cache (every stylesheet, font, script and picture asked of the site again) and all of it parsed anew;
 * the same tab keeps them (docs/testing.md, "Speed rules"). Only for suites that read what the site shows and change
 * nothing it remembers of a visitor: no click that keeps a cookie or stores a lead, no service worker (the file's
 * Chromium blocks it), no clock of the page's own. A test that leaves its page in a state of its own (a popup open)
 * closes the tab with `page.close()`; the next visit opens another.
 */
export function tabPerWidth(chromium: () => Promise<Browser>): (url: string, viewport: typeof PHONE, status?: number) => Promise<Visit> {
  const tabs = new Map<number, Page>();
  afterAll(async () => {
    await Promise.all(
      [...tabs.values()].map((tab) =>
        tab
          .context()
          .close()
          .catch(() => undefined),
      ),
    );
  });
  return async (url, viewport, status = 200) => {
    let page = tabs.get(viewport.width);
    if (!page || page.isClosed() || !page.context().browser()?.isConnected()) {
      page = await (await chromium()).newPage({ viewport });
      tabs.set(viewport.width, page);
    }
    for (const event of ['console', 'pageerror', 'requestfailed', 'response'] as const) page.removeAllListeners(event);
    // Where a fresh tab has its mouse, so that no hover of the last visit's carries over.
    await page.mouse.move(0, 0);
    return visitIn(page, url, status);
  };
}

/**
 * `url` loaded in `page` as a visitor's visit: what would make the console red watched from here on, the status
 * expected, and the parts a cold page streams in late in place (React may reveal them after the load event, in batches).
 */
export async function visitIn(page: Page, url: string, status = 200): Promise<Visit> {
  const problems = watchProblems(page);
  const response = await page.goto(url, { waitUntil: 'load' });
  expect(response?.status(), `${url} status`).toBe(status);
  await streamedIn(page);
  return { page, problems };
}

/**
 * One Chromium for a test file: launched before its tests, closed after them.
 * A test that finds it crashed gets a new one, so one crash fails one test.
 */
export function chromiumPerFile(options: ChromiumOptions = {}): () => Promise<Browser> {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium(options);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async () => {
    if (!browser?.isConnected()) browser = await launchChromium(options);
    return browser;
  };
}
