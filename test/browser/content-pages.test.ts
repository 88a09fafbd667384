/**
 * One page of every bundle at phone and desktop width,
 * part by part, on the demo origin as it is and in its lean schema (another
 * clinic's field layout), each with a clean console; on the demo as it is, with
 * no WCAG 2.1 A/AA violation that axe-core finds (a11y.test.ts checks the other
 * page kinds; one visit for both, as a page load is most of a check's CPU).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, startDemoOrigin, startNodeSite, startSite, type WorkerServer } from '../../scripts/servers';
import { TEST_SECRETS } from '../setup/secrets';
import { axeViolations } from './axe';
import { DESKTOP, PHONE, chromiumPerFile, screenshot, settle, tabPerWidth } from './chromium';
import { CONTENT_BUNDLES, newestAlias } from './page-kinds';

const chromium = chromiumPerFile({ serviceWorkers: 'block' });
/** Every page here is only looked at: one tab per width walks them all (tabPerWidth). */
const visit = tabPerWidth(chromium);

/** docs/requirements.md §2: the service page's parts in order. */
const SERVICE_ORDER = [
  'children',
  'promo',
  'promotions',
  'body',
  'qa',
  'book',
  'doctors',
  'reviews',
  'before-after',
  'prices',
  'feedback',
  'advantages',
  'doctor-reviews',
  'articles',
  'licences',
  'other-services',
];

/** What each bundle's page must show beyond its title (a CSS selector that must be visible): every bundle a visitor reaches. */
const BUNDLE_PARTS: Record<(typeof CONTENT_BUNDLES)[number], string> = {
  services: '[data-part="promo"] .promo-note',
  doctors: '[data-part="doctor-services"] li',
  patients: '.node__lead img',
  news: '.meta-line time',
  article: '[data-part="author"]',
  gallery: '.before-after__label',
  video: 'a[data-video-id]',
  page: 'article .content-body',
  vacancy: 'a[data-popup="send_resume"]',
  actions: 'a[data-popup="discount"]',
  qa: '.qa-question',
  reviews: '.meta-line',
  equipment: '.node__lead img',
  smi_o_nas: '.meta-line time',
  problem: 'article .content-body',
};

interface Site {
  siteUrl: string;
  demoUrl: string;
}

/**
 * The site beside a demo origin of its own, in the lean schema: its cache never saw the full one.
 * On the target under test: wrangler dev, or the Node site on the suite's Valkey under a key prefix of its own.
 */
async function leanSite(): Promise<{ site: Site; stop: () => Promise<void> }> {
  const demo = await startDemoOrigin({ port: await freePort(), vars: { DEMO_SCHEMA: 'lean' } });
  const port = await freePort();
  const vars = { DRUPAL_BASE_URL: demo.url, SITE_URL: `http://127.0.0.1:${port}`, ...TEST_SECRETS };
  const valkeyUrl = inject('nodeValkeyUrl');
  let server: WorkerServer;
  try {
    server = valkeyUrl ? await startNodeSite({ port, valkeyUrl, keyPrefix: 'lean-schema:', vars }) : await startSite({ port, vars });
  } catch (error) {
    await demo.stop();
    throw error;
  }
  return {
    site: { siteUrl: server.url, demoUrl: demo.url },
    stop: async () => {
      await server.stop();
      await demo.stop();
    },
  };
}

/** A page of the site in this file's tab of its width, with what would make the console red. */
const open = (site: Site, path: string, viewport: typeof PHONE) => visit(site.siteUrl + path, viewport);

