/**
 * How the version for the visually impaired looks, in Chromium: nothing scrolls sideways at 200 % on a phone on any
 * page kind, carousels become plain lists, and axe-core finds nothing in any colour scheme. Rendering is the same code
 * on both targets: this runs on Workers; the cookie's way through the site is seams/low-vision.test.ts's.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { COLOUR_SCHEMES, LOW_VISION_START, type LowVision } from '../../common/low-vision';
import { axeViolations } from './axe';
import { DESKTOP, PHONE, chromiumPerFile, screenshot, watchRequests } from './chromium';
import { lowVisionContext } from './low-vision-context';
import { CONTENT_BUNDLES, newestAliases } from './page-kinds';

const chromium = chromiumPerFile({ serviceWorkers: 'block' });
const siteUrl = inject('siteUrl');
const demoUrl = inject('demoUrl');

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
let service = '';

beforeAll(async () => {
  const newest = await newestAliases(demoUrl, CONTENT_BUNDLES);
  paths.push(...CONTENT_BUNDLES.map((bundle) => newest[bundle]));
  service = newest.services;
});

const contextWith = async (settings: LowVision, options: { viewport: typeof PHONE }) =>
  lowVisionContext(await chromium(), siteUrl, settings, options);

describe('the version for the visually impaired', () => {
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
        for (const line of await axeViolations(page)) found.push(`${scheme} ${viewport.width}px ${path}: ${line}`);
        if (path === service) await screenshot(page, `low-vision-${scheme}-${viewport.width}`);
      }
      await context.close();
      expect(found).toEqual([]);
    },
  );
});
