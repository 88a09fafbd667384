import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, PHONE, chromiumPerFile, screenshot, still, watchProblems } from './chromium';

const chromium = chromiumPerFile();

const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');

declare global {
  interface Window {
    /** Every layout shift of the page, as the browser reports them (CLS counts those without recent input). */
    __shifts: { value: number; input: boolean }[];
  }
}

/**
 * A page that records its layout shifts from the very first paint. It is visited once
 * before, so that it renders whole from the cache: what moves then is the browser's
 * doing (swiper taking over), not Drupal's payloads streaming in.
 */
async function openPage(
  viewport: { width: number; height: number },
  path: string,
  options: { reducedMotion?: 'reduce'; clock?: boolean } = {},
) {
  await expect
    .poll(
      async () => {
        const res = await fetch(`${siteUrl}${path}`);
        await res.text();
        return res.headers.get('X-Cache');
      },
      { message: `${path} served whole from the cache`, timeout: 10_000 },
    )
    .toBe('HIT');
  const page = await (await chromium()).newPage({ viewport, reducedMotion: options.reducedMotion });
  const problems = watchProblems(page);
  // The page's own clock, flowing as usual until a test runs it ahead past the slider's 5 s.
  if (options.clock) await page.clock.install();
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        window.__shifts.push({ value: entry.value, input: entry.hadRecentInput });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${siteUrl}${path}`, { waitUntil: 'load' });
  return { page, problems };
}

const cls = (page: Page) => page.evaluate(() => window.__shifts.filter((s) => !s.input).reduce((sum, s) => sum + s.value, 0));

const SLIDER = '.home-slider';
const currentDot = (page: Page) => page.locator(`${SLIDER} .carousel__dot[aria-current="true"]`).getAttribute('aria-label');

/** Swiper takes over as soon as the slider shows; scrolled to only when it starts below the first screen. */
async function sliderTakenOver(page: Page) {
  await page.evaluate((selector) => {
    const top = document.querySelector(selector)?.getBoundingClientRect().top ?? 0;
    if (top > window.innerHeight - 40) window.scrollBy(0, top - window.innerHeight + 120);
  }, SLIDER);
  await page.waitForSelector(`${SLIDER} .carousel__frame.swiper-initialized`, { timeout: 15_000 });
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('carousels on a %s', (label, viewport) => {
  it('hands the home slider to swiper once visible, without moving anything, the first slide painted before', async () => {
    const { page, problems } = await openPage(viewport, '/');
    // Before any script: the first slide's picture is loaded with high priority and in place.
    const first = page.locator(`${SLIDER} .carousel__slide`).first().locator('img');
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    await sliderTakenOver(page);
    // Swiper's first layout painted and anything it set moving come to rest.
    await still(page);
    expect(await cls(page)).toBe(0);
    expect(await page.locator(SLIDER).getAttribute('aria-roledescription')).toBe('карусель');
    expect(await currentDot(page)).toBe('Слайд 1');
    await screenshot(page, `carousels-home-${label}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('moves with its arrows and dots', async () => {
    const { page, problems } = await openPage(viewport, '/');
    await sliderTakenOver(page);
    const count = await page.locator(`${SLIDER} .carousel__dot`).count();
    expect(count).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Следующий слайд' }).click();
    await expect.poll(() => currentDot(page)).toBe('Слайд 2');
    await page.getByRole('button', { name: 'Предыдущий слайд' }).click();
    await expect.poll(() => currentDot(page)).toBe('Слайд 1');
    await page.getByRole('button', { name: `Слайд ${count}`, exact: true }).click();
    await expect.poll(() => currentDot(page)).toBe(`Слайд ${count}`);
    // The slide in view, once the track has moved, is the one the dot names.
    const visible = page.locator(`${SLIDER} .carousel__slide.swiper-slide-active`);
    expect(await visible.getAttribute('aria-label')).toBe(`${count} из ${count}`);
    const frameX = (await page.locator(`${SLIDER} .carousel__frame`).boundingBox())!.x;
    await expect.poll(async () => Math.round((await visible.boundingBox())!.x - frameX)).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('plays on by itself every 5 s', async () => {
    const { page, problems } = await openPage(viewport, '/', { clock: true });
    await sliderTakenOver(page);
    expect(await currentDot(page)).toBe('Слайд 1');
    await page.clock.runFor(5_000);
    await expect.poll(() => currentDot(page), { timeout: 8_000, interval: 250 }).toBe('Слайд 2');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('turns the pre-footer carousels into swipers as they scroll into view', async () => {
    const doctors = (await (await fetch(`${demoUrl}/jsonapi/node/doctors?filter[status]=1&page[limit]=1&sort=-created`)).json()) as {
      data: { attributes: { path: { alias: string } } }[];
    };
    const { page, problems } = await openPage(viewport, doctors.data[0]!.attributes.path.alias);
    const shelves = page.locator('.pre-footer .carousel');
    expect(await shelves.count()).toBeGreaterThan(0);
    for (const shelf of await shelves.all()) {
      await shelf.scrollIntoViewIfNeeded();
      await shelf.locator('.carousel__frame.swiper-initialized').waitFor({ timeout: 15_000 });
    }
    await page.locator('.pre-footer').scrollIntoViewIfNeeded();
    await screenshot(page, `carousels-pre-footer-${label}`);
    // Each slide as wide as the spec's count per view makes it: 1 on a phone, 3 on a desktop.
    const frame = (await shelves.first().locator('.carousel__frame').boundingBox())!;
    const slide = (await shelves.first().locator('.carousel__slide').first().boundingBox())!;
    const perView = label === 'phone' ? 1 : 3;
    expect(Math.round(frame.width / slide.width)).toBe(perView);
    expect(problems).toEqual([]);
    await page.close();
  });
});

/** The newest demo service that at least two doctors perform, found through Drupal's own API. */
async function serviceWithDoctors(): Promise<{ alias: string; doctors: number }> {
  const list = (await (await fetch(`${demoUrl}/jsonapi/node/services?filter[status]=1&sort=-created`)).json()) as {
    data: { attributes: { drupal_internal__nid: number; path: { alias: string } } }[];
  };
  for (const { attributes } of list.data) {
    const doctors = (await (
      await fetch(`${demoUrl}/rest/doctors/service/${attributes.drupal_internal__nid}?_format=json`)
    ).json()) as unknown[];
    if (doctors.length >= 2) return { alias: attributes.path.alias, doctors: doctors.length };
  }
  throw new Error('the demo has no service with two doctors');
}

describe('«Процедуру проводят» (docs/requirements.md §2: a slider on phones)', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('is a slider on a phone and a grid of every doctor on a desktop (%s)', async (label, viewport) => {
    const service = await serviceWithDoctors();
    const { page, problems } = await openPage(viewport, service.alias);
    const part = page.locator('[data-part="doctors"]');
    await part.scrollIntoViewIfNeeded();
    const slides = part.locator('.carousel__slide');
    expect(await slides.count()).toBe(service.doctors);
    if (label === 'phone') {
      await part.locator('.carousel__frame.swiper-initialized').waitFor({ timeout: 15_000 });
      // One doctor in view, the next beside it off the edge, a swipe away.
      const frame = (await part.locator('.carousel__frame').boundingBox())!;
      const second = (await slides.nth(1).boundingBox())!;
      expect(second.x).toBeGreaterThanOrEqual(frame.x + frame.width - 1);
    } else {
      // The behaviour has loaded once its script is in; it must leave the grid alone.
      await page.waitForLoadState('networkidle');
      expect(await part.locator('.swiper-initialized').count()).toBe(0);
      expect(await part.locator('.carousel__track').evaluate((track) => getComputedStyle(track).display)).toBe('grid');
      const frame = (await part.locator('.carousel__frame').boundingBox())!;
      for (const slide of await slides.all()) {
        const box = (await slide.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(frame.x - 1);
        expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
      }
      expect(await part.locator('.carousel__arrow:visible, .carousel__dots:visible').count()).toBe(0);
    }
    await screenshot(page, `service-doctors-${label}`);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('carousels that hold still', () => {
  it('do not play while the pointer is over them', async () => {
    const { page } = await openPage(DESKTOP, '/', { clock: true });
    await sliderTakenOver(page);
    await page.locator(`${SLIDER} .carousel__frame`).hover();
    await page.clock.runFor(6_500);
    expect(await currentDot(page)).toBe('Слайд 1');
    // And play again once it leaves.
    await page.mouse.move(0, 0);
    await page.clock.runFor(5_000);
    await expect.poll(() => currentDot(page), { timeout: 8_000, interval: 250 }).toBe('Слайд 2');
    await page.close();
  });

  it('do not play for a visitor who asked the system for less motion', async () => {
    const { page, problems } = await openPage(PHONE, '/', { reducedMotion: 'reduce', clock: true });
    await sliderTakenOver(page);
    await page.clock.runFor(6_500);
    expect(await currentDot(page)).toBe('Слайд 1');
    expect(problems).toEqual([]);
    await page.close();
  });
});