describe.each(['full', 'lean'] as const)('every bundle, demo origin in its %s schema', (mode) => {
  let site: Site;
  let stop: () => Promise<void> = async () => {};
  const aliases: Record<string, string> = {};

  beforeAll(async () => {
    if (mode === 'full') site = { siteUrl: inject('siteUrl'), demoUrl: inject('demoUrl') };
    else ({ site, stop } = await leanSite());
    for (const bundle of Object.keys(BUNDLE_PARTS)) aliases[bundle] = await newestAlias(site.demoUrl, bundle);
  }, 120_000);
  afterAll(() => stop());

  describe.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('on a %s', (width, viewport) => {
    it.each(CONTENT_BUNDLES)(
      'shows a %s page with its parts and a clean console; in the full schema, axe-core finds no violation',
      async (bundle) => {
        const { page, problems } = await open(site, aliases[bundle]!, viewport);
        await expect(page.locator('main h1').first().isVisible()).resolves.toBe(true);
        await page.locator(BUNDLE_PARTS[bundle]).first().scrollIntoViewIfNeeded();
        await expect(page.locator(BUNDLE_PARTS[bundle]).first().isVisible(), `${bundle}: ${BUNDLE_PARTS[bundle]}`).resolves.toBe(true);
        // Nothing escaped: formatted text sent as a bare string is still HTML, not visible tags.
        expect(await page.locator('main').innerText()).not.toMatch(/<\/?p>/);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'no sideways scroll').toBeLessThanOrEqual(0);
        if (mode === 'full' && (bundle === 'services' || bundle === 'doctors' || bundle === 'article'))
          await screenshot(page, `content-${bundle}-${width}`);
        if (mode === 'full') {
          // As a visitor has the page a moment later (gotoSettled's waits): the idle islands' code in and awake.
          await settle(page);
          expect(await axeViolations(page), `${bundle}: axe-core, WCAG 2.1 A and AA`).toEqual([]);
        }
        expect(problems).toEqual([]);
      },
    );

    it('shows the service page in spec order, with the medical notice', async () => {
      const { page, problems } = await open(site, aliases.services!, viewport);
      const parts = await page.locator('[data-part]').evaluateAll((els) => els.map((el) => el.getAttribute('data-part') ?? ''));
      const ordered = parts.filter((p) => SERVICE_ORDER.includes(p));
      expect(ordered.length).toBeGreaterThan(5);
      expect(ordered).toEqual([...ordered].sort((a, b) => SERVICE_ORDER.indexOf(a) - SERVICE_ORDER.indexOf(b)));
      await expect(page.locator('article .medical-notice').innerText()).resolves.toMatch(
        /имеются противопоказания\. необходима консультация специалиста\./i,
      );
      expect(problems).toEqual([]);
    });
  });

  it('shows six links for a doctor with more than six services', async () => {
    const res = await fetch(`${site.demoUrl}/jsonapi/node/doctors?filter[status]=1&page[limit]=50`);
    const doc = (await res.json()) as {
      data: { attributes: { path: { alias: string } }; relationships: Record<string, { data: unknown }> }[];
    };
    const busiest = doc.data
      .map((d) => ({
        alias: d.attributes.path.alias,
        services: Array.isArray(d.relationships.field_services?.data) ? d.relationships.field_services.data.length : 0,
      }))
      .sort((a, b) => b.services - a.services)[0]!;
    expect(busiest.services).toBeGreaterThan(6);
    const { page, problems } = await open(site, busiest.alias, DESKTOP);
    await expect(page.locator('[data-part="doctor-services"] li').count()).resolves.toBe(6);
    await expect(page.locator('[data-part="doctor-services"] li').nth(4).innerText()).resolves.toMatch(/…$/);
    await page.close();
    expect(problems).toEqual([]);
  });

  it('offers the last page in the pager of /news.html', async () => {
    const { page, problems } = await open(site, '/news.html', PHONE);
    const numbers = await page.locator('.pager a:not(.pager__step)').evaluateAll((links) => links.map((a) => Number(a.textContent)));
    const last = Math.max(...numbers);
    expect(last).toBeGreaterThan(2);
    const res = await page.goto(`${site.siteUrl}/news.html/${last}`);
    expect(res?.status()).toBe(200);
    await expect(page.locator('.pager a[rel="next"]').count()).resolves.toBe(0);
    await page.close();
    expect(problems).toEqual([]);
  });
});
