/**
 * Every page kind the clinic's content model has, read from a real Drupal: nodes by their
 * aliases, listings with their pages, search through a Views REST export, and what a real
 * Drupal answers that our stand-ins did not (docs/drupal.md, "What a real Drupal answers").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LISTING_ROUTES } from '../../worker/routes/listing-table';
import { PAGE_SIZE } from '../../worker/screens/listing-page';
import { PAGE_BUNDLES, TARGETS, get, h1, jsonapi, nodeBundles, publishedNodes, type PublishedNode } from './helpers';

let bundles: string[] = [];
const newest = new Map<string, PublishedNode>();
let news: PublishedNode[] = [];

beforeAll(async () => {
  bundles = await nodeBundles();
  for (const bundle of PAGE_BUNDLES.filter((b) => bundles.includes(b))) {
    const [first] = await publishedNodes(bundle, 1);
    if (first) newest.set(bundle, first);
  }
  news = await publishedNodes('news');
});

describe.each(TARGETS)('the site on %s over a real Drupal', (target, site) => {
  it('shows the newest node of every bundle at its alias, with its title', async () => {
    expect(newest.size, 'the provisioned clinic has nodes of several bundles').toBeGreaterThanOrEqual(6);
    for (const [bundle, node] of newest) {
      const page = await get(site, encodeURI(node.alias));
      expect(page.status, `${bundle} ${node.alias}`).toBe(200);
      expect(h1(page.html), `${bundle} ${node.alias}`).toBe(node.title);
    }
  });

  it('pages a listing as Drupal pages its collection: ten a page, newest first, and a 404 past the last', async () => {
    expect(news.length, 'more news than one page holds').toBeGreaterThan(PAGE_SIZE);
    const first = await get(site, '/news.html');
    expect(first.status).toBe(200);
    for (const item of news.slice(0, PAGE_SIZE)) expect(first.html, item.title).toContain(item.title);
    expect(first.html).not.toContain(news[PAGE_SIZE]!.title);
    const second = await get(site, '/news.html/2');
    expect(second.status).toBe(200);
    expect(second.html).toContain(news[PAGE_SIZE]!.title);
    expect((await get(site, `/news.html/${Math.ceil(news.length / PAGE_SIZE) + 1}`)).status).toBe(404);
  });

  it('answers a listing whose bundle this Drupal does not have with the 404 page, and never links to it', async () => {
    const missing = LISTING_ROUTES.filter((route) => !bundles.includes(route.bundle));
    expect(missing.length, 'the provisioned clinic lacks some bundles').toBeGreaterThan(0);
    for (const route of missing) {
      const page = await get(site, route.path);
      expect(page.status, route.path).toBe(404);
      expect(page.html, route.path).toContain('Страница не найдена');
    }
    const sitemap = await get(site, '/sitemap.xml');
    expect(sitemap.status).toBe(200);
    for (const route of LISTING_ROUTES) {
      const listed = sitemap.html.includes(`${route.path}</loc>`);
      expect(listed, `${route.path} in the sitemap`).toBe(bundles.includes(route.bundle));
    }
  });

  it("keeps Drupal's search paths its own search page, and finds through the Views export", async () => {
    const bare = await get(site, '/search');
    expect([bare.status, bare.location]).toEqual([301, '/search/node']);
    const asked = await get(site, `/search?keys=${encodeURIComponent('пилинг')}`);
    expect(asked.status).toBe(302);
    expect(asked.location).toBe(`/search/node/${encodeURIComponent('пилинг')}`);
    const page = await get(site, '/search/node');
    expect(page.status).toBe(200);

    // A word of a published service's title finds it, linked to its alias.
    const service = newest.get('services')!;
    const word = service.title.split(/\s+/).find((w) => w.length > 4) ?? service.title;
    const results = await get(site, `/search/node/${encodeURIComponent(word)}`);
    expect(results.status).toBe(200);
    expect(results.html).toContain(`href="${encodeURI(service.alias)}"`);

    // Nothing found: on 10.2 with the next module, the Views export's empty array comes as the subrequests envelope.
    const nothing = await get(site, `/search/node/${encodeURIComponent('щщщщъъъ')}`);
    expect(nothing.status).toBe(200);
    expect(nothing.html).toContain('ничего не найдено');
  });

  it("is the 404 page where Drupal's router fails on one path, while every other page still answers", async () => {
    // decoupled_router answers each of these with a 500 (search's pages have no canonical link): three in a row,
    // enough to open the circuit breaker, had they been counted as Drupal failing.
    for (const path of ['/search/help', '/search/user', '/search/user/help']) {
      const page = await get(site, path);
      expect(page.status, path).toBe(404);
      expect(page.html, path).toContain('Страница не найдена');
    }
    // A page never asked before still comes from Drupal.
    const unvisited = target === 'workers' ? news.at(-1)! : news.at(-2)!;
    const after = await get(site, encodeURI(unvisited.alias));
    expect(after.status).toBe(200);
    expect(h1(after.html)).toBe(unvisited.title);
    expect((await get(site, '/nikogda-ne-bylo.html')).status).toBe(404);
  });

  it('keeps a draft from visitors: the 403 page, as Drupal answers its path', async () => {
    const draft = await get(site, '/draft.html');
    expect(draft.status).toBe(403);
    expect(draft.html).toContain('Доступ запрещён');
    expect(draft.html).not.toContain('Секретный черновик');
  });

  it("shows a term's page at its alias, with the services of its section", async () => {
    type Terms = { data: { attributes: { name: string; path: { alias: string | null } } }[] };
    const terms = await jsonapi<Terms>('taxonomy_term/services?page[limit]=50');
    const term = terms.data.find((t) => t.attributes.path.alias)!;
    expect(term, 'the clinic has a section with an alias').toBeDefined();
    const page = await get(site, encodeURI(term.attributes.path.alias!));
    expect(page.status).toBe(200);
    expect(h1(page.html)).toBe(term.attributes.name);
  });
});
