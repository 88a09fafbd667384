/**
 * A Drupal without the clinic's own modules (docs/drupal.md "Where the frame comes from"): the demo origin in
 * its `stock` modules mode answers blocks_for_page, breadcrumb_headless and decoupled_kit 404, as a real Drupal
 * without them does. The site learns that once, then takes its menus from jsonapi_menu_items, the head from the
 * node's metatag field and computes the breadcrumb. The same pages with the clinic's modules are as before.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { control, demo, freshStart, page } from '../helpers';

const SITE = 'http://127.0.0.1:8787';
const SERVICE = '/services/apparatnaya-kosmetologiya/smas-lifting.html';
const DOCTOR = '/doctors/ivanova-elena.html';

/** A part as rendered: the longest of its copies (a part still on its way is first a Suspense fallback, streamed in later). */
const partOf = (html: string, pattern: RegExp) =>
  [...html.matchAll(pattern)].map((m) => m[0]).reduce((a, b) => (b.length > a.length ? b : a), '');
const breadcrumbOf = (html: string) => partOf(html, /<nav class="breadcrumbs[^"]*" aria-label="Хлебные крошки">[\s\S]*?<\/ol>/g);
const mainNavOf = (html: string) => partOf(html, /<nav class="main-nav"[\s\S]*?<\/nav>/g);
const footerMenuOf = (html: string) => partOf(html, /<nav class="site-footer__menu"[\s\S]*?<\/nav>/g);
const asideOf = (html: string) => partOf(html, /<nav class="aside-menu"[\s\S]*?<\/nav>/g);
const attribute = (html: string, tag: RegExp, name: string) => new RegExp(`${tag.source}[^>]*?${name}="([^"]*)"`).exec(html)?.[1];

describe('a Drupal with only core and well-known contrib', () => {
  beforeEach(async () => {
    await freshStart();
    await control.modules({ mode: 'stock' });
  });

  it('has the main menu with the services submenu, the footer menu and the side column, from jsonapi_menu_items', async () => {
    const home = await page('/');
    expect(home.status).toBe(200);
    const nav = mainNavOf(home.html);
    expect(nav).toContain('href="/doctors.html"');
    // The services menu under «Услуги»: a section and a service of the demo's services tree.
    expect(nav).toContain('href="/services/apparatnaya-kosmetologiya.html"');
    expect(nav).toContain(`href="${SERVICE}"`);
    expect(footerMenuOf(home.html)).toContain('Политика конфиденциальности');

    const service = await page(SERVICE);
    expect(service.status).toBe(200);
    expect(asideOf(service.html)).toContain('Услуги клиники');
    expect(asideOf(service.html)).toContain('href="/services/kosmetologiya.html"');
    expect(await demo.count('/jsonapi/menu_items/')).toBeGreaterThan(0);
  });

  it("computes the breadcrumb: a service's trail in the services menu, a doctor under the doctors' listing", async () => {
    const service = breadcrumbOf((await page(SERVICE)).html);
    expect(service).toContain('href="/"');
    expect(service).toContain('<a href="/services.html">Услуги</a>');
    expect(service).toContain('<a href="/services/apparatnaya-kosmetologiya.html">Аппаратная косметология</a>');
    expect(service).toMatch(/<span aria-current="page">SMAS-лифтинг Ultraformer<\/span>/);

    const doctor = breadcrumbOf((await page(DOCTOR)).html);
    expect(doctor).toContain('<a href="/doctors.html">Врачи</a>');
    expect(doctor).toMatch(/<span aria-current="page">[^<]*Иванова[^<]*<\/span>/);
  });

  it("takes the head from the node's metatag field, on the site's host", async () => {
    const { html } = await page(DOCTOR);
    expect(attribute(html, /<meta name="description"/, 'content')).toBeTruthy();
    expect(attribute(html, /<link rel="canonical"/, 'href')).toBe(`${SITE}${DOCTOR}`);
    expect(attribute(html, /<meta property="og:image"/, 'content')).toMatch(new RegExp(`^${SITE}/`));
    expect(attribute(html, /<meta property="og:url"/, 'content')).toBe(`${SITE}${DOCTOR}`);
  });

  it("asks which modules Drupal has once, not per page, and never the absent modules' paths again", async () => {
    for (const path of ['/', SERVICE, DOCTOR, '/doctors.html', SERVICE]) expect((await page(path)).status).toBe(200);
    // The probe: one call of each of the three modules' endpoints; the frame asks none of them after it.
    expect(await demo.count('/blocks_for_page/menu/')).toBe(1);
    expect(await demo.count('/breadcrumb_headless')).toBe(1);
    expect(await demo.count('/blocks_for_page?')).toBe(0);
    expect(await demo.count('/blocks_for_page/metatag')).toBe(0);
    expect(await demo.count('/blocks_for_page/special_links/services.html')).toBe(0);
  });
});

