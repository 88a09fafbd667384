/**
 * The version for the visually impaired, in Chromium: it works with
 * JavaScript off, each option shows on the next page, nothing scrolls sideways at
 * 200 % on a phone, and axe finds nothing in any colour scheme.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { COLOUR_SCHEMES, LOW_VISION_COOKIE, LOW_VISION_START, lowVisionValue, type LowVision } from '../../../common/low-vision';
import { DESKTOP, PHONE, chromiumPerFile, screenshot, watchProblems, watchRequests } from '../chromium';
import { newestAlias } from '../page-kinds';

const chromium = chromiumPerFile();
const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Every page kind the frame suites walk, and one page of every bundle, whatever Drupal published last. */
const paths: string[] = [
  '/',
  '/news.html',
  '/ultraformer.html',
  '/services.html',
  '/takoi-stranicy-net.html',
  '/price.html',
  '/vopros-otvet.html',
  '/search/node/лазер',
  '/svedeniya.html',
  '/doctors.html',
  '/sitemap',
];
const BUNDLES = [
  'services',
  'doctors',
  'patients',
  'news',
  'article',
  'gallery',
  'video',
  'page',
  'vacancy',
  'actions',
  'qa',
  'reviews',
  'equipment',
  'smi_o_nas',
  'problem',
];
let service = '';

beforeAll(async () => {
  for (const bundle of BUNDLES) paths.push(await newestAlias(demoUrl, bundle));
  service = await newestAlias(demoUrl, 'services');
});

async function contextWith(
  settings: LowVision | undefined,
  options: { viewport: typeof PHONE; javaScriptEnabled?: boolean },
): Promise<BrowserContext> {
  const context = await (await chromium()).newContext(options);
  if (settings) await context.addCookies([{ name: LOW_VISION_COOKIE, value: lowVisionValue(settings), url: siteUrl }]);
  return context;
}

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

/** A button of the panel, pressed as a keyboard or a finger would; the form's answer brings the next page. */
async function choose(page: Page, value: string) {
  await Promise.all([
    page.waitForURL(`**${new URL(page.url()).pathname}`, { waitUntil: 'load' }),
    page.locator(`button[name="set"][value="${value}"]`).first().click(),
  ]);
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

  it('at the largest size, with wide spacing, no page kind scrolls sideways on a 390 px phone', async () => {
    const context = await contextWith(
      { ...LOW_VISION_START, size: 'largest', wideLetters: true, wideLines: true, plainFont: true },
      { viewport: PHONE },
    );
    const page = await context.newPage();
    const wide: string[] = [];
    for (const path of paths) {
      await page.goto(siteUrl + path, { waitUntil: 'load' });
      const { scroll, client, root } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
        root: getComputedStyle(document.documentElement).fontSize,
      }));
      expect(root, path).toBe('32px');
      if (scroll > client) wide.push(`${path}: ${scroll} > ${client}`);
    }
    expect(wide).toEqual([]);
    await context.close();
  });

  it('shows carousels as lists, with no slider script and every slide in view of the page', async () => {
    const context = await contextWith(LOW_VISION_START, { viewport: DESKTOP });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const requests = watchRequests(page);
    await page.goto(`${siteUrl}/`, { waitUntil: 'load' });
    await page.mouse.wheel(0, 20_000);
    // Everything the scroll brought into view has fetched what it wanted.
    await requests.quiet();
    expect(await page.locator('.carousel-plain__item').count()).toBeGreaterThan(3);
    expect(await page.locator('.swiper-initialized, .carousel').count()).toBe(0);
    expect(scripts.filter((path) => /Carousel/.test(path))).toEqual([]);
    await context.close();
  });

  // One test per colour scheme and width, each with a time budget of its own (axe at 200 % is slow on a busy machine).
  it.for(COLOUR_SCHEMES.flatMap((scheme) => [PHONE, DESKTOP].map((viewport) => ({ scheme, viewport, width: viewport.width }))))(
    'axe finds no WCAG 2.1 AA violation in the $scheme colour scheme, at 200 %, $width px wide',
    async ({ scheme, viewport }, { expect }) => {
      const found: string[] = [];
      const context = await contextWith({ ...LOW_VISION_START, size: viewport === PHONE ? 'largest' : 'large', scheme }, { viewport });
      const page = await context.newPage();
      for (const path of ['/', service, '/price.html']) {
        await page.goto(siteUrl + path, { waitUntil: 'load' });
        const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
        for (const v of violations)
          for (const node of v.nodes) found.push(`${scheme} ${viewport.width}px ${path}: ${v.id} ${node.target.join(' ')}`);
        if (path === service) await screenshot(page, `low-vision-${scheme}-${viewport.width}`);
      }
      await context.close();
      expect(found).toEqual([]);
    },
  );
});
