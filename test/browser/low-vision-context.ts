import type { Browser, BrowserContext } from 'playwright-core';
import { LOW_VISION_COOKIE, lowVisionValue, type LowVision } from '../../common/low-vision';
import type { PHONE } from './chromium';

/** A browser context as a visitor who chose `settings` in the low-vision panel (its cookie set), or none. */
export async function lowVisionContext(
  browser: Browser,
  siteUrl: string,
  settings: LowVision | undefined,
  options: { viewport: typeof PHONE; javaScriptEnabled?: boolean },
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  if (settings) await context.addCookies([{ name: LOW_VISION_COOKIE, value: lowVisionValue(settings), url: siteUrl }]);
  return context;
}
