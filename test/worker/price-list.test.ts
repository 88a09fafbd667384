import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server.edge';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRubles, PriceTable } from '../../worker/components/PriceTable';
import { PriceListSchema, rublesOf, type PriceGroup } from '../../worker/drupal/schemas/price';
import { demo, freshStart, page, request } from './helpers';

beforeEach(freshStart);

const THIN = '\u2009';

/** One row as Drupal sends it, every field a string, with `over` laid on top. */
const row = (over: Record<string, unknown> = {}) => ({
  field_code: 'K01.001',
  field_price_item: 'Ультразвуковая чистка лица',
  field_price_sum: '3500',
  field_price_sum_special: '',
  nid: '36',
  node_link: '/services/chistka.html',
  childs: [],
  ...over,
});

const rowsOf = (doc: unknown) => PriceListSchema.parse(doc).flatMap((group) => group.rows);

describe('the price list payload, as any Drupal may send it (docs/drupal.md, Rule 2)', () => {
  it('reads sums as numbers or strings, with spaces between thousands or zero kopecks', () => {
    expect([5000, '5000', '5 000', '5\u00a0000', `5${THIN}000`, '5000.00', '5000,00', ' 5000 '].map(rublesOf)).toEqual(Array(8).fill(5000));
    expect(rublesOf('1500.50')).toBe(1500.5);
    // Anything else is no sum: the row is then a title.
    expect(['', 'договорная', '-500', '0', '5 00', '5000 руб.', null, undefined, true, {}, []].map(rublesOf)).toEqual(
      Array(11).fill(undefined),
    );
  });

  it('reads an item with string numbers', () => {
    expect(rowsOf({ data: { g: { title: 'Косметология', data: [row({ field_price_sum_special: '3000' })] } } })).toEqual([
      {
        kind: 'item',
        code: 'K01.001',
        name: 'Ультразвуковая чистка лица',
        sum: 3500,
        special: 3000,
        nid: 36,
        url: '/services/chistka.html',
        children: [],
      },
    ]);
    expect(rowsOf({ data: { g: { data: [row({ field_price_sum: 3500, nid: 36 })] } } })[0]).toMatchObject({
      kind: 'item',
      sum: 3500,
      nid: 36,
    });
  });

  it('makes a row without a sum a title, and one with a leading * a subtitle without the *', () => {
    const [title, subtitle] = rowsOf({
      data: {
        g: {
          data: [
            row({ field_code: '', field_price_item: 'Пилинги', field_price_sum: '' }),
            row({ field_code: null, field_price_item: '*Поверхностные пилинги', field_price_sum: null, nid: '' }),
          ],
        },
      },
    });
    expect(title).toEqual({ kind: 'title', name: 'Пилинги', nid: 36, url: '/services/chistka.html', children: [] });
    expect(subtitle).toMatchObject({ kind: 'subtitle', name: 'Поверхностные пилинги' });
    expect(subtitle?.nid).toBeUndefined();
  });

  it('takes missing, null and "" fields as absent', () => {
    expect(rowsOf({ data: { g: { data: [{ field_price_item: 'Консультация', field_price_sum: '2000' }] } } })).toEqual([
      { kind: 'item', name: 'Консультация', sum: 2000, children: [] },
    ]);
    expect(rowsOf({ data: { g: { data: [row({ field_code: null, nid: null, node_link: null, childs: null })] } } })).toEqual([
      { kind: 'item', name: 'Ультразвуковая чистка лица', sum: 3500, children: [] },
    ]);
  });

  it("reads PHP's [] for an empty map, at every level", () => {
    expect(PriceListSchema.parse([])).toEqual([]);
    expect(PriceListSchema.parse({ data: [] })).toEqual([]);
    expect(PriceListSchema.parse({ data: null })).toEqual([]);
    // A group with no rows is left out.
    expect(PriceListSchema.parse({ data: { g: { title: 'Пусто', data: [] } } })).toEqual([]);
  });

  it('reads childs missing, [], or an object keyed by index', () => {
    const parent = (childs: unknown) => row({ field_code: 'I01.001', field_price_item: 'Увеличение губ', field_price_sum: '', childs });
    const child = (item: string, sum: string) => row({ field_code: '', field_price_item: item, field_price_sum: sum });
    const { childs: _omitted, ...withoutChilds } = parent([]);
    expect(rowsOf({ data: { g: { data: [withoutChilds] } } })[0]?.children).toEqual([]);
    expect(rowsOf({ data: { g: { data: [parent([])] } } })[0]?.children).toEqual([]);
    const nested = rowsOf({ data: { g: { data: [parent({ 0: child('0,5 мл', '12000'), 1: child('1 мл', '16 000') })] } } })[0];
    expect(nested).toMatchObject({ kind: 'title', code: 'I01.001', name: 'Увеличение губ' });
    expect(nested?.children.map((c) => [c.name, c.sum])).toEqual([
      ['0,5 мл', 12000],
      ['1 мл', 16000],
    ]);
  });

  it('keeps a group without a title, and groups sent as a list', () => {
    expect(PriceListSchema.parse({ data: { konsultacii: { data: [row()] } } })).toEqual([
      { key: 'konsultacii', rows: [expect.objectContaining({ kind: 'item' })] },
    ]);
    expect(PriceListSchema.parse({ data: [{ title: '', data: { 0: row() } }] })).toEqual([
      { key: '0', rows: [expect.objectContaining({ kind: 'item' })] },
    ]);
  });

  it('drops what it cannot read and keeps the rest', () => {
    const rows = rowsOf({
      data: {
        bad: 'строка',
        nothing: null,
        g: {
          title: 'Косметология',
          data: [
            'строка',
            null,
            42,
            row({ field_price_item: '' }),
            row({ field_price_item: null, field_price_sum: '' }),
            row({ node_link: 'javascript:alert(1)', nid: 'abc', field_price_sum_special: '9000' }),
            row({ field_price_item: '*', field_price_sum: '' }),
            row({ field_price_item: 'Пилинг &amp; уход', field_code: { odd: true } }),
          ],
        },
      },
    });
    expect(rows).toEqual([
      // A special price above the normal one is no discount; an unsafe link and an unreadable nid are dropped.
      { kind: 'item', code: 'K01.001', name: 'Ультразвуковая чистка лица', sum: 3500, children: [] },
      { kind: 'item', name: 'Пилинг & уход', sum: 3500, nid: 36, url: '/services/chistka.html', children: [] },
    ]);
  });

  it('refuses a body that is no price list at all, so that a stale copy is served instead', () => {
    expect(() => PriceListSchema.parse({ message: 'Ошибка' })).toThrow();
    expect(() => PriceListSchema.parse('<html>')).toThrow();
  });
});

