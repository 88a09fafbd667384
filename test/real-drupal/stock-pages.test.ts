/**
 * Whole pages from a Drupal that has only core and well-known contrib (docs/drupal.md, the clinic's checklist):
 * provision-stock.php's menus over jsonapi_menu_items, metatag's JSON:API field, redirect entities and their Views
 * REST export, the price list as a content type. On both stacks (10.2 with next, 10.3) and both targets, a visitor
 * gets every page kind with its main menu and the services submenu, the footer menu, breadcrumbs, the side column
 * «Услуги клиники», the head from the node's metatags on the site's host, the price list, a service's children and
 * its prices, and an old address answered 301/302 to the right place (docs/requirements.md §2). And each source
 * taken away removes its part and nothing else: the page still answers 200 with its content.
 */
import { describe, expect, inject, it } from 'vitest';
import { LISTING_ROUTES } from '../../worker/routes/listing-table';
import { TEST_SECRETS } from '../setup/secrets';
import { eventually } from '../setup/eventually';
import { connectRealDrupal, type RealDrupal } from './drupal';
import { PAGE_BUNDLES, drupalApi, get, h1, jsonapi, nodeBundles, publishedNodes } from './helpers';
import {
  breadcrumbs,
  footerMenu,
  headValue,
  linksIn,
  mainNav,
  priceGroups,
  priceRows,
  servicePart,
  servicesAside,
  subNav,
  type Crumb,
} from './page-parts';

const STACKS = [
  ['10.2', inject('realDrupal'), inject('realSites')],
  ['10.3', inject('realDrupal103'), inject('realSites103')],
] as const;

/** provision.php / provision-stock.php's content: stable across the project's other files (they edit news only). */
const LASER = { path: '/services/lazernaya-epilyaciya.html', title: 'Лазерная эпиляция' };
const LASER_FACE = { path: '/services/lazernaya-epilyaciya/lico.html', title: 'Лазерная эпиляция лица' };
const LASER_LEGS = { path: '/services/lazernaya-epilyaciya/nogi.html', title: 'Лазерная эпиляция ног' };
const PEEL = { path: '/services/piling.html', title: 'Химический пилинг' };
const DOCTOR = { path: '/doctors/ivanova.html', title: 'Иванова Мария Петровна' };
const ARTICLE = { path: '/article/uhod-zimoj.html', title: 'Уход за кожей зимой' };
/** A news item with an image that the other files leave alone (they edit the newest ones). */
const NEWS_ITEM = '/news/novost-1.html';
/** Only in the services menu, not in the main one: the side column comes from the services menu. */
const SERVICES_MENU_ONLY = '/services/massazh-lica.html';

type MetaTag = { tag: string; attributes: Record<string, string> };

/** A node's title and its JSON:API `metatag` field, as the site's API account reads them. */
async function nodeAt(drupal: RealDrupal, alias: string): Promise<{ title: string; metatag: MetaTag[] }> {
  const lookup = await drupalApi<{ jsonapi: { individual: string } }>(`/router/translate-path?path=${encodeURIComponent(alias)}`, drupal);
  const individual = new URL(lookup.jsonapi.individual);
  const doc = await drupalApi<{ data: { attributes: { title: string; metatag?: MetaTag[] } } }>(individual.pathname, drupal);
  return { title: doc.data.attributes.title, metatag: doc.data.attributes.metatag ?? [] };
}

const metaOf = (tags: MetaTag[], kind: string) =>
  tags.find((t) => t.attributes.name === kind || t.attributes.property === kind || t.attributes.rel === kind);

