import { describe, expect, it } from 'vitest';
import { PAGES_AHEAD, stockPriceCalls } from '../../../worker/drupal/stock/price';
import { fakeDrupal, stockFixture, unknownInclude, type Reply } from './stock-harness';

/** JSON:API's answer past a collection's end: no resource, no next link. */
const pastTheEnd: Reply = { status: 200, body: { jsonapi: { version: '1.0' }, data: [], links: {} } };

/**
 * A Drupal with the stock model's price list on two pages of four (the second reached by the first's `links.next`,
 * at offset 4); the pages asked ahead at offsets of fifty are past the end.
 */
const twoPages = (url: URL): Reply => {
  if (url.pathname !== '/jsonapi/node/price') return { status: 404, body: '<!DOCTYPE html><title>Страница не найдена</title>' };
  const offset = url.searchParams.get('page[offset]');
  return offset === null
    ? { status: 200, body: stockFixture('price-page-1') }
    : offset === '4'
      ? { status: 200, body: stockFixture('price-page-2') }
      : pastTheEnd;
};

/** The pages asked beside the first, by their offsets (worker/drupal/jsonapi.ts, pagesAhead). */
const AHEAD = Array.from({ length: PAGES_AHEAD }, (_, i) => String((i + 1) * 50));
const isAhead = (request: string) => AHEAD.some((offset) => request.includes(`page[offset]=${offset}`));

/** The same pages as a Drupal asked without `sort` gives them: their next links carry no sort either. */
const withoutSort = (reply: Reply): Reply => ({
  ...reply,
  body: JSON.parse(JSON.stringify(reply.body).replaceAll('&sort=field_weight%2Ctitle', '')),
});

