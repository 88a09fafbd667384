/**
 * The site's menus against a fake fetch: jsonapi_menu_items (worker/drupal/menu-items.ts, docs/drupal.md §5c) on the
 * menus a real Drupal 10.2 and 10.3 answered (test/fixtures/real-drupal/menu-items-*.json), the clinic's own
 * blocks_for_page menus (worker/drupal/clinic/rest.ts, docs/drupal.md §8) in the shapes §8 gives, and which of the two
 * the frame asks (worker/drupal/frame-menus.ts, docs/drupal.md "Where the frame comes from").
 */
import { describe, expect, it } from 'vitest';
import { restCalls } from '../../../worker/drupal/clinic/rest';
import { DEFAULT_MENU_NAMES, frameMenus } from '../../../worker/drupal/frame-menus';
import { menuItemsCalls } from '../../../worker/drupal/menu-items';
import { CLINIC_MODULES, STOCK_MODULES, type DrupalModules } from '../../../worker/drupal/modules';
import type { MenuItem } from '../../../worker/drupal/types';
import { byPath, fakeDrupal, originError, readable, recorded, recordedUrl, type Answer, type Sent, type Stack } from './fake-drupal';

function menus(answer: (sent: Sent) => Answer) {
  const drupal = fakeDrupal(answer);
  return { ...drupal, items: menuItemsCalls(drupal.context), rest: restCalls(drupal.context) };
}

/** Titles as a nested list: a title, or [title, children]. */
type Outline = (string | [string, Outline])[];
const outline = (items: readonly MenuItem[]): Outline =>
  items.map((item) => (item.children.length ? [item.title, outline(item.children)] : item.title));

/** A recorded menu with its items changed by `change`. */
function changed(stack: Stack, name: string, change: (items: { id: string; attributes: Record<string, unknown> }[]) => void): Answer {
  const recording = recorded(stack, name);
  const body = structuredClone(recording.body) as { data: { id: string; attributes: Record<string, unknown> }[] };
  change(body.data);
  return { ...recording, body };
}

describe.each<Stack>(['10.2', '10.3'])('jsonapi_menu_items as Drupal %s answered it', (stack) => {
  it('asks for the whole menu, never filter[parent], and nests its flat items by parent', async () => {
    const { items, sent, loaded } = menus(() => recorded(stack, 'menu-items-main'));
    const main = await items.menuItems('main');
    expect(sent[0]?.method).toBe('GET');
    expect(readable(sent[0]!.url)).toBe(readable(recordedUrl(recorded(stack, 'menu-items-main'))));
    // Drupal 10.2's page cache may answer a filtered request with the whole tree (docs/drupal.md §5c).
    expect(sent[0]?.url.search).toBe('');
    expect(outline(main)).toEqual([
      // Core's front page link, named as the site names it.
      'Главная',
      'О клинике',
      ['Услуги', [['Лазерная эпиляция', ['Лазерная эпиляция лица', 'Лазерная эпиляция ног']], 'Химический пилинг', 'Чистка лица']],
      'Врачи',
      'Акции',
      'Цены',
      'Контакты',
    ]);
    expect(main[2]?.url).toBe('/services.html');
    expect(loaded.get(sent[0]!.url.href)?.tags).toEqual(['menu:main']);
  });

  it("leaves out core's contact form page, which is no page of the site", async () => {
    const { items } = menus(() => recorded(stack, 'menu-items-footer'));
    const footer = await items.menuItems('footer');
    expect(footer.map((item) => item.url)).not.toContain('/contact');
    expect(footer).toHaveLength(7);
  });

  it('leaves out a disabled item with everything under it, and an item in a shape it does not know, not the menu', async () => {
    const answer = changed(stack, 'menu-items-main', (data) => {
      data.find((item) => item.attributes.title === 'Услуги')!.attributes.enabled = false;
      data.find((item) => item.attributes.title === 'Врачи')!.attributes = 'not an object' as never;
    });
    const { items } = menus(() => answer);
    expect(outline(await items.menuItems('main'))).toEqual(['Главная', 'О клинике', 'Акции', 'Цены', 'Контакты']);
  });

  it('makes an unsafe link a dead one, keeping its title', async () => {
    const answer = changed(stack, 'menu-items-footer', (data) => {
      data.find((item) => item.attributes.title === 'Новости')!.attributes.url = 'javascript:alert(1)';
    });
    const { items } = menus(() => answer);
    expect((await items.menuItems('footer'))[0]).toEqual({ title: 'Новости', url: '#', children: [] });
  });
});

describe('jsonapi_menu_items: answers no stack recorded', () => {
  it("puts a menu's machine name in the path as one segment", async () => {
    const { items, sent } = menus(() => ({ status: 200, body: { data: [] } }));
    await items.menuItems('меню/услуги');
    expect(sent[0]?.url.pathname).toBe(`/jsonapi/menu_items/${encodeURIComponent('меню/услуги')}`);
  });

  it.each([404, 403])('caches a %i (no such menu, or no module) as a negative empty menu', async (status) => {
    const error = { errors: [{ title: 'Not Found', status: String(status), detail: 'The menu does not exist.' }] };
    const { items, sent, loaded } = menus(() => ({ status, body: error, contentType: 'application/vnd.api+json' }));
    expect(await items.menuItems('services')).toEqual([]);
    expect(loaded.get(sent[0]!.url.href)).toMatchObject({ value: [], negative: true });
  });

  it('refuses a 5xx and an answer without `data`, caching neither as an empty menu', async () => {
    const down = menus(() => ({ status: 500, body: 'The website encountered an unexpected error.', contentType: 'text/plain' }));
    expect((await originError(down.items.menuItems('main'))).status).toBe(500);
    const odd = menus(() => ({ status: 200, body: { jsonapi: { version: '1.0' } } }));
    const error = await originError(odd.items.menuItems('main'));
    expect([error.status, error.unhealthy]).toEqual([200, false]);
    expect([down.loaded.size, odd.loaded.size]).toEqual([0, 0]);
  });
});