/** Calls a site's /api/revalidate as Drupal's next module would: each path, then the tags. */
async function purge(site: string, { paths = [], tags = [] }: { paths?: string[]; tags?: string[] }) {
  const secret = encodeURIComponent(TEST_SECRETS.PURGE_SECRET);
  for (const path of paths) {
    const res = await fetch(`${site}/api/revalidate?slug=${encodeURIComponent(path)}&secret=${secret}`);
    expect(res.status, `purge ${path} on ${site}`).toBe(200);
  }
  if (tags.length) {
    const res = await fetch(`${site}/api/revalidate?tags=${tags.join(',')}&secret=${secret}`);
    expect(res.status, `purge ${tags.join(',')} on ${site}`).toBe(200);
  }
}

/** Drupal's own caches, emptied: a metatag default's change does not reach JSON:API's cached answers otherwise. */
const clearDrupalCaches = (drupal: RealDrupal) =>
  drupal.php(
    `foreach (['page', 'dynamic_page_cache', 'jsonapi_normalizations', 'render', 'data'] as $bin) { if (\\Drupal::hasService("cache.$bin")) \\Drupal::service("cache.$bin")->deleteAll(); }`,
  );

const hrefs = (html: string | undefined) => (html ? linksIn(html).map((l) => l.href) : []);
const titles = (crumbs: Crumb[] | undefined) => crumbs?.map((c) => c.title);

/**
 * The page kinds the frame test above does not name, as this Drupal has them: the newest published node of every page
 * bundle, the listing of every bundle it has, a services section's term page, contacts and search.
 */
async function otherPageKinds(drupal: RealDrupal): Promise<string[]> {
  type Terms = { data: { attributes: { path: { alias: string | null } } }[] };
  const bundles = await nodeBundles(drupal);
  const newest = await Promise.all(
    PAGE_BUNDLES.filter((bundle) => bundles.includes(bundle)).map(async (bundle) => (await publishedNodes(bundle, 1, drupal))[0]?.alias),
  );
  const terms = await jsonapi<Terms>('taxonomy_term/services?page[limit]=50', drupal);
  const section = terms.data.map((term) => term.attributes.path.alias).find((alias) => alias);
  const listings = LISTING_ROUTES.filter((route) => bundles.includes(route.bundle)).map((route) => route.path);
  const named = new Set(['/', LASER.path, DOCTOR.path, '/doctors.html', '/news.html', '/price.html', ARTICLE.path, NEWS_ITEM]);
  const all = [...newest, ...listings, section, '/services.html', '/contacts.html', '/search/node'];
  return [...new Set(all.filter((path): path is string => !!path && !named.has(path)))];
}

/** The frame every framed page has on a stock Drupal: the main menu with its services submenu, and the footer menu. */
function expectFrame(html: string, where: string) {
  const nav = mainNav(html);
  expect(nav, `${where}: the main menu`).toBeDefined();
  const links = hrefs(nav);
  expect(links, `${where}: the main menu's «Услуги»`).toContain('/services.html');
  expect(links, `${where}: the main menu's «Врачи» (a listing)`).toContain('/doctors.html');
  expect(links, `${where}: a service in the submenu`).toContain(PEEL.path);
  expect(links, `${where}: the submenu's second level`).toContain(LASER_FACE.path);
  const footer = hrefs(footerMenu(html));
  expect(footer, `${where}: the footer menu`).toEqual(expect.arrayContaining(['/news.html', '/licenzii.html']));
}

function expectAside(html: string, where: string) {
  const aside = servicesAside(html);
  expect(aside, `${where}: the side column «Услуги клиники»`).toContain('Услуги клиники');
  expect(hrefs(aside), `${where}: the side column from the services menu`).toEqual(
    expect.arrayContaining([LASER.path, SERVICES_MENU_ONLY]),
  );
}

