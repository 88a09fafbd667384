import { beforeEach, describe, expect, it } from 'vitest';
import { createKvCache } from '../../worker/cache/kv-cache';
import { readConfig } from '../../worker/config/config';
import { drupalContext } from '../../worker/drupal/context';
import { endpoints } from '../../worker/drupal/endpoints';
import { drupalClientFor, originBreaker } from '../../worker/drupal/from-config';
import { jsonapi } from '../../worker/drupal/jsonapi';
import type { PriceGroup, PriceRow } from '../../worker/drupal/schemas/price';
import { PAGES_AHEAD, stockPriceCalls } from '../../worker/drupal/stock/price';
import { stockRedirectCalls } from '../../worker/drupal/stock/redirects';
import { childrenFromMenu, nextFromMenu, sectionFromMenu } from '../../worker/drupal/stock/services-menu';
import { demo, freshStart, siteBindings } from './helpers';

beforeEach(freshStart);

/** The stock model's readers over the demo origin, through the configured KV cache, as the client would compose them. */
function stock() {
  const result = readConfig(siteBindings);
  if (!result.ok) throw new Error('test configuration is invalid');
  const { config } = result;
  const guard = { breaker: originBreaker(config), timeoutMs: config.origin.timeoutMs, retryMs: config.origin.retryMs };
  const pending: Promise<unknown>[] = [];
  const cache = createKvCache({ kv: config.kv, settings: config.cache, guard, waitUntil: (p) => pending.push(p) });
  const context = drupalContext(
    endpoints(config.drupalBaseUrl),
    cache,
    { timeoutMs: config.origin.timeoutMs, credentials: config.drupalCredentials },
    false,
  );
  return {
    price: stockPriceCalls(context, jsonapi(context)),
    redirects: stockRedirectCalls(context),
    clinic: drupalClientFor(config, { waitUntil: (p) => pending.push(p) }),
    settled: () => Promise.all(pending),
  };
}

const flat = (rows: readonly PriceRow[]): PriceRow[] => rows.flatMap((row) => [row, ...flat(row.children)]);

/** Each group's title and its rows as a patient reads them (a row's children in line after it). */
const readable = (groups: readonly PriceGroup[]) =>
  groups.map((group) => [group.title, flat(group.rows).map((row) => [row.kind, row.name, row.sum, row.special, row.url])]);

describe('the stock price list against the demo origin over HTTP', () => {
  it('reads the whole list, past the first page of 50, as the clinic module gives it', async () => {
    const { price, clinic, settled } = stock();
    const groups = await price.priceList('/price.html');
    expect(groups.map((group) => group.title)).toEqual([
      'Косметология',
      'Аппаратная косметология',
      'Инъекционная косметология',
      'Лазерная медицина',
      undefined,
    ]);
    expect(groups.flatMap((group) => group.rows).length).toBeGreaterThan(50);
    expect(readable(groups)).toEqual(readable(await clinic.priceList('/price.html')));
    await settled();
    // The first page and those asked ahead of it (the second page among them): one round, none asked twice.
    expect(await demo.count('/jsonapi/node/price')).toBe(1 + PAGES_AHEAD);
  });

  it("gives a service's page its rows from the same payload, without another call", async () => {
    const { price, settled } = stock();
    await price.priceList('/price.html');
    const smas = await price.priceList('/services/apparatnaya-kosmetologiya/smas-lifting.html');
    expect(smas.map((group) => group.title)).toEqual(['Аппаратная косметология']);
    expect(smas[0]?.rows.map((row) => row.name)).toEqual(expect.arrayContaining(['SMAS-лифтинг лица полностью', 'Живот']));
    expect(smas[0]?.rows.map((row) => row.name)).not.toContain('RF-лифтинг лица');
    await settled();
    expect(await demo.count('/jsonapi/node/price')).toBe(1 + PAGES_AHEAD);
  });

  it('reads the lean field layout (numbers as strings, empty fields left out) the same', async () => {
    const full = readable(await stock().price.priceList('/price.html'));
    await freshStart();
    await demo.schema('lean');
    expect(readable(await stock().price.priceList('/price.html'))).toEqual(full);
  });
});

describe('the stock redirects against the demo origin over HTTP', () => {
  it('finds redirects to listings, chains and other sites from one read of the export', async () => {
    const { redirects, settled } = stock();
    expect(await redirects.redirect('/old-price.html')).toEqual({ from: '/old-price.html', to: '/price.html', status: 301 });
    expect(await redirects.redirect('/Akciya-Mesyaca.html')).toMatchObject({ to: '/special/skidka-20-smas-lifting.html', status: 302 });
    expect(await redirects.redirect('/smas.html')).toMatchObject({
      to: '/services/apparatnaya-kosmetologiya/smas-lifting.html',
      status: 301,
    });
    expect(await redirects.redirect('/magazin.html')).toMatchObject({ to: 'https://shop.lavanda-clinic.example/' });
    expect(await redirects.redirect('/price.html')).toBeNull();
    await settled();
    expect(await demo.count('/rest/redirects')).toBe(1);
  });

  it("reads targets rendered as absolute URLs on Drupal's host as the site's paths", async () => {
    await demo.schema('lean');
    const { redirects } = stock();
    expect(await redirects.redirect('/old-price.html')).toMatchObject({ to: '/price.html' });
    expect(await redirects.redirect('/doctors/ivanova.html')).toMatchObject({ to: '/node/50' });
  });
});

describe("a service's lists from the demo's services menu", () => {
  it("match what the clinic's module gives for a service inside a section", async () => {
    const { clinic } = stock();
    const menu = await clinic.servicesMenu();
    const path = '/services/apparatnaya-kosmetologiya/smas-lifting.html';
    const titles = (rows: readonly { title: string; url?: string }[]) => rows.map((row) => [row.title, row.url]);
    const children = childrenFromMenu(menu, path);
    expect(children.length).toBeGreaterThan(0);
    expect(titles(children)).toEqual(titles(await clinic.serviceChildren(path)));
    const section = sectionFromMenu(menu, path);
    const clinicSection = await clinic.serviceSection(path);
    expect(titles(section.items)).toEqual(titles(clinicSection.items));
    expect([section.title, section.url]).toEqual([clinicSection.title, clinicSection.url]);
    expect(titles(nextFromMenu(menu, path))).toEqual(titles(await clinic.nextLinks(path)));
  });
});
