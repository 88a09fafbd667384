/**
 * The version for the visually impaired, in Chromium, on both targets (the choice is a cookie the rendered pages'
 * cache must tell apart): it works with JavaScript off, and each option shows on the next page and the pages after.
 * How it looks at each size and colour scheme is low-vision-look.test.ts's.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { LowVision } from '../../../common/low-vision';
import { DESKTOP, PHONE, chromiumPerFile, watchProblems } from '../chromium';
import { lowVisionContext } from '../low-vision-context';

const chromium = chromiumPerFile();
const siteUrl = inject('siteUrl');

const contextWith = async (settings: LowVision | undefined, options: { viewport: typeof PHONE; javaScriptEnabled?: boolean }) =>
  lowVisionContext(await chromium(), siteUrl, settings, options);

/** What the visitor's eye gets: the root's text size, the page's colours, spacing and typeface, and how many pictures. */
const looks = (page: Page) =>
  page.evaluate(() => {
    const body = getComputedStyle(document.body);
    return {
      classes: document.documentElement.className,
      rootSize: getComputedStyle(document.documentElement).fontSize,
      background: body.backgroundColor,
      color: body.color,
      letterSpacing: body.letterSpacing,
      lineHeight: body.lineHeight,
      fontSize: body.fontSize,
      font: body.fontFamily,
      images: document.images.length,
    };
  });

/**
 * A button of the panel, pressed as a keyboard or a finger would; the form's answer brings the next page, at the same
 * address: what is awaited is that page's load, not the address (which matches before the page has changed).
 */
async function choose(page: Page, value: string) {
  const path = new URL(page.url()).pathname;
  await Promise.all([page.waitForEvent('load'), page.locator(`button[name="set"][value="${value}"]`).first().click()]);
  expect(new URL(page.url()).pathname).toBe(path);
}

describe('the version for the visually impaired', () => {
  it('without JavaScript, sets each option from the panel, and the next page renders with it', async () => {
    const context = await contextWith(undefined, { viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await page.goto(`${siteUrl}/news.html`);
    const ordinary = await looks(page);
    expect(ordinary.classes).toBe('');
    expect(ordinary.rootSize).toBe('16px');

    // The way in is in the top bar.
    await choose(page, 'on');
    expect(new URL(page.url()).pathname).toBe('/news.html');
    let now = await looks(page);
    expect(now.rootSize).toBe('24px');
    expect(now.background).toBe('rgb(255, 255, 255)');
    expect(now.color).toBe('rgb(0, 0, 0)');
    expect(await page.getByRole('heading', { name: 'Версия для слабовидящих' }).count()).toBe(1);
    expect(await page.locator('button[value="size:large"]').getAttribute('aria-pressed')).toBe('true');

    await choose(page, 'size:largest');
    expect((await looks(page)).rootSize).toBe('32px');

    await choose(page, 'scheme:white-on-black');
    now = await looks(page);
    expect([now.background, now.color]).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']);

    await choose(page, 'scheme:blue');
    now = await looks(page);
    expect([now.background, now.color]).toEqual(['rgb(157, 209, 255)', 'rgb(6, 52, 98)']);
    // Each swatch shows its own scheme, the pressed one included.
    const swatch = (value: string) =>
      page.locator(`button[value="${value}"]`).evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color]);
    expect(await swatch('scheme:blue')).toEqual(['rgb(157, 209, 255)', 'rgb(6, 52, 98)']);
    expect(await swatch('scheme:black-on-white')).toEqual(['rgb(255, 255, 255)', 'rgb(0, 0, 0)']);
    expect(await swatch('scheme:white-on-black')).toEqual(['rgb(0, 0, 0)', 'rgb(255, 255, 255)']);

    expect(ordinary.images).toBeGreaterThan(0);
    await choose(page, 'images:off');
    expect((await looks(page)).images).toBe(0);
    // Counted on a load of its own: the page just left may still be fetching its lazy pictures.
    const pictures: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') pictures.push(request.url());
    });
    await page.reload({ waitUntil: 'load' });
    expect(pictures).toEqual([]);

    await choose(page, 'letters:wide');
    now = await looks(page);
    expect(parseFloat(now.letterSpacing)).toBeCloseTo(parseFloat(now.fontSize) * 0.12, 1);

    await choose(page, 'lines:wide');
    now = await looks(page);
    expect(parseFloat(now.lineHeight)).toBeCloseTo(parseFloat(now.fontSize) * 2, 0);

    expect(now.font).toMatch(/^Manrope/);
    await choose(page, 'font:plain');
    expect((await looks(page)).font).toMatch(/^Arial/);

    // Remembered: another page, reached by a link, is drawn the same way.
    await Promise.all([page.waitForURL('**/price.html'), page.locator('a[href="/price.html"]').first().click()]);
    expect((await looks(page)).classes.split(' ').sort()).toEqual(
      ['lv', 'lv-size-largest', 'lv-scheme-blue', 'lv-no-images', 'lv-wide-letters', 'lv-wide-lines', 'lv-plain-font'].sort(),
    );

    await choose(page, 'off');
    now = await looks(page);
    expect(now.classes).toBe('');
    expect(now.rootSize).toBe('16px');
    expect(await page.locator('.lv-entry__button').isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