describe('the price table', () => {
  const groups: PriceGroup[] = [
    {
      key: 'g',
      title: 'Косметология',
      rows: [
        { kind: 'title', name: 'Пилинги', url: '/p.html', nid: 21, children: [] },
        { kind: 'subtitle', name: 'Поверхностные', children: [] },
        { kind: 'item', code: 'K02.001', name: 'Миндальный пилинг', sum: 15000, special: 12500, nid: 21, url: '/p.html', children: [] },
        { kind: 'item', code: 'K02.002', name: 'Гликолевый пилинг', sum: 2800, nid: 22, url: '/g.html', children: [] },
      ],
    },
  ];

  it('formats rubles with a thin space between thousands', () => {
    expect([350, 8750, 15000, 1250000, 1500.5].map(formatRubles)).toEqual([
      '350',
      `8${THIN}750`,
      `15${THIN}000`,
      `1${THIN}250${THIN}000`,
      `1${THIN}500,50`,
    ]);
  });

  it('calls the edit link slot for each item with a node id, and renders one group without the accordion', () => {
    const editLink = vi.fn((nid: number) => createElement('a', { href: `/node/${nid}/edit` }, 'Изменить'));
    const html = renderToStaticMarkup(createElement(PriceTable, { groups, accordion: false, editLink, currentPath: '/g.html' }));
    // The title's node too, not only the priced rows'.
    expect(editLink.mock.calls.map(([nid]) => nid)).toEqual([21, 21, 22]);
    expect(html).toContain('href="/node/22/edit"');
    expect(html).not.toContain('<details');
    // A lone group shows no title of its own: the section around it has one.
    expect(html).not.toContain('<h2');
    // The title links to its service; its own rows do not repeat the link, nor does the page link to itself.
    expect(html.match(/href="\/p\.html"/g)).toHaveLength(1);
    expect(html).not.toContain('href="/g.html"');
  });
});

describe('/price.html', () => {
  it('shows every group of the demo in an accordion, the first open, with codes, special prices and both currency suffixes', async () => {
    const source = await demo.json<{ data: Record<string, { title?: string; data: { field_code: string }[] }> }>(
      '/blocks_for_page/special_links/price.html?page=/price.html',
    );
    const { status, html } = await page('/price.html');
    expect(status).toBe(200);
    expect(html).toContain('<h1>Цены</h1>');
    const groups = Object.values(source.data);
    expect(html.match(/<details/g)).toHaveLength(groups.length);
    expect(html).toMatch(/<details class="price-group" open="">/);
    for (const group of groups) {
      if (group.title) expect(html).toContain(group.title);
      for (const r of group.data) if (r.field_code) expect(html).toContain(r.field_code);
    }
    expect([...html.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]).slice(0, 3)).toEqual(['Код', 'Услуга', 'Стоимость']);
    // docs/requirements.md §2: the special price beside the normal one, struck through, with words for a screen reader.
    expect(html).toMatch(
      new RegExp(
        `Цена без скидки: </span><s><span class="price__amount">45${THIN}000<span class="price__rub price__rub--short"> ₽</span><span class="price__rub price__rub--long"> руб\\.</span></span></s>`,
      ),
    );
    expect(html).toMatch(new RegExp(`Цена со скидкой: </span><span class="price__amount">39${THIN}000<`));
    // A subtitle loses its asterisk; a title row spans the table.
    expect(html).toContain('Поверхностные пилинги');
    expect(html).not.toContain('*Поверхностные');
    expect(html).toMatch(/<th class="price__name" colSpan="3" scope="rowgroup">/i);
  });

  it('still answers 200 when Drupal fails to give the prices, and asks the visitor to call', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await demo.faults({ rules: [{ match: '/blocks_for_page/special_links/price.html', status: 500 }] });
    const { status, html } = await page('/price.html');
    expect(status).toBe(200);
    expect(html).toContain('<h1>Цены</h1>');
    expect(html).toContain('Цены уточняйте по телефону');
    expect(html).toMatch(/href="tel:\+?\d+"/);
    expect(html).not.toContain('<table');
    warn.mockRestore();
  });
});