describe("the clinic's blocks_for_page menus (docs/drupal.md §8)", () => {
  it('asks /blocks_for_page/menu/{name} and reads the `#items` tree with its `below`, `[]` where there are none', async () => {
    const { rest, sent, loaded } = menus(() => ({
      status: 200,
      body: {
        data: {
          '#items': {
            'menu_link_content:1': {
              title: 'Услуги',
              url: '/services.html',
              below: { 'menu_link_content:2': { title: 'Чистка лица', url: '/services/chistka-lica.html', below: [] } },
            },
            'menu_link_content:3': { title: 'Врачи', url: '/doctors.html', below: [] },
            'menu_link_content:4': { title: '', url: '/untitled.html', below: [] },
            'menu_link_content:5': { title: 'Опасная', url: 'javascript:alert(1)', below: [] },
          },
        },
      },
    }));
    expect(await rest.menu('main')).toEqual([
      { title: 'Услуги', url: '/services.html', children: [{ title: 'Чистка лица', url: '/services/chistka-lica.html', children: [] }] },
      { title: 'Врачи', url: '/doctors.html', children: [] },
      { title: 'Опасная', url: '#', children: [] },
    ]);
    expect(sent[0]?.url.pathname).toBe('/blocks_for_page/menu/main');
    expect(loaded.get(sent[0]!.url.href)?.tags).toEqual(['menu:main']);
  });

  it('reads an empty menu, `{"data": []}` or `[]`, and a 404, as no items', async () => {
    const empty = menus(() => ({ status: 200, body: { data: [] } }));
    expect(await empty.rest.menu('footer')).toEqual([]);
    expect(empty.sent[0]?.url.pathname).toBe('/blocks_for_page/menu/footer');
    expect(empty.loaded.get(empty.sent[0]!.url.href)?.tags).toEqual(['menu:footer']);
    expect(await menus(() => ({ status: 200, body: [] })).rest.menu('footer')).toEqual([]);
    const missing = menus(() => ({ status: 404, body: '<!DOCTYPE html><title>Page not found</title>' }));
    expect(await missing.rest.menu('footer')).toEqual([]);
    expect(missing.loaded.get(missing.sent[0]!.url.href)?.negative).toBe(true);
  });

  it('asks the services menu at its special link and nests its flat rows by depth, a depth as a string too', async () => {
    const { rest, sent, loaded } = menus(() => ({
      status: 200,
      body: {
        data: [
          { title: 'Лазерная эпиляция', url: '/services/lazernaya-epilyaciya.html', depth: 0 },
          { title: 'Лазерная эпиляция лица', url: '/services/lazernaya-epilyaciya/lico.html', depth: '1' },
          { title: 'Химический пилинг', url: '/services/piling.html', depth: 0 },
        ],
      },
    }));
    expect(outline(await rest.servicesMenu())).toEqual([['Лазерная эпиляция', ['Лазерная эпиляция лица']], 'Химический пилинг']);
    expect(sent[0]?.url.pathname).toBe('/blocks_for_page/special_links/services.html');
    expect(loaded.get(sent[0]!.url.href)?.tags).toEqual(['menu:services', 'node_list:services']);
  });
});

describe('which menus the frame asks (docs/drupal.md, "Where the frame comes from")', () => {
  const fixed = (found: DrupalModules) => ({ modules: async () => found, knownModules: () => found, everProbed: async () => true });
  const names = { main: 'clinic-main', footer: 'clinic-footer', services: 'clinic-services' };

  it("asks the clinic's module where Drupal has blocks_for_page", async () => {
    const { items, rest, sent } = menus(() => ({ status: 200, body: { data: [] } }));
    const frame = frameMenus(fixed(CLINIC_MODULES), rest, items, DEFAULT_MENU_NAMES);
    await frame.menu('footer');
    await frame.servicesMenu();
    expect(sent.map((one) => one.url.pathname)).toEqual(['/blocks_for_page/menu/footer', '/blocks_for_page/special_links/services.html']);
  });

  it("asks jsonapi_menu_items for the configured menus otherwise, and takes the main menu's services subtree when the services menu is empty", async () => {
    const { items, rest, sent } = menus(
      byPath({
        '/jsonapi/menu_items/clinic-main': recorded('10.3', 'menu-items-main'),
        '/jsonapi/menu_items/clinic-services': { status: 200, body: { data: [] } },
      }),
    );
    const frame = frameMenus(fixed(STOCK_MODULES), rest, items, names);
    expect(await frame.menu('main')).toHaveLength(7);
    expect(outline(await frame.servicesMenu())).toEqual([
      ['Лазерная эпиляция', ['Лазерная эпиляция лица', 'Лазерная эпиляция ног']],
      'Химический пилинг',
      'Чистка лица',
    ]);
    expect(sent.map((one) => one.url.pathname).sort()).toEqual(['/jsonapi/menu_items/clinic-main', '/jsonapi/menu_items/clinic-services']);
  });

  it('takes the services menu itself when Drupal has it with items', async () => {
    const { items, rest } = menus(
      byPath({
        '/jsonapi/menu_items/clinic-main': recorded('10.3', 'menu-items-main'),
        '/jsonapi/menu_items/clinic-services': recorded('10.3', 'menu-items-services'),
      }),
    );
    const frame = frameMenus(fixed(STOCK_MODULES), rest, items, names);
    expect((await frame.servicesMenu()).map((item) => item.title)).toContain('Массаж лица');
  });
});
