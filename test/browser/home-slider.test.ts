/**
 * The home page's main slider, at a phone's and a desktop's width: swiper takes it over once a visitor reaches for
 * it, and the press on its next arrow that woke swiper moves it, as the next ones do.
 */
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, chromiumPerFile, STEP_MS } from './chromium';
import { openPage } from './frame';

const chromium = chromiumPerFile({ serviceWorkers: 'block' });

const siteUrl = inject('siteUrl');

describe('the home page', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('its main slider becomes a swiper once reached for, and its next arrow moves it (%s)', async (_label, viewport) => {
    const { page, problems } = await openPage(await chromium(), `${siteUrl}/`, viewport);
    const slider = page.locator('main [aria-roledescription="карусель"]').first();
    await slider.scrollIntoViewIfNeeded();
    // The demo's slider has at least three slides: two presses forward never wrap around.
    expect(await slider.getByRole('group').count()).toBeGreaterThan(2);
    // Swiper marks the element it drives: the carousel itself or its frame. Nobody has reached for it yet.
    const driven = () => slider.evaluate((el) => el.matches('.swiper-initialized') || el.querySelector('.swiper-initialized') !== null);
    expect(await driven()).toBe(false);
    const next = slider.getByRole('button', { name: /следующ/i });
    const current = () => slider.locator('.swiper-slide-active').getAttribute('aria-label');
    // The pointer over it holds its own playing (it is not reaching for it): the slide in view stays put.
    await slider.hover();
    const dots = slider.locator('.carousel__dot');
    const inView = (await dots.evaluateAll((all) => all.findIndex((dot) => dot.getAttribute('aria-current') === 'true'))) + 1;
    // The first press wakes swiper and is not lost: the slider is on the next slide once swiper is up.
    await next.click();
    await expect
      .poll(driven, { message: 'the first carousel in main is driven by swiper (swiper-initialized)', timeout: STEP_MS })
      .toBe(true);
    await expect.poll(current, { message: 'the press that woke swiper moves the slider' }).toMatch(new RegExp(`^${inView + 1} из `));
    const before = await current();
    await next.click();
    await expect.poll(current, { message: 'the next arrow moves the slider' }).not.toBe(before);
    expect(problems).toEqual([]);
    await page.close();
  });
});