describe('/price.html for an editor (docs/requirements.md §2, §6)', () => {
  /** The demo editor's session cookie, through the site's own login form. */
  async function editorCookie(): Promise<string> {
    const { response, settled } = await request(
      '/login',
      {},
      {
        method: 'POST',
        body: new URLSearchParams({ name: 'redaktor', pass: 'demo-redaktor-2013' }),
        headers: { Origin: 'http://127.0.0.1:8787', 'Sec-Fetch-Site': 'same-origin' },
      },
    );
    await settled();
    expect(response.status).toBe(303);
    return response.headers
      .getSetCookie()
      .find((line) => line.startsWith('editor='))!
      .split(';')[0]!;
  }

  /** Each row of the table: its name and the node its edit link opens, if any. */
  const rowsWithLinks = (html: string) =>
    [...html.matchAll(/<tr class="price__row price__row--(\w+)[^"]*">([\s\S]*?)<\/tr>/g)].map(([, kind, cells]) => ({
      kind,
      name: /<span class="price__label">(?:<a [^>]*>)?([^<]*)/.exec(cells!)?.[1],
      edit: /href="[^"]*\/node\/(\d+)\/edit"/.exec(cells!)?.[1],
    }));

  it('puts an edit link on every row with a node id, section titles and parent rows included, and none for a visitor', async () => {
    const source = await demo.json<{
      data: Record<string, { data: { field_price_item: string; field_price_sum: string; nid: string | number | null; childs: unknown }[] }>;
    }>('/blocks_for_page/special_links/price.html?page=/price.html');
    // The demo has what the test is about: titles and a parent (a row with childs) that name a node.
    const top = Object.values(source.data).flatMap((group) => group.data);
    expect(
      top.some(
        (r) =>
          !r.field_price_sum &&
          !r.field_price_item.startsWith('*') &&
          Number(r.nid) > 0 &&
          (Array.isArray(r.childs) ? r.childs.length === 0 : !r.childs),
      ),
    ).toBe(true);
    expect(top.some((r) => !r.field_price_sum && Number(r.nid) > 0 && Array.isArray(r.childs) && r.childs.length > 0)).toBe(true);

    const { response, settled } = await request('/price.html', {}, { headers: { Cookie: await editorCookie() } });
    const html = await response.text();
    await settled();
    const rows = rowsWithLinks(html);
    expect(rows.find((r) => r.name === 'Чистка лица')).toEqual({ kind: 'section', name: 'Чистка лица', edit: '20' });
    expect(rows.find((r) => r.name === 'SMAS-лифтинг тела')).toEqual({ kind: 'parent', name: 'SMAS-лифтинг тела', edit: '40' });
    expect(rows.find((r) => r.name === 'Живот')).toMatchObject({ kind: 'item', edit: '40' });
    // Rows without a node (subtitles, the untitled group's consultations) have none.
    expect(rows.find((r) => r.name === 'Поверхностные пилинги')).toMatchObject({ kind: 'subtitle', edit: undefined });
    expect(rows.find((r) => r.name === 'Консультация врача-косметолога')).toMatchObject({ kind: 'item', edit: undefined });
    // Every row the demo names a node for has its link: as many links as such rows.
    const withNid = (list: unknown): number =>
      (Array.isArray(list) ? list : Object.values((list ?? {}) as object)).reduce(
        (n: number, r: { nid?: unknown; childs?: unknown; field_price_item?: string }) =>
          n + (Number(r.nid) > 0 && r.field_price_item ? 1 : 0) + withNid(r.childs),
        0,
      );
    expect(rows.filter((r) => r.edit !== undefined)).toHaveLength(
      Object.values(source.data).reduce((n, group) => n + withNid(group.data), 0),
    );

    const visitor = await page('/price.html');
    expect(visitor.html).not.toContain('/edit"');
    expect(visitor.html).not.toContain('edit-link');
  });
});
