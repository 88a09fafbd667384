/**
 * The page budgets (docs/benchmarks.md), measured in Chromium: the JavaScript a visit that only
 * reads fetches, the JavaScript once every island is woken, and the CSS, each
 * gzipped as it crossed the wire.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { DESKTOP, PHONE } from './chromium.ts';

// A reader loads no swiper (it waits for a visitor who reaches for a carousel), so reading stays within 12 KB (docs/benchmarks.md).
export const BUDGET = { readingJs: 12 * 1024, wokenJs: 130 * 1024, css: 30 * 1024 } as const;

/** Longer than the slide menu's 5 s content delay and the 4 s after which images stop being lazy. */
const SETTLE_MS = 6_000;
const STEP_TIMEOUT_MS = 3_000;

export interface Transfer {
  js: number;
  css: number;
  /** Each script as `path size`, for a reader who wants to know what the total is made of. */
  scripts: string[];
}

export interface Visit extends Transfer {
  /** The interactions that found their element, and those that did not. */
  done: string[];
  missing: string[];
}

/** Bytes on the wire: the encoded size when the server compressed, else what gzip would make of the body. */
async function wireSize(res: Response): Promise<number> {
  await res.finished();
  if (res.headers()['content-encoding']) return (await res.request().sizes()).responseBodySize;
  return gzipSync(await res.body()).byteLength;
}

/** Counts every script and stylesheet the context receives, once per URL. */
function recordTransfers(context: BrowserContext): () => Promise<Transfer> {
  const pending = new Map<string, Promise<{ kind: 'js' | 'css'; size: number }>>();
  context.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    const type = res.request().resourceType();
    const kind = type === 'script' || path.endsWith('.js') ? 'js' : type === 'stylesheet' || path.endsWith('.css') ? 'css' : null;
    if (!kind || pending.has(res.url())) return;
    pending.set(
      res.url(),
      wireSize(res).then((size) => ({ kind, size })),
    );
  });
  return async () => {
    const transfer: Transfer = { js: 0, css: 0, scripts: [] };
    for (const [url, entry] of pending) {
      const { kind, size } = await entry;
      transfer[kind] += size;
      if (kind === 'js') transfer.scripts.push(`${new URL(url).pathname.replace(/^\/assets\//, '')} ${(size / 1024).toFixed(1)}`);
    }
    return transfer;
  };
}

/** Scrolls by wheel steps, as a reader does, until the bottom stays the bottom (lazy parts may lengthen the page). */
async function scrollToBottom(page: Page) {
  for (let i = 0; i < 200; i++) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(120);
    const atBottom = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
    if (atBottom) return;
  }
}

/** Load, scroll slowly to the bottom, wait; no click, tap or key. */
export async function readingVisit(browser: Browser, url: string, viewport: typeof PHONE): Promise<Transfer> {
  const context = await browser.newContext({ viewport });
  const transfers = recordTransfers(context);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await scrollToBottom(page);
    await page.waitForTimeout(SETTLE_MS);
    return await transfers();
  } finally {
    await context.close();
  }
}

const firstVisible = (locator: Locator) => locator.locator('visible=true').first();

/**
 * Everything a curious visitor touches: on a desktop the «Услуги» submenu, the
 * search toggle, a book button's popup and a carousel (its arrow, else a card in it); then on a phone the
 * hamburger. What a page does not have is listed, not failed.
 */
export async function wokenVisit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const transfers = recordTransfers(context);
  const done: string[] = [];
  const missing: string[] = [];
  const attempt = async (name: string, action: () => Promise<void>) => {
    try {
      await action();
      done.push(name);
    } catch {
      missing.push(name);
    }
  };
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    await attempt('hover «Услуги»', async () => {
      const nav = page.getByRole('navigation', { name: /главное меню/i });
      await firstVisible(nav.getByRole('link', { name: /^\s*услуги\s*$/i })).hover({ timeout: STEP_TIMEOUT_MS });
      await page.waitForTimeout(300);
    });
    await attempt('search toggle', async () => {
      await firstVisible(page.getByRole('button', { name: /поиск/i })).click({ timeout: STEP_TIMEOUT_MS });
      await page.locator('#search-bar').waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
      await page.keyboard.press('Escape');
    });
    await attempt('popup', async () => {
      await firstVisible(page.locator('[data-popup]')).click({ timeout: STEP_TIMEOUT_MS });
      await page.getByRole('dialog').waitFor({ state: 'visible', timeout: 10_000 });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden', timeout: STEP_TIMEOUT_MS });
    });
    // Swiper loads only for a visitor who reaches for a carousel (docs/architecture.md, "Islands and behaviors in the
    // browser"): its arrow, or on a page whose carousels have none, a keyboard's focus on a card in one.
    await attempt('carousel', async () => {
      const arrow = firstVisible(page.locator('.swiper-button-next').or(page.getByRole('button', { name: /след|вперёд|далее|next/i })));
      if ((await arrow.count()) > 0) {
        await arrow.scrollIntoViewIfNeeded({ timeout: STEP_TIMEOUT_MS });
        await arrow.click({ timeout: STEP_TIMEOUT_MS });
        return;
      }
      const card = firstVisible(page.locator('.carousel a[href]'));
      await card.scrollIntoViewIfNeeded({ timeout: STEP_TIMEOUT_MS });
      await card.focus({ timeout: STEP_TIMEOUT_MS });
    });
    await scrollToBottom(page);
    await page.setViewportSize(PHONE);
    await page.evaluate(() => window.scrollTo(0, 0));
    await attempt('hamburger', async () => {
      await firstVisible(page.getByRole('button', { name: /меню/i })).click({ timeout: STEP_TIMEOUT_MS });
      await page.waitForTimeout(500);
      await page.keyboard.press('Escape');
    });
    await page.waitForTimeout(SETTLE_MS);
    return { ...(await transfers()), done, missing };
  } finally {
    await context.close();
  }
}