/** The head names the node as Drupal's metatags do, on the site's host; `image`: the node has one. */
function expectHeadFromMetatags(html: string, site: string, drupalHost: string, alias: string, metatag: MetaTag[], image: boolean) {
  const description = metaOf(metatag, 'description')?.attributes.content;
  expect(description, `${alias}: Drupal's metatag has a description`).toBeTruthy();
  expect(headValue(html, 'description'), `${alias}: description`).toBe(description);
  expect(headValue(html, 'canonical'), `${alias}: canonical on the site's host`).toBe(`${site}${alias}`);
  if (image) {
    const drupalImage = new URL(metaOf(metatag, 'og:image')!.attributes.content!);
    expect(headValue(html, 'og:image'), `${alias}: og:image on the site's host`).toBe(`${site}${drupalImage.pathname}`);
  }
  expect(html.slice(0, html.indexOf('</head>')), `${alias}: no Drupal host in the head`).not.toContain(drupalHost);
}

describe.each(STACKS)('a stock clinic on Drupal %s', (stack, address, sites) => {
  const drupal = connectRealDrupal(address);
  const targets = [
    ['workers', sites.workers],
    ['node', sites.node],
  ] as const;

  describe.each(targets)('the site on %s', (target, site) => {
    it('has the frame on every page kind from home: main menu with the services submenu, footer menu, side column', async () => {
      const pages = ['/', LASER.path, DOCTOR.path, '/doctors.html', '/news.html', '/price.html', ARTICLE.path, NEWS_ITEM];
      for (const path of pages) {
        const page = await get(site, path);
        expect(page.status, `${stack} ${target} ${path}`).toBe(200);
        expectFrame(page.html, `${stack} ${target} ${path}`);
        // docs/requirements.md §2: the side column's services menu everywhere but home (and contacts, the services page).
        if (path === '/') expect(servicesAside(page.html), 'home has no side column menu').toBeUndefined();
        else expectAside(page.html, `${stack} ${target} ${path}`);
      }
    });

    it('has the frame on every other page kind too: the newest node of each bundle, each listing, a section, contacts, search', async () => {
      const pages = await otherPageKinds(drupal);
      expect(pages.length, `${stack}: the stock clinic has several more page kinds`).toBeGreaterThanOrEqual(10);
      for (const path of pages) {
        const where = `${stack} ${target} ${path}`;
        const page = await get(site, encodeURI(path));
        expect(page.status, where).toBe(200);
        expectFrame(page.html, where);
        // docs/requirements.md §2: no side column on the services page; its services menu hidden on contacts.
        if (path === '/services.html') expect(page.html, where).not.toContain('class="aside"');
        else if (path === '/contacts.html') expect(servicesAside(page.html), where).toBeUndefined();
        else expectAside(page.html, where);
      }
    });

    it("shows a service's children and its sub-menu from the menus, and its prices from the price list", async () => {
      const page = await get(site, LASER.path);
      expect(page.status).toBe(200);
      expect(h1(page.html)).toBe(LASER.title);
      expect(hrefs(servicePart(page.html, 'children')), 'children from the services menu').toEqual(
        expect.arrayContaining([LASER_FACE.path, LASER_LEGS.path]),
      );
      expect(hrefs(subNav(page.html)), 'the sub-menu under the main menu').toEqual(
        expect.arrayContaining([LASER_FACE.path, LASER_LEGS.path]),
      );
      const prices = priceRows(servicePart(page.html, 'prices') ?? '');
      expect(
        prices.map((r) => r.name),
        "the service's prices",
      ).toEqual(expect.arrayContaining(['Голени', 'Подмышки']));
      expect(prices.find((r) => r.name === 'Подмышки')?.sums, 'a special price beside the normal one').toEqual(['2 500', '2 000']);
      // A service without children has no such part.
      expect(servicePart((await get(site, PEEL.path)).html, 'children')).toBeUndefined();
    });

    it('has breadcrumbs: the menu trail of a service, the listing of a doctor, the title last without a link', async () => {
      const deep = breadcrumbs((await get(site, LASER_FACE.path)).html);
      expect(deep?.[0]?.href, 'the first crumb is home').toBe('/');
      expect(deep?.slice(1)).toEqual([
        { title: 'Услуги', href: '/services.html' },
        { title: LASER.title, href: LASER.path },
        { title: LASER_FACE.title },
      ]);
      const service = breadcrumbs((await get(site, PEEL.path)).html);
      expect(service?.slice(1)).toEqual([{ title: 'Услуги', href: '/services.html' }, { title: PEEL.title }]);
      const doctor = breadcrumbs((await get(site, DOCTOR.path)).html);
      expect(doctor?.[0]?.href).toBe('/');
      expect(doctor?.slice(1)).toEqual([{ title: 'Врачи', href: '/doctors.html' }, { title: DOCTOR.title }]);
      const article = breadcrumbs((await get(site, ARTICLE.path)).html);
      expect(titles(article)?.at(-1)).toBe(ARTICLE.title);
      expect(breadcrumbs((await get(site, '/')).html), 'none on home').toBeUndefined();
    });

    it("has the head from the node's metatags: description, og:image and canonical on the site's host", async () => {
      for (const [alias, image] of [
        [PEEL.path, true],
        [DOCTOR.path, true],
        [ARTICLE.path, true],
        [NEWS_ITEM, true],
      ] as const) {
        const node = await nodeAt(drupal, alias);
        const page = await get(site, alias);
        expect(page.status, alias).toBe(200);
        expectHeadFromMetatags(page.html, site, new URL(drupal.url).host, alias, node.metatag, image);
      }
      // robots from the bundle's metatag defaults (provision-stock.php: the problem bundle).
      expect(headValue((await get(site, '/problems/akne.html')).html, 'robots')).toMatch(/noindex/);
    });

    it('shows the price list by group, with titles, subtitles, codes and special prices', async () => {
      const page = await get(site, '/price.html');
      expect(page.status).toBe(200);
      expect(priceGroups(page.html), 'groups in their weight order').toEqual(['Лазерная медицина', 'Косметология', 'Массаж']);
      const rows = priceRows(page.html);
      const byName = new Map(rows.map((r) => [r.name, r]));
      expect(byName.get('Голени')?.sums).toEqual(['4 000']);
      expect(byName.get('Курс из трёх пилингов')?.sums, 'a special price beside the normal one').toEqual(['9 000', '7 650']);
      expect(byName.get('Массаж лица')?.sums).toEqual(['2 000']);
      expect(rows.find((r) => r.name.includes('Для мужчин'))?.sums, 'a subtitle row has no sum').toEqual([]);
      expect(page.html).toContain('LE-01');
    });

    it('places the custom block DRUPAL_BLOCKS names in the side column of every page that has one, from block_content', async () => {
      for (const path of ['/', DOCTOR.path, '/price.html']) {
        // The side column's region (streamed in after its start, so looked for anywhere in the document).
        const region = /<div class="region region--sidebar">[\s\S]*?<\/section>/.exec((await get(site, path)).html)?.[0] ?? '';
        expect(region, `${stack} ${target} ${path}`).toContain('Врачи с опытом от десяти лет и оборудование экспертного класса.');
      }
    });

    it('answers an old address 301 to the entity or the listing it now is, and 302 where the redirect says so', async () => {
      for (const [from, status, to] of [
        ['/old-services.html', 301, '/services.html'],
        ['/old-news.html', 301, '/news.html'],
        ['/old-price.html', 302, '/price.html'],
      ] as const) {
        const answer = await get(site, from);
        expect([answer.status, answer.location && new URL(answer.location, site).toString()], from).toEqual([status, `${site}${to}`]);
      }
    });

    it('answers no page with a 5xx', async () => {
      const paths = [
        '/',
        '/services.html',
        LASER.path,
        LASER_FACE.path,
        DOCTOR.path,
        '/doctors.html',
        '/price.html',
        '/sitemap',
        '/contact',
      ];
      for (const path of paths) expect((await get(site, path)).status, `${stack} ${target} ${path}`).toBeLessThan(500);
    });
  });

  describe('each part missing removes that part and nothing else', () => {
    const sitesOf = targets.map(([, url]) => url);

    it("without a services menu: the side column is the main menu's «Услуги» subtree, never the whole main menu", async () => {
      // The services menu's links moved to a menu the site does not read, and the menu itself deleted; on 10.2 the
      // main menu has been read unfiltered already, so a `filter[parent]` GET answers the whole tree from Drupal's
      // page cache (the real module's bug): the subtree must be right anyway.
      const move = (from: string, to: string) =>
        drupal.php(
          `$storage = \\Drupal::entityTypeManager()->getStorage('menu_link_content'); foreach ($storage->loadByProperties(['menu_name' => '${from}']) as $link) { $link->set('menu_name', '${to}')->save(); }`,
        );
      const paths = [DOCTOR.path, PEEL.path];
      const tags = ['menu:services', 'menu:main'];
      await drupal.php(`\\Drupal\\system\\Entity\\Menu::create(['id' => 'services_kept', 'label' => 'Услуги (отложено)'])->save();`);
      await move('services', 'services_kept');
      await drupal.php(`\\Drupal\\system\\Entity\\Menu::load('services')->delete();`);
      try {
        for (const site of sitesOf) {
          await purge(site, { paths, tags });
          const page = await eventually(
            () => get(site, DOCTOR.path),
            (p) => !hrefs(servicesAside(p.html)).includes(SERVICES_MENU_ONLY),
            30_000,
          );
          expect(page.status).toBe(200);
          const aside = hrefs(servicesAside(page.html));
          expect(aside, `${site}: the subtree under «Услуги»`).toEqual(expect.arrayContaining([LASER.path, PEEL.path]));
          for (const outside of ['/', '/about.html', '/doctors.html', '/contacts.html', SERVICES_MENU_ONLY]) {
            expect(aside, `${site}: nothing outside the subtree`).not.toContain(outside);
          }
        }
      } finally {
        await drupal.php(
          `\\Drupal\\system\\Entity\\Menu::create(['id' => 'services', 'label' => 'Услуги', 'description' => 'Дерево услуг клиники'])->save();`,
        );
        await move('services_kept', 'services');
        await drupal.php(`\\Drupal\\system\\Entity\\Menu::load('services_kept')->delete();`);
        for (const site of sitesOf) await purge(site, { paths, tags });
      }
      for (const site of sitesOf) {
        const page = await eventually(
          () => get(site, DOCTOR.path),
          (p) => hrefs(servicesAside(p.html)).includes(SERVICES_MENU_ONLY),
          30_000,
        );
        expect(hrefs(servicesAside(page.html)), `${site}: the services menu again`).toContain(SERVICES_MENU_ONLY);
      }
    });

    it('without jsonapi_menu_items: no menus, the page stands with its content; back once the module is', async () => {
      const paths = [PEEL.path, DOCTOR.path];
      const menuTags = ['menu:main', 'menu:footer', 'menu:services'];
      await drupal.php(`\\Drupal::service('module_installer')->uninstall(['jsonapi_menu_items']);`);
      try {
        for (const site of sitesOf) {
          await purge(site, { paths, tags: menuTags });
          for (const path of paths) {
            const page = await eventually(
              () => get(site, path),
              (p) => mainNav(p.html) === undefined,
              30_000,
            );
            expect(page.status, `${site}${path}`).toBe(200);
            expect(mainNav(page.html), `${site}${path}: no main menu`).toBeUndefined();
            expect(footerMenu(page.html), `${site}${path}: no footer menu`).toBeUndefined();
            expect(servicesAside(page.html), `${site}${path}: no side column menu`).toBeUndefined();
            expect(h1(page.html), `${site}${path}: the content stands`).toBeTruthy();
          }
          // The doctor's crumbs do not need a menu: the bundle's listing.
          expect(breadcrumbs((await get(site, DOCTOR.path)).html)?.slice(1, 2)).toEqual([{ title: 'Врачи', href: '/doctors.html' }]);
        }
      } finally {
        await drupal.php(`\\Drupal::service('module_installer')->install(['jsonapi_menu_items']);`);
        for (const site of sitesOf) await purge(site, { paths, tags: menuTags });
      }
      for (const site of sitesOf) {
        const page = await eventually(
          () => get(site, PEEL.path),
          (p) => mainNav(p.html) !== undefined,
          30_000,
        );
        expectFrame(page.html, `${site}${PEEL.path} after the module is back`);
      }
    });

    it('without metatags: no description from Drupal, the page stands with its frame', async () => {
      const before = await drupal.php(
        `$s = \\Drupal::entityTypeManager()->getStorage('metatag_defaults'); echo json_encode(['global' => $s->load('global')->get('tags'), 'node' => $s->load('node')->get('tags')]);`,
      );
      const saved = JSON.parse(before.slice(before.indexOf('{'))) as Record<string, Record<string, string>>;
      const setTags = (tags: Record<string, Record<string, string> | []>) =>
        drupal.php(
          `$in = json_decode(base64_decode('${Buffer.from(JSON.stringify(tags)).toString('base64')}'), TRUE); $s = \\Drupal::entityTypeManager()->getStorage('metatag_defaults'); foreach ($in as $id => $tags) { $s->load($id)->set('tags', $tags)->save(); }`,
        );
      await setTags({ global: [], node: [] });
      try {
        await clearDrupalCaches(drupal);
        expect((await nodeAt(drupal, PEEL.path)).metatag, 'the field is empty').toEqual([]);
        for (const site of sitesOf) {
          await purge(site, { paths: [PEEL.path] });
          const page = await eventually(
            () => get(site, PEEL.path),
            (p) => headValue(p.html, 'description') === undefined,
            30_000,
          );
          expect(page.status).toBe(200);
          expect(headValue(page.html, 'description'), `${site}: no description`).toBeUndefined();
          expect(h1(page.html)).toBe(PEEL.title);
          expectFrame(page.html, `${site}${PEEL.path} without metatags`);
        }
      } finally {
        await setTags(saved);
        await clearDrupalCaches(drupal);
        for (const site of sitesOf) await purge(site, { paths: [PEEL.path] });
      }
      expect(metaOf((await nodeAt(drupal, PEEL.path)).metatag, 'description'), 'restored').toBeDefined();
    });

    it('without published price rows: no price list, /price.html and the service page stand', async () => {
      const setPublished = (published: boolean) =>
        drupal.php(
          `foreach (\\Drupal::entityTypeManager()->getStorage('node')->loadByProperties(['type' => 'price']) as $n) { $n->${published ? 'setPublished' : 'setUnpublished'}()->save(); }`,
        );
      const paths = ['/price.html', LASER.path];
      const tags = ['node_list:price', 'price_list'];
      await setPublished(false);
      try {
        for (const site of sitesOf) {
          await purge(site, { paths, tags });
          const price = await eventually(
            () => get(site, '/price.html'),
            (p) => priceGroups(p.html).length === 0,
            30_000,
          );
          expect(price.status).toBe(200);
          expect(priceGroups(price.html), `${site}: no groups`).toEqual([]);
          expect(price.html, `${site}: the call instead`).toContain('Цены уточняйте по телефону');
          expectFrame(price.html, `${site}/price.html without prices`);
          const service = await get(site, LASER.path);
          expect(service.status).toBe(200);
          expect(servicePart(service.html, 'prices'), `${site}: no prices part`).toBeUndefined();
          expect(h1(service.html)).toBe(LASER.title);
        }
      } finally {
        await setPublished(true);
        for (const site of sitesOf) await purge(site, { paths, tags });
      }
      for (const site of sitesOf) {
        const price = await eventually(
          () => get(site, '/price.html'),
          (p) => priceGroups(p.html).length > 0,
          30_000,
        );
        expect(priceGroups(price.html), `${site}: back`).toHaveLength(3);
      }
    });
  });
});