describe('the stock price list over JSON:API (docs/drupal.md, "The stock model")', () => {
  it('reads every page into groups by term weight, rows by field_weight then title, rows without a group last', async () => {
    const { context, api, requests, loaded } = fakeDrupal(twoPages);
    const groups = await stockPriceCalls(context, api).priceList('/price.html');
    expect(groups).toEqual([
      {
        key: 't-laser',
        title: 'Лазерная медицина',
        // Its first service is a draft JSON:API did not include: the next one is the row's page.
        rows: [
          {
            kind: 'item',
            code: 'L01.001',
            name: 'Верхняя губа',
            sum: 1500,
            special: 1200,
            nid: 33,
            url: '/services/lazernaya-epilyaciya.html',
            children: [],
          },
        ],
      },
      {
        key: 't-cosm',
        title: 'Косметология',
        rows: [
          // No field_weight is weight 0: before «Пилинги» by title. A sum as a text field's {value}.
          { kind: 'item', name: 'Гликолевый пилинг', sum: 2800, nid: 21, url: '/services/piling.html', children: [] },
          { kind: 'title', name: 'Пилинги', nid: 21, url: '/services/piling.html', children: [] },
          // A subtitle shows on its services' pages but links nowhere.
          { kind: 'subtitle', name: 'Поверхностные пилинги', children: [] },
          { kind: 'item', code: 'K02.001', name: 'Миндальный пилинг', sum: 2500, nid: 21, url: '/services/piling.html', children: [] },
        ],
      },
      // A "special" price above the sum is no discount; a number as the sum is read too.
      { key: 'ungrouped', rows: [{ kind: 'item', code: 'C01.001', name: 'Консультация врача-косметолога', sum: 2000, children: [] }] },
    ]);
    // The draft row and the row without a name are left out; the next page was asked on the configured host (its link
    // names another page size than the pages asked ahead, so it is asked itself).
    expect(requests.filter((request) => !isAhead(request))).toHaveLength(2);
    expect(requests.filter(isAhead)).toHaveLength(AHEAD.length);
    expect(requests[0]).toBe(
      '/jsonapi/node/price?filter[status]=1&include=field_price_group,field_services&fields[node--services]=title,path,drupal_internal__nid&sort=field_weight,title&page[limit]=50',
    );
    expect(requests.at(-1)).toContain('page[offset]=4');
    const [payload] = [...loaded.values()];
    expect(payload?.tags).toEqual(expect.arrayContaining(['price_list', 'node_list:price', 'node_list:services']));
  });

  it("gives a service's page only the rows naming that service, groups kept, from the one payload", async () => {
    const { context, api, requests } = fakeDrupal(twoPages);
    const calls = stockPriceCalls(context, api);
    const piling = await calls.priceList('/Services/Piling.html/');
    expect(piling.map((group) => [group.title, group.rows.map((row) => row.name)])).toEqual([
      ['Косметология', ['Гликолевый пилинг', 'Пилинги', 'Поверхностные пилинги', 'Миндальный пилинг']],
    ]);
    expect((await calls.priceList('/services/chistka-lica.html')).flatMap((g) => g.rows.map((row) => row.name))).toEqual([
      'Миндальный пилинг',
    ]);
    expect(await calls.priceList('/doctors/ivanova.html')).toEqual([]);
    expect(await calls.priceList('/price.html')).toHaveLength(3);
    // Four pages read, one walk of the list.
    expect(requests.filter((request) => !isAhead(request))).toHaveLength(2);
  });

  it('takes the pages of fifty asked beside the first where the next links name them, asking none of them twice', async () => {
    // The same rows as Drupal pages them by its own fifty: the first page's next link names offset 50.
    const asFifty = (reply: Reply): Reply => ({
      ...reply,
      body: JSON.parse(
        JSON.stringify(reply.body).replaceAll('page%5Boffset%5D=4&page%5Blimit%5D=4', 'page%5Boffset%5D=50&page%5Blimit%5D=50'),
      ),
    });
    const { context, api, requests } = fakeDrupal((url) => {
      const offset = url.searchParams.get('page[offset]');
      return offset === null ? asFifty(twoPages(url)) : offset === '50' ? twoPages(new URL('?page[offset]=4', url)) : pastTheEnd;
    });
    const groups = await stockPriceCalls(context, api).priceList('/price.html');
    expect(groups.map((group) => group.key)).toEqual(['t-laser', 't-cosm', 'ungrouped']);
    // The first and the five ahead, all sent before the first was read: the second page came from them.
    expect(requests).toHaveLength(1 + AHEAD.length);
    expect(requests.filter((request) => request.includes('page[offset]=50'))).toHaveLength(1);
  });

  it('leaves the price list out on a Drupal without the price bundle (its HTML 404)', async () => {
    const { context, api, loaded } = fakeDrupal(() => ({ status: 404, body: '<!DOCTYPE html><title>Страница не найдена</title>' }));
    expect(await stockPriceCalls(context, api).priceList('/price.html')).toEqual([]);
    expect([...loaded.values()][0]?.negative).toBe(true);
  });

  it('asks again without a relationship the bundle lacks, and puts every row in the one untitled group', async () => {
    const { context, api, requests } = fakeDrupal((url) =>
      url.searchParams.get('include')?.includes('field_price_group')
        ? unknownInclude('field_price_group', ['node_type', 'uid', 'field_services'])
        : { status: 200, body: stockFixture('price-without-groups') },
    );
    expect(await stockPriceCalls(context, api).priceList('/price.html')).toEqual([
      { key: 'ungrouped', rows: [{ kind: 'item', name: 'Консультация', sum: 2000, children: [] }] },
    ]);
    expect(requests.at(-1)).toContain('include=field_services&');
  });

  it('asks again without the sort when the bundle has no field_weight, and sorts by title itself', async () => {
    const { context, api, requests } = fakeDrupal((url) =>
      url.searchParams.has('sort')
        ? {
            status: 400,
            body: {
              errors: [
                {
                  status: '400',
                  detail: 'Invalid nested sorting. The field `field_weight`, given in the path `field_weight`, does not exist.',
                },
              ],
            },
          }
        : withoutSort(twoPages(url)),
    );
    const groups = await stockPriceCalls(context, api).priceList('/price.html');
    expect(groups.map((group) => group.key)).toEqual(['t-laser', 't-cosm', 'ungrouped']);
    expect(requests.filter((url) => !url.includes('sort='))).toHaveLength(2);
  });

  it('fails the call (a stale copy is served) on a page it cannot read', async () => {
    const { context, api } = fakeDrupal(() => ({ status: 200, body: { data: 'nonsense' } }));
    await expect(stockPriceCalls(context, api).priceList('/price.html')).rejects.toThrow(/stock price list/);
  });
});