/** The addresses a service page's part links to, in order: from its `data-part` to the next part. */
function partLinks(html: string, part: string): string[] {
  const parts = [...html.matchAll(new RegExp(`data-part="${part}"([\\s\\S]*?)</section>`, 'g'))].map((m) => m[1] ?? '');
  const whole = parts.reduce((a, b) => (b.length > a.length ? b : a), '');
  return [...whole.matchAll(/href="([^"#]+)"/g)].map((m) => m[1] ?? '');
}

/**
 * The price list's groups and each row's sum, as the page shows them. Only the list's own headings: a block the
 * frame places in the content region titles itself by the clinic's module and not by the stock setting.
 */
const priceTextOf = (html: string) =>
  (partOf(html, /<main[\s\S]*?<\/main>/g).match(/<h2 class="price-group__title">[^<]+<\/h2>|price__amount">[^<]+/g) ?? []).join('|');

describe("the stock model: the price list, a service's lists and redirects, as the clinic's modules give them", () => {
  const SECTION = '/services/apparatnaya-kosmetologiya.html';

  it('shows the same price list, service parts and redirects from the `price` bundle, the services menu and the redirect list', async () => {
    await freshStart();
    const clinic = { price: await page('/price.html'), service: await page(SERVICE), section: await page(SECTION) };
    await freshStart();
    await control.modules({ mode: 'stock' });
    const stock = { price: await page('/price.html'), service: await page(SERVICE), section: await page(SECTION) };

    expect(stock.price.status).toBe(200);
    expect(priceTextOf(stock.price.html)).toContain('Косметология');
    expect(priceTextOf(stock.price.html)).toBe(priceTextOf(clinic.price.html));
    for (const part of ['children', 'prices', 'other-services'])
      for (const path of ['service', 'section'] as const)
        expect(partLinks(stock[path].html, part)).toEqual(partLinks(clinic[path].html, part));
    expect(partLinks(stock.section.html, 'children').length).toBeGreaterThan(0);
    expect(partLinks(stock.service.html, 'other-services').length).toBeGreaterThan(0);
    // The stock sources were read, the clinic's module never.
    expect(await demo.count('/jsonapi/node/price')).toBeGreaterThan(0);
    expect(await demo.count('/blocks_for_page/special_links/price.html')).toBe(0);
    expect(await demo.count('/blocks_for_page/block/')).toBe(0);
  });

  it('answers a redirect to a listing, which decoupled_router cannot report, with a 301 to it, and still refuses a foreign one', async () => {
    await freshStart();
    await control.modules({ mode: 'stock' });
    const listing = await page('/old-price.html');
    expect(listing.status).toBe(301);
    expect(listing.headers.get('location')).toBe('/price.html');
    const foreign = await page('/go/partner');
    expect(foreign.status).not.toBe(301);
    expect(foreign.headers.get('location') ?? '').not.toContain('evil.example');
    expect(await demo.count('/decoupled_kit/redirect?path=%2Fold-price.html')).toBe(0);
    expect(await demo.count('/rest/redirects')).toBe(1);
  });
});

describe('a stock Drupal, with what the settings say', () => {
  beforeEach(async () => {
    await freshStart();
    await control.modules({ mode: 'stock' });
  });

  it('places the custom blocks DRUPAL_BLOCKS names, by description or uuid, on every page', async () => {
    const placed = { DRUPAL_BLOCKS: 'footer_first=basic/Адрес и режим работы; sidebar=Лицензия', DRUPAL_MODULES: 'stock' };
    for (const path of ['/', DOCTOR]) {
      const { html } = await page(path, placed);
      expect(html).toContain('region--footer_first');
      expect(html).toContain('Необходима консультация специалиста');
    }
    // Unset: no blocks at all, and no block_content call.
    await freshStart();
    await control.modules({ mode: 'stock' });
    const bare = await page(DOCTOR, { DRUPAL_MODULES: 'stock' });
    expect(bare.html).not.toContain('region--footer_first');
    expect(await demo.count('/jsonapi/block_content/')).toBe(0);
  });

  it('takes a probe it got no answer to for the clinic’s module, and the page stands', async () => {
    await demo.faults({ rules: [{ match: '/breadcrumb_headless', status: 500 }] });
    const { status, html } = await page(DOCTOR);
    expect(status).toBe(200);
    // The menus are jsonapi_menu_items' still; the breadcrumb endpoint, taken as present, fails and leaves no breadcrumb.
    expect(mainNavOf(html)).toContain('href="/doctors.html"');
    expect(breadcrumbOf(html)).not.toContain('<a href="/doctors.html">Врачи</a>');
    expect(await demo.count(`/breadcrumb_headless?page=${DOCTOR}`)).toBe(1);
  });
});

describe("the clinic's Drupal, probed the same way", () => {
  beforeEach(freshStart);

  it('keeps every part from the clinic’s modules and never asks jsonapi_menu_items', async () => {
    const { html } = await page(SERVICE);
    expect(mainNavOf(html)).toContain(`href="${SERVICE}"`);
    expect(breadcrumbOf(html)).toContain('<a href="/services.html">Услуги</a>');
    expect(attribute(html, /<link rel="canonical"/, 'href')).toBe(`${SITE}${SERVICE}`);
    await page(DOCTOR);
    expect(await demo.count('/jsonapi/menu_items/')).toBe(0);
  });
});
