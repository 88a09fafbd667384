/**
 * The stock model's readers on the answers a real Drupal gave, recorded on both stacks by the real-Drupal project
 * (test/fixtures/real-drupal/, provisioned by test/real-drupal/provision-stock.php): the same reading wherever PHP
 * is absent and the real-Drupal suite is skipped.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stockPriceCalls } from '../../../worker/drupal/stock/price';
import { stockRedirectCalls } from '../../../worker/drupal/stock/redirects';
import { fakeDrupal } from './stock-harness';

const recorded = (stack: string, name: string): { body: unknown } =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../fixtures/real-drupal/${stack}/${name}.json`, import.meta.url)), 'utf8'));

describe.each(['10.2', '10.3'])('the stock model as Drupal %s answered it', (stack) => {
  const drupal = () =>
    fakeDrupal((url) =>
      url.pathname === '/jsonapi/node/price'
        ? { status: 200, body: recorded(stack, 'jsonapi-price-list').body }
        : url.pathname === '/rest/redirects'
          ? { status: 200, body: recorded(stack, 'rest-redirects').body }
          : { status: 404 },
    );

  it('reads the price list in its groups, by term weight, with codes, sums, a special price and a subtitle', async () => {
    const { context, api } = drupal();
    const groups = await stockPriceCalls(context, api).priceList('/price.html');
    expect(groups.map((group) => group.title)).toEqual(['Лазерная медицина', 'Косметология', 'Массаж']);
    const laser = groups[0]!.rows;
    expect(laser.map((row) => [row.kind, row.code, row.name, row.sum, row.special])).toEqual([
      ['title', undefined, 'Лазерная эпиляция', undefined, undefined],
      ['item', 'LE-01', 'Голени', 4000, undefined],
      ['item', 'LE-02', 'Подмышки', 2500, 2000],
      ['item', 'LE-03', 'Верхняя губа', 1500, undefined],
      ['subtitle', undefined, 'Для мужчин', undefined, undefined],
      ['item', 'LE-04', 'Спина', 6000, undefined],
    ]);
    expect(laser[1]?.url).toBe('/services/lazernaya-epilyaciya.html');
  });

  it("gives a service's page only the rows that name it", async () => {
    const { context, api } = drupal();
    const face = await stockPriceCalls(context, api).priceList('/services/lazernaya-epilyaciya/lico.html');
    expect(face.flatMap((group) => group.rows.map((row) => row.name))).toEqual(['Верхняя губа']);
  });

  it('finds a redirect to an entity, to a listing and a temporary one in the view', async () => {
    const { context } = drupal();
    const redirects = stockRedirectCalls(context);
    expect(await redirects.redirect('/old-services.html')).toEqual({ from: '/old-services.html', to: '/services.html', status: 301 });
    expect(await redirects.redirect('/old-news.html')).toEqual({ from: '/old-news.html', to: '/news.html', status: 301 });
    expect(await redirects.redirect('/old-price.html')).toMatchObject({ to: '/price.html', status: 302 });
    expect(await redirects.redirect('/news.html')).toBeNull();
  });
});
