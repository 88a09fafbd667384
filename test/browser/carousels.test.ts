import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../scripts/servers';
import { DESKTOP, PHONE, browserIdle, chromiumPerFile, screenshot, still, watchProblems, watchRequests, STEP_MS } from './chromium';

const chromium = chromiumPerFile({ serviceWorkers: 'block' });

const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');

declare global {
  interface Window {
    /**
     * Every layout shift of the page, as the browser reports them (CLS counts those without recent input), and
     * whether it moved anything in a carousel.
     */
    __shifts: { value: number; input: boolean; carousel: boolean }[];
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
  options: { reducedMotion?: 'reduce'; clock?: boolean; hasTouch?: boolean } = {},
) {
  await expect
    .poll(
      async () => {
        const res = await fetch(`${siteUrl}${path}`);
        await res.text();
        return res.headers.get('X-Cache');
      },
      { message: `${path} served whole from the cache`, timeout: STEP_MS },
    )
    .toBe('HIT');
  // Carousels move: a visitor who did not ask for less motion, unless the test is about one who did.
  const browser = await chromium();
  const page = await browser.newPage({ viewport, reducedMotion: options.reducedMotion ?? 'no-preference', hasTouch: options.hasTouch });
  const problems = watchProblems(page);
  const chunks = watchChunks(page);
  const requests = watchRequests(page);
  // The page's own clock, flowing as usual until a test runs it ahead past the slider's 5 s.
  if (options.clock) await page.clock.install();
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] };
      for (const entry of list.getEntries() as Shift[]) {
        const carousel = entry.sources.some(({ node }) => (node instanceof Element ? node : node?.parentElement)?.closest('.carousel'));
        window.__shifts.push({ value: entry.value, input: entry.hadRecentInput, carousel });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${siteUrl}${path}`, { waitUntil: 'load' });
  const swiperFetched = () => chunks(SWIPER_CHUNK);
  return { page, problems, requests, chunks, swiperFetched };
}

const MANIFEST = JSON.parse(readFileSync(join(ROOT, 'dist', 'client', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
/** The chunk that carries swiper: the Carousel behaviour's, by its name in the build's manifest. */
const SWIPER_CHUNK = `/${MANIFEST['behaviors/Carousel.ts']!.file}`;
/** The few hundred bytes that play a row by itself without swiper. */
const AUTOPLAY_CHUNK = `/${MANIFEST['behaviors/CarouselAutoplay.ts']!.file}`;

/** The chunks the page has received so far, by path. */
function watchChunks(page: Page): (path: string) => boolean {
  const received = new Set<string>();
  page.on('requestfinished', (req) => received.add(new URL(req.url()).pathname));
  // Asked for counts too: a chunk still on its way when a test looks has been fetched all the same.
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === SWIPER_CHUNK) received.add(SWIPER_CHUNK);
  });
  return (path) => received.has(path);
}

/** Wheel steps down the page, as a reader scrolls (the bench's reading visit), until the bottom stays the bottom. */
async function readToTheBottom(page: Page) {
  await page.mouse.move(Math.round((page.viewportSize()?.width ?? 0) / 2), 200);
  for (let i = 0; i < 200; i++) {
    await page.mouse.wheel(0, 400);
    const atBottom = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() => resolve(window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2)),
        ),
    );
    if (atBottom) return;
  }
}

/**
 * The carousels' part of CLS: on a phone the page's own bottom bar shifts a little once a visitor has scrolled
 * (the back-to-top button comes into it and moves its book button), which a test that scrolls must not blame on them.
 */
const carouselCls = (page: Page) =>
  page.evaluate(() => window.__shifts.filter((s) => !s.input && s.carousel).reduce((sum, s) => sum + s.value, 0));

const SLIDER = '.home-slider';

/**
 * How long a carousel's code may take to arrive and take over its row: a bound on a hang, not on speed. Alone it is
 * about a second; under the whole `npm test` a Chromium test runs five to six times as long, and once a phone's slider
 * had not been taken over after 15 s (docs/testing.md, "Lanes").
 */
const TAKEOVER_MS = 60_000;

const currentDot = (page: Page) => page.locator(`${SLIDER} .carousel__dot[aria-current="true"]`).getAttribute('aria-label');
/** The slide swiper has active, by its label («2 из 5»). */
const activeSlide = (page: Page) => page.locator(`${SLIDER} .carousel__slide.swiper-slide-active`).getAttribute('aria-label');

/** Scrolled to only when it starts below the first screen. */
async function sliderInView(page: Page) {
  await page.evaluate((selector) => {
    const top = document.querySelector(selector)?.getBoundingClientRect().top ?? 0;
    if (top > window.innerHeight - 40) window.scrollBy(0, top - window.innerHeight + 120);
  }, SLIDER);
}

const prevArrow = (page: Page) => page.locator(`${SLIDER} .carousel__arrow--prev`);
/** The control a keyboard's visitor reaches (back is disabled on the first slide): in view on both widths, so focusing it scrolls nothing. */
const nextArrow = (page: Page) => page.locator(`${SLIDER} .carousel__arrow--next`);

/**
 * A keyboard's visitor reaches the slider (Tab to its next arrow): swiper takes over. Until someone reaches for
 * it the slider is the server's scroll-snap row, and swiper is not even loaded.
 */
async function sliderTakenOver(page: Page) {
  await sliderInView(page);
  await nextArrow(page).focus();
  await page.waitForSelector(`${SLIDER} .carousel__frame.swiper-initialized`, { timeout: TAKEOVER_MS });
}

/** The slider as a reader has it: in view, and its CarouselAutoplay behaviour (no swiper) loaded and started. */
async function sliderUntouched(page: Page, chunks: (path: string) => boolean) {
  await sliderInView(page);
  await expect
    .poll(() => chunks(AUTOPLAY_CHUNK), { message: 'the slider plays its row (CarouselAutoplay)', timeout: TAKEOVER_MS })
    .toBe(true);
  // Its module run and the row's timer armed: the chunk's arrival is not its run, and under the page's clock the frames
  // `still` waits for are the clock's own. An import of the same module settles once it has run, after the island
  // loader's own import, whose next step mounts the behaviour (client/entry.ts, `wake`).
  // (As a string: vitest would make a function's `import()` its own.)
  await page.evaluate(`import(${JSON.stringify(AUTOPLAY_CHUNK)}).then(() => true)`);
  await still(page);
}

/**
 * The page's clock held where it is, so that only the test moves it (`runFor`). Playwright holds a clock at a time it
 * is told, not at "now": the page's now and a little, later if that is already past.
 */
async function holdClock(page: Page) {
  for (let ahead = 20; ; ahead *= 5) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + ahead);
      return;
    } catch (error) {
      if (!String(error).includes('past') || ahead > 10_000) throw error;
    }
  }
}

/**
 * The slider untouched, kept on its first slide by a mouse resting over it from the start, and the page's clock held:
 * once the mouse leaves (`page.mouse.move(0, 0)`), one `runFor(5_000)` is one step of the row, however long the test's
 * looks take on a loaded machine. Left to the flowing clock, the row had twice played a slide further than the test
 * counted under the whole run: once after the step, once before the clock was held.
 */
async function sliderHeldByMouse(page: Page, chunks: (path: string) => boolean) {
  await sliderInView(page);
  await page.locator(`${SLIDER} .carousel__frame`).hover();
  await sliderUntouched(page, chunks);
  await holdClock(page);
}

/**
 * Whether the slider's row has been asked to scroll on since this was called: its own play's smooth scroll, which a
 * look at the dots could come before (they follow the row's scroll).
 */
async function watchRowPlay(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate((selector) => {
    const track = document.querySelector<HTMLElement>(selector)!;
    const scrollTo = track.scrollTo.bind(track);
    track.scrollTo = ((options: ScrollToOptions) => {
      track.dataset.asked = 'scroll';
      scrollTo(options);
    }) as typeof track.scrollTo;
  }, `${SLIDER} .carousel__track`);
  return async () => (await page.locator(`${SLIDER} .carousel__track`).getAttribute('data-asked')) !== null;
}

/** The newest demo doctor's page: its pre-footer has the general carousels. */
async function doctorPath(): Promise<string> {
  const doctors = (await (await fetch(`${demoUrl}/jsonapi/node/doctors?filter[status]=1&page[limit]=1&sort=-created`)).json()) as {
    data: { attributes: { path: { alias: string } } }[];
  };
  return doctors.data[0]!.attributes.path.alias;
}

/** Each slide as wide as the spec's count per view makes it: 1 on a phone, 3 on a desktop (the general kind). */
async function perView(page: Page, shelf = page.locator('.pre-footer .carousel').first()): Promise<number> {
  const frame = (await shelf.locator('.carousel__frame').boundingBox())!;
  const slide = (await shelf.locator('.carousel__slide').first().boundingBox())!;
  return Math.round(frame.width / slide.width);
}

describe.each([
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const)('carousels on a %s', (label, viewport) => {
  it.each([
    ['the home page', async (): Promise<string> => '/'],
    ["a doctor's page", doctorPath],
  ] as const)('load no swiper on %s read to the bottom without touching a carousel, and look as before', async (name, path) => {
    const { page, problems, requests, swiperFetched } = await openPage(viewport, await path());
    const carousels = page.locator('.carousel');
    expect(await carousels.count()).toBeGreaterThan(0);
    await carousels.first().scrollIntoViewIfNeeded();
    await screenshot(page, `carousels-untouched-${name === 'the home page' ? 'home' : 'doctor'}-${label}`);
    await readToTheBottom(page);
    await requests.quiet();
    expect(swiperFetched()).toBe(false);
    expect(await page.locator('.swiper-initialized').count()).toBe(0);
    // The server's rows as they were under swiper: sized per view, and nothing moved (CLS 0).
    if (name !== 'the home page') {
      await page.locator('.pre-footer').scrollIntoViewIfNeeded();
      await screenshot(page, `carousels-untouched-pre-footer-${label}`);
      expect(await perView(page)).toBe(label === 'phone' ? 1 : 3);
    }
    expect(await carouselCls(page)).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('hands the home slider to swiper once reached for, without moving anything, the first slide painted before', async () => {
    const { page, problems } = await openPage(viewport, '/');
    // Before any script: the first slide's picture is loaded with high priority and in place.
    const first = page.locator(`${SLIDER} .carousel__slide`).first().locator('img');
    expect(await first.getAttribute('fetchpriority')).toBe('high');
    await sliderTakenOver(page);
    // Swiper's first layout painted and anything it set moving come to rest.
    await still(page);
    // Focus may scroll the page a little on a phone (its bottom bar keeps focus clear), which shows the back-to-top button.
    expect(await carouselCls(page)).toBe(0);
    expect(await page.locator(SLIDER).getAttribute('aria-roledescription')).toBe('карусель');
    expect(await currentDot(page)).toBe('Слайд 1');
    await screenshot(page, `carousels-home-${label}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('moves with its arrows and dots, the first press waking swiper and moving it', async () => {
    const { page, problems, swiperFetched } = await openPage(viewport, '/');
    await sliderInView(page);
    // The pointer over it holds its own playing, and is not reaching for it.
    await page.locator(`${SLIDER} .carousel__frame`).hover();
    expect(await currentDot(page)).toBe('Слайд 1');
    const count = await page.locator(`${SLIDER} .carousel__dot`).count();
    expect(count).toBeGreaterThan(1);
    expect(swiperFetched()).toBe(false);
    await page.getByRole('button', { name: 'Следующий слайд' }).click();
    await expect.poll(() => currentDot(page)).toBe('Слайд 2');
    expect(swiperFetched()).toBe(true);
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

  it('wakes swiper on the first dot pressed, and shows that slide', async () => {
    const { page, problems } = await openPage(viewport, '/');
    await sliderInView(page);
    await page.locator(`${SLIDER} .carousel__frame`).hover();
    await page.getByRole('button', { name: 'Слайд 3', exact: true }).click();
    await expect.poll(() => currentDot(page)).toBe('Слайд 3');
    expect(await activeSlide(page)).toMatch(/^3 из /);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('plays on by itself every 5 s, untouched and without swiper', async () => {
    const { page, problems, chunks, swiperFetched } = await openPage(viewport, '/', { clock: true });
    await sliderHeldByMouse(page, chunks);
    expect(await currentDot(page)).toBe('Слайд 1');
    // On its first slide, back is nowhere to go, as swiper shows it; once on, it is.
    expect(await prevArrow(page).isDisabled()).toBe(true);
    const frame = (await page.locator(`${SLIDER} .carousel__frame`).boundingBox())!;
    await page.mouse.move(0, 0);
    await page.clock.runFor(5_000);
    // Then held by the mouse again, which wakes no swiper.
    await page.locator(`${SLIDER} .carousel__frame`).hover();
    await expect.poll(() => currentDot(page), { timeout: STEP_MS, interval: 250 }).toBe('Слайд 2');
    expect(await prevArrow(page).isDisabled()).toBe(false);
    // The row itself has moved: its second slide is where the first was.
    const second = page.locator(`${SLIDER} .carousel__slide`).nth(1);
    await expect.poll(async () => Math.round((await second.boundingBox())!.x - frame.x)).toBe(0);
    expect(swiperFetched()).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('plays on every 5 s under swiper once reached for, from the slide the row had come to', async () => {
    const { page, problems, chunks } = await openPage(viewport, '/', { clock: true });
    await sliderHeldByMouse(page, chunks);
    await page.mouse.move(0, 0);
    await page.clock.runFor(5_000);
    await expect.poll(() => currentDot(page), { timeout: STEP_MS, interval: 250 }).toBe('Слайд 2');
    // Reached for before the clock flows again: focus holds the row where it is (swiper's code needs the clock).
    await nextArrow(page).focus();
    await page.clock.resume();
    await sliderTakenOver(page);
    expect(await currentDot(page)).toBe('Слайд 2');
    // Focus holds it, past swiper's 5 s too (looked at as soon as swiper is up, it has not had them to play on);
    // gone elsewhere, it plays again.
    await page.clock.runFor(6_000);
    expect(await currentDot(page), 'swiper holds while focus is in it').toBe('Слайд 2');
    await nextArrow(page).blur();
    await page.clock.runFor(5_000);
    await expect.poll(() => currentDot(page), { timeout: STEP_MS, interval: 250 }).toBe('Слайд 3');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('turns the pre-footer carousels into swipers as a visitor reaches for them', async () => {
    const { page, problems } = await openPage(viewport, await doctorPath());
    const shelves = page.locator('.pre-footer .carousel');
    expect(await shelves.count()).toBeGreaterThan(0);
    for (const shelf of await shelves.all()) {
      await shelf.scrollIntoViewIfNeeded();
      // A keyboard's visitor reaches the first card.
      await shelf.locator('a[href]').first().focus();
      await shelf.locator('.carousel__frame.swiper-initialized').waitFor({ timeout: TAKEOVER_MS });
    }
    await page.locator('.pre-footer').scrollIntoViewIfNeeded();
    await screenshot(page, `carousels-pre-footer-${label}`);
    expect(await perView(page)).toBe(label === 'phone' ? 1 : 3);
    expect(problems).toEqual([]);
    await page.close();
  });
});

/**
 * A finger on the home slider, its middle in view (clear of the phone's bottom bar): put down at four fifths of its
 * width, then a swipe of three fifths leftwards in ten moves, and lifted; or, after a long rest, let go.
 */
async function fingerOnSlider(page: Page) {
  await page.locator(`${SLIDER} .carousel__frame`).scrollIntoViewIfNeeded();
  const frame = (await page.locator(`${SLIDER} .carousel__frame`).boundingBox())!;
  const y = Math.round(frame.y + frame.height / 2);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd' | 'touchCancel', x: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' || type === 'touchCancel' ? [] : [{ x, y }] });
  const from = Math.round(frame.x + frame.width * 0.8);
  return {
    down: () => touch('touchStart', from),
    // A long rest ends as a long press does on a phone, the touch cancelled: no tap, so no slide's link followed.
    lift: () => touch('touchCancel', from),
    swipe: async () => {
      for (let step = 1; step <= 10; step++) await touch('touchMove', from - Math.round((frame.width * 0.6 * step) / 10));
      await touch('touchEnd', from - Math.round(frame.width * 0.6));
    },
  };
}

describe('a carousel swiped before swiper is up', () => {
  it('moves natively under a finger, and swiper starts on the slide the swipe left in view', async () => {
    const { page, problems, swiperFetched } = await openPage(PHONE, '/', { hasTouch: true });
    const finger = await fingerOnSlider(page);
    await finger.down();
    // Where the row is under the finger (a loaded machine may have let it play on before the finger came): the swipe
    // goes one on from there, and the row does not play on under the finger.
    const before = Number((await currentDot(page))?.replace('Слайд ', ''));
    await finger.swipe();
    await page.locator(`${SLIDER} .carousel__frame.swiper-initialized`).waitFor({ timeout: TAKEOVER_MS });
    expect(swiperFetched()).toBe(true);
    await expect.poll(() => activeSlide(page), { timeout: STEP_MS }).toMatch(new RegExp(`^${before + 1} из `));
    await expect.poll(() => currentDot(page)).toBe(`Слайд ${before + 1}`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('waits for a finger put down before its code came, however long the finger rests, then starts where the swipe left it', async () => {
    // A visitor who asked for less motion: the row does not play by itself while the test's clock runs ahead.
    const { page, problems, requests, swiperFetched } = await openPage(PHONE, '/', {
      hasTouch: true,
      clock: true,
      reducedMotion: 'reduce',
    });
    const finger = await fingerOnSlider(page);
    await finger.down();
    // The code arrives and starts while the finger rests, and the finger rests on past the row's stillness (150 ms):
    // the code's own listeners came after the touch began, and swiper must not take the row from under it.
    await expect.poll(swiperFetched, { timeout: TAKEOVER_MS }).toBe(true);
    await requests.quiet();
    await browserIdle(page);
    await page.clock.runFor(1_000);
    expect(await page.locator(`${SLIDER} .carousel__frame.swiper-initialized`).count(), 'swiper waits for the finger').toBe(0);
    await finger.swipe();
    await page.locator(`${SLIDER} .carousel__frame.swiper-initialized`).waitFor({ timeout: TAKEOVER_MS });
    await expect.poll(() => activeSlide(page), { timeout: STEP_MS }).toMatch(/^2 из /);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('holds still under a resting finger, before swiper and under it, and plays on once the finger lets go', async () => {
    const { page, problems, chunks, swiperFetched } = await openPage(PHONE, '/', { hasTouch: true, clock: true });
    await sliderUntouched(page, chunks);
    const rowAskedToMove = await watchRowPlay(page);
    const finger = await fingerOnSlider(page);
    await finger.down();
    // The row's own play (every 5 s), and swiper, woken by the touch, loads and waits for the finger.
    await expect.poll(swiperFetched, { timeout: TAKEOVER_MS }).toBe(true);
    await browserIdle(page);
    await page.clock.runFor(6_000);
    expect(await rowAskedToMove(), 'the row holds under the finger').toBe(false);
    expect(await currentDot(page)).toBe('Слайд 1');
    // Lifted, the row stands still: swiper takes it (after 150 ms) and plays it on 5 s later.
    await finger.lift();
    await page.clock.runFor(6_000);
    await page.locator(`${SLIDER} .carousel__frame.swiper-initialized`).waitFor({ timeout: TAKEOVER_MS });
    await expect.poll(() => currentDot(page), { timeout: STEP_MS, interval: 250 }).toBe('Слайд 2');
    // Swiper's own play holds under a finger that rests without moving, too (its next turn counted from the end of
    // the slide's transition).
    await still(page);
    await finger.down();
    await page.clock.runFor(6_000);
    expect(await currentDot(page), 'swiper holds under the finger').toBe('Слайд 2');
    await finger.lift();
    await page.clock.runFor(6_000);
    await expect.poll(() => currentDot(page), { timeout: STEP_MS, interval: 250 }).toBe('Слайд 3');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("moves natively under a trackpad's sideways scroll, and swiper starts on that slide", async () => {
    const { page, problems } = await openPage(DESKTOP, '/');
    await page.locator(`${SLIDER} .carousel__frame`).scrollIntoViewIfNeeded();
    const frame = (await page.locator(`${SLIDER} .carousel__frame`).boundingBox())!;
    await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);
    await page.mouse.wheel(Math.round(frame.width * 0.6), 0);
    await page.locator(`${SLIDER} .carousel__frame.swiper-initialized`).waitFor({ timeout: TAKEOVER_MS });
    await expect.poll(() => activeSlide(page)).toMatch(/^2 из /);
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
    const { page, problems, requests, swiperFetched } = await openPage(viewport, service.alias);
    const part = page.locator('[data-part="doctors"]');
    await part.scrollIntoViewIfNeeded();
    const slides = part.locator('.carousel__slide');
    expect(await slides.count()).toBe(service.doctors);
    // A keyboard's visitor reaches the first doctor: the Carousel behaviour (swiper) loads.
    await part.locator('.carousel a[href]').first().focus();
    if (label === 'phone') {
      await part.locator('.carousel__frame.swiper-initialized').waitFor({ timeout: TAKEOVER_MS });
      // One doctor in view, the next beside it off the edge, a swipe away.
      const frame = (await part.locator('.carousel__frame').boundingBox())!;
      const second = (await slides.nth(1).boundingBox())!;
      expect(second.x).toBeGreaterThanOrEqual(frame.x + frame.width - 1);
    } else {
      // The behaviour has loaded once its script is in; it must leave the grid alone.
      await expect.poll(swiperFetched).toBe(true);
      await requests.quiet();
      await still(page);
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

/** The slider untouched (its row played without swiper), or reached for and let go (swiper plays it). */
async function slider(page: Page, chunks: (path: string) => boolean, state: 'untouched' | 'under swiper') {
  await sliderUntouched(page, chunks);
  if (state === 'untouched') return;
  await sliderTakenOver(page);
  await nextArrow(page).blur();
}

describe.each(['untouched', 'under swiper'] as const)('carousels that hold still (%s)', (state) => {
  it('do not play while the pointer is over them', async () => {
    const { page, chunks, swiperFetched } = await openPage(DESKTOP, '/', { clock: true });
    if (state === 'untouched') {
      // On the held clock (sliderHeldByMouse), so that the row cannot have played on before the pointer came; the
      // pointer then leaves and comes back, as one passing over does.
      await sliderHeldByMouse(page, chunks);
      await page.mouse.move(0, 0);
    } else await slider(page, chunks, state);
    await page.locator(`${SLIDER} .carousel__frame`).hover();
    const rowAskedToMove = await watchRowPlay(page);
    await page.clock.runFor(6_500);
    expect(await rowAskedToMove(), 'the row holds under the pointer').toBe(false);
    expect(await currentDot(page)).toBe('Слайд 1');
    // A pointer passing over is not reaching for it: no swiper for that.
    expect(swiperFetched()).toBe(state === 'under swiper');
    // And play again once it leaves.
    await page.mouse.move(0, 0);
    await page.clock.runFor(5_000);
    await expect.poll(() => currentDot(page), { timeout: STEP_MS, interval: 250 }).toBe('Слайд 2');
    await page.close();
  });

  it('do not play for a visitor who asked the system for less motion', async () => {
    const { page, problems, chunks } = await openPage(PHONE, '/', { reducedMotion: 'reduce', clock: true });
    await slider(page, chunks, state);
    const rowAskedToMove = await watchRowPlay(page);
    await page.clock.runFor(6_500);
    // The dots follow the row's scroll, so read at once they would not yet show a row that had played on.
    expect(await rowAskedToMove(), 'the row holds for less motion').toBe(false);
    expect(await currentDot(page)).toBe('Слайд 1');
    expect(problems).toEqual([]);
    await page.close();
  });
});
