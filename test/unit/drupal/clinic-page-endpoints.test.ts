/**
 * The clinic's own per-page endpoints (worker/drupal/clinic/rest.ts and views.ts over blocks_for_page and
 * breadcrumb_headless) against a fake fetch, in the shapes docs/drupal.md §8 gives them (no public recording of these
 * modules exists): each asked with the page's path as `?page=`, read leniently, a Drupal without the module (its 404)
 * as nothing to show, and a 5xx or an answer in no known shape refused rather than cached as nothing.
 */
import { describe, expect, it } from 'vitest';
import { restCalls } from '../../../worker/drupal/clinic/rest';
import { viewCalls } from '../../../worker/drupal/clinic/views';
import { fakeDrupal, originError, type Answer, type Sent } from './fake-drupal';

function clinic(answer: (sent: Sent) => Answer) {
  const drupal = fakeDrupal(answer);
  return { ...drupal, rest: restCalls(drupal.context), views: viewCalls(drupal.context) };
}

const NOT_FOUND: Answer = { status: 404, body: '<!DOCTYPE html><title>Page not found</title>' };
const PAGE = '/services/piling.html';

describe('breadcrumb_headless', () => {
  it("asks with the page's path and reads its crumbs, the last (the page itself) without a link", async () => {
    const { rest, sent } = clinic(() => ({
      status: 200,
      body: {
        path: PAGE,
        data: [{ title: 'Главная', link: '/' }, { title: 'Услуги', link: '/services.html' }, { title: 'Химический пилинг' }],
      },
    }));
    expect(await rest.breadcrumb(PAGE)).toEqual([
      { title: 'Главная', link: '/' },
      { title: 'Услуги', link: '/services.html' },
      { title: 'Химический пилинг', link: undefined },
    ]);
    expect(sent[0]?.url.pathname).toBe('/breadcrumb_headless');
    expect([...sent[0]!.url.searchParams]).toEqual([['page', PAGE]]);
  });

  it('reads `[]`, and the 404 of a Drupal without the module, as no crumbs; refuses an answer in no known shape', async () => {
    expect(await clinic(() => ({ status: 200, body: [] })).rest.breadcrumb(PAGE)).toEqual([]);
    const missing = clinic(() => NOT_FOUND);
    expect(await missing.rest.breadcrumb(PAGE)).toEqual([]);
    expect(missing.loaded.get(missing.sent[0]!.url.href)?.negative).toBe(true);
    const odd = clinic(() => ({ status: 200, body: { path: PAGE, crumbs: 'Главная / Услуги' } }));
    expect((await originError(odd.rest.breadcrumb(PAGE))).unhealthy).toBe(false);
  });
});

describe('blocks_for_page: metatags', () => {
  it("asks with the page's path and reads `{data: {title, metas}}`, leaving out a meta without content", async () => {
    const { rest, sent } = clinic(() => ({
      status: 200,
      body: {
        data: {
          title: 'Химический пилинг — клиника',
          metas: [
            { name: 'description', content: 'Пилинг лица' },
            { property: 'og:title', content: 'Химический пилинг' },
            { name: 'keywords', content: '' },
          ],
        },
      },
    }));
    const head = await rest.metatags(PAGE);
    expect(head.title).toBe('Химический пилинг — клиника');
    expect(head.tags).toEqual([
      { tag: 'meta', attributes: { name: 'description', content: 'Пилинг лица' } },
      { tag: 'meta', attributes: { property: 'og:title', content: 'Химический пилинг' } },
    ]);
    expect(sent[0]?.url.pathname).toBe('/blocks_for_page/metatag');
    expect(sent[0]?.url.searchParams.get('page')).toBe(PAGE);
  });

  it('reads `[]` and a 404 as no tags; refuses a 500', async () => {
    expect(await clinic(() => ({ status: 200, body: [] })).rest.metatags(PAGE)).toEqual({ tags: [] });
    expect(await clinic(() => NOT_FOUND).rest.metatags(PAGE)).toEqual({ tags: [] });
    const down = clinic(() => ({ status: 500, body: 'Error', contentType: 'text/plain' }));
    expect((await originError(down.rest.metatags(PAGE))).status).toBe(500);
  });
});

describe("blocks_for_page: a service's lists", () => {
  it("asks services_subtree with the page's path and reads the section's services and the section itself", async () => {
    const { views, sent, loaded } = clinic(() => ({
      status: 200,
      body: {
        items: [
          { nid: '8', title: 'Чистка лица', view_node: '/services/chistka-lica.html', field_price2: 'от 3&nbsp;000 ₽' },
          { nid: '9', title: '', view_node: '/services/untitled.html' },
        ],
        parent_title: 'Косметология',
        parent_url: '<a href="/services/kosmetologiya.html">Косметология</a>',
      },
    }));
    const section = await views.serviceSection(PAGE);
    expect(section.title).toBe('Косметология');
    expect(section.url).toBe('/services/kosmetologiya.html');
    expect(section.items.map((row) => [row.nid, row.title, row.url, row.price])).toEqual([
      // Views' HTML entities read back as text: `&nbsp;` is a no-break space.
      [8, 'Чистка лица', '/services/chistka-lica.html', 'от 3\u00a0000 ₽'],
    ]);
    expect(sent[0]?.url.pathname).toBe('/blocks_for_page/block/services_subtree');
    expect(sent[0]?.url.searchParams.get('page')).toBe(PAGE);
    expect(loaded.get(sent[0]!.url.href)?.tags).toEqual(['node_list', 'node_list:services', 'node:8']);
  });

  it('asks next_cycle_links and leaves out a link without an address', async () => {
    const { views, sent } = clinic(() => ({
      status: 200,
      body: {
        items: [
          { nid: '8', title: 'Чистка лица', view_node: '/services/chistka-lica.html' },
          { nid: '10', title: 'Без адреса', view_node: '' },
        ],
      },
    }));
    expect(await views.nextLinks(PAGE)).toEqual([{ title: 'Чистка лица', url: '/services/chistka-lica.html', nid: 8 }]);
    expect(sent[0]?.url.pathname).toBe('/blocks_for_page/block/next_cycle_links');
  });

  it('asks services_childs, reads a bare list too, and a 404 as none', async () => {
    const { views, sent } = clinic(() => ({
      status: 200,
      body: [{ nid: '8', title: 'Чистка лица', view_node: '/services/chistka-lica.html' }],
    }));
    expect((await views.serviceChildren(PAGE)).map((row) => row.title)).toEqual(['Чистка лица']);
    expect(sent[0]?.url.pathname).toBe('/blocks_for_page/block/services_childs');
    expect(await clinic(() => NOT_FOUND).views.serviceChildren(PAGE)).toEqual([]);
  });
});

describe('blocks_for_page: the price list', () => {
  it("asks the price list's special link with the page's path, and reads a 404 and `[]` as no groups", async () => {
    const { rest, sent } = clinic(() => NOT_FOUND);
    expect(await rest.priceList('/price.html')).toEqual([]);
    expect(sent[0]?.url.pathname).toBe('/blocks_for_page/special_links/price.html');
    expect(sent[0]?.url.searchParams.get('page')).toBe('/price.html');
    expect(await clinic(() => ({ status: 200, body: [] })).rest.priceList(PAGE)).toEqual([]);
  });
});
