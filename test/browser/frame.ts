/**
 * What the frame suites share: the five page kinds whose frame they walk (the service and the doctor are whatever
 * Drupal published last, so the suites run against any clinic's content), a page opened as a visitor opens it, and
 * the frame's parts as a visitor finds them.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { PHONE, visitIn, type Visit } from './chromium';
import { newestAlias } from './page-kinds';

export type PageKind = 'home' | 'service' | 'doctor' | 'listing' | 'landing';
export const PAGE_KINDS: readonly PageKind[] = ['home', 'service', 'doctor', 'listing', 'landing'];
/** The kinds in the site's default layout; a landing page has the bare one. */
export const DEFAULT_LAYOUT: readonly PageKind[] = PAGE_KINDS.filter((name) => name !== 'landing');

/** Each kind's path on the demo origin's content. */
export async function pageKindPaths(demoUrl: string): Promise<Record<PageKind, string>> {
  const [service, doctor] = await Promise.all([newestAlias(demoUrl, 'services'), newestAlias(demoUrl, 'doctors')]);
  return { home: '/', service, doctor, listing: '/news.html', landing: '/ultraformer.html' };
}

/** A fresh page at `viewport`, loaded and its streamed parts in place, with its problems recorded; every test ends by asserting there were none. */
export async function openPage(browser: Browser, url: string, viewport: typeof PHONE): Promise<Visit> {
  return visitIn(await browser.newPage({ viewport }), url);
}

export const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
export const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Главное меню' });
export const hamburger = (page: Page) => page.getByRole('button', { name: /меню/i }).locator('visible=true').first();

/**
 * A finger on the element's middle. Playwright's click first scrolls the element into
 * view, and for a control in a sticky header Chromium scrolls to where the header
 * sits in the flow (the top of the page), which no visitor's tap does.
 */
export async function tap(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('nothing to tap: the element has no box');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}
