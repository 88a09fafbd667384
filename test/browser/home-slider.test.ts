/**
 * The home page's main slider, at a phone's and a desktop's width: swiper takes it over once it is in view, and its
 * next arrow moves it.
 */
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, chromiumPerFile } from './chromium';
import { openPage } from './frame';

const chromium = chromiumPerFile();

const siteUrl = inject('siteUrl');

describe('the home page', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('its main slider becomes a swiper once visible (%s)', async (_label, viewport) => {
    const { page, problems } = await openPage(await chromium(), `${siteUrl}/`, viewport);
    const slider = page.locator('main [aria-roledescription="карусель"]').first();
    await slider.scrollIntoViewIfNeeded();
    // Swiper marks the element it drives: the carousel itself or its frame.
    const driven = () => slider.evaluate((el) => el.matches('.swiper-initialized') || el.querySelector('.swiper-initialized') !== null);
    await expect
      .poll(driven, { message: 'the first carousel in main is driven by swiper (swiper-initialized)', timeout: 10_000 })
      .toBe(true);
    const next = slider.getByRole('button', { name: /следующ/i });
    if ((await slider.getByRole('group').count()) > 1) {
      const current = () => slider.locator('.swiper-slide-active').getAttribute('aria-label');
      const before = await current();
      await next.click();
      await expect.poll(current, { message: 'the next arrow moves the slider' }).not.toBe(before);
    }
    expect(problems).toEqual([]);
    await page.close();
  });
});
