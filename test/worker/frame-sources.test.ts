/**
 * The frame of a Drupal without the clinic's modules (docs/drupal.md "Where the frame comes from"): menus from
 * jsonapi_menu_items' real answers recorded on both stacks (test/fixtures/real-drupal/), the breadcrumb the site computes,
 * the head from a node's metatag field, and the demo origin's menu_items in the real answers' shape.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MenuItemsSchema } from '../../worker/drupal/schemas/menu-items';
import { NodeMetatagSchema } from '../../worker/drupal/schemas/metatag';
import { servicesSubtree } from '../../worker/drupal/menu-items';
import { computedBreadcrumb } from '../../worker/frame/computed-breadcrumb';
import { headOnSite } from '../../worker/frame/head-on-site';
import { LISTINGS } from '../../worker/bundles/listings';
import type { MenuItem } from '../../worker/drupal/types';
import { answerOf, sameShape, type Answer } from '../real-drupal/shape';
import { demoUrl, freshStart } from './helpers';
import main102 from '../fixtures/real-drupal/10.2/menu-items-main.json';
import mainParent102 from '../fixtures/real-drupal/10.2/menu-items-main-parent.json';
import footer102 from '../fixtures/real-drupal/10.2/menu-items-footer.json';
import services102 from '../fixtures/real-drupal/10.2/menu-items-services.json';
import main103 from '../fixtures/real-drupal/10.3/menu-items-main.json';
import mainParent103 from '../fixtures/real-drupal/10.3/menu-items-main-parent.json';
import footer103 from '../fixtures/real-drupal/10.3/menu-items-footer.json';
import services103 from '../fixtures/real-drupal/10.3/menu-items-services.json';
import nodeMetatag from '../fixtures/real-drupal/10.3/jsonapi-node-metatag.json';

const STACKS = [
  { stack: '10.2', main: main102, mainParent: mainParent102, footer: footer102, services: services102 },
  { stack: '10.3', main: main103, mainParent: mainParent103, footer: footer103, services: services103 },
];
const LASER = ['Лазерная эпиляция', ['Лазерная эпиляция лица', 'Лазерная эпиляция ног']];
const MAIN_SERVICES = [LASER, 'Химический пилинг', 'Чистка лица'];

const titles = (items: MenuItem[]): unknown[] => items.map((i) => (i.children.length ? [i.title, titles(i.children)] : i.title));

describe.each(STACKS)('jsonapi_menu_items answers as menus, on $stack', ({ main, mainParent, footer, services }) => {
  it('nests the flat tree-ordered list by parent ids', () => {
    const tree = MenuItemsSchema.parse(main.body);
    // Core's «Home» link keeps its place under the site's Russian name; core's contact form page is no page of the site.
    expect(titles(tree)).toEqual(['Главная', 'О клинике', ['Услуги', MAIN_SERVICES], 'Врачи', 'Акции', 'Цены', 'Контакты']);
    expect(tree[0]?.url).toBe('/');
    expect(tree[2]?.url).toBe('/services.html');
    expect(titles(MenuItemsSchema.parse(footer.body))).toEqual([
      'Новости',
      'Статьи',
      'Отзывы',
      'Фото до и после',
      'Лицензии',
      'О клинике',
      'Контакты',
    ]);
    expect(titles(MenuItemsSchema.parse(services.body))).toEqual([LASER, 'Химический пилинг', 'Чистка лица', 'Массаж лица']);
  });

  it("is right about the services subtree whatever a filter[parent] answer holds (10.2's page cache answers the whole menu)", () => {
    const answered = titles(MenuItemsSchema.parse(mainParent.body));
    // The filtered answer is a subtree on 10.3 and the whole tree on 10.2; the site never asks it: it finds the subtree itself.
    expect(answered).toEqual(mainParent === mainParent102 ? titles(MenuItemsSchema.parse(main.body)) : MAIN_SERVICES);
    expect(titles(servicesSubtree(MenuItemsSchema.parse(main.body)))).toEqual(MAIN_SERVICES);
  });
});

describe('the services subtree', () => {
  it('finds the services subtree in the whole main menu, by URL or else by title', () => {
    const byTitle: MenuItem[] = [{ title: 'Услуги', url: '/uslugi', children: [{ title: 'Пилинг', url: '/p', children: [] }] }];
    expect(titles(servicesSubtree(byTitle))).toEqual(['Пилинг']);
    expect(servicesSubtree([{ title: 'Врачи', url: '/doctors.html', children: [] }])).toEqual([]);
  });

  it('leaves out a disabled or untitled item with its subtree, and an unsafe URL as a dead link', () => {
    const row = (id: string, title: string | null, parent: string, extra: object = {}) => ({
      type: 'menu_link_content--menu_link_content',
      id,
      attributes: { title, url: `/${id}`, parent, enabled: true, ...extra },
    });
    const tree = MenuItemsSchema.parse({
      data: [
        row('a', 'Скрытый', '', { enabled: false }),
        row('a1', 'Под скрытым', 'a'),
        row('b', null, ''),
        row('b1', 'Под пустым', 'b'),
        row('c', 'Опасный', '', { url: 'javascript:alert(1)' }),
        row('d', 'Строкой', '', { enabled: '1', weight: '2' }),
        { type: 'menu_link_content--menu_link_content', attributes: 'странный' },
      ],
    });
    expect(tree).toEqual([
      { title: 'Опасный', url: '#', children: [] },
      { title: 'Строкой', url: '/d', children: [] },
    ]);
    expect(MenuItemsSchema.parse({ data: [] })).toEqual([]);
  });
});

describe('the breadcrumb the site computes', () => {
  const mainMenu: MenuItem[] = [
    { title: 'О клинике', url: '/o-klinike.html', children: [{ title: 'Лицензии', url: '/licenzii.html', children: [] }] },
    { title: 'Услуги', url: '/services.html', children: [] },
    { title: 'Врачи', url: '/doctors.html', children: [] },
  ];
  const servicesMenu: MenuItem[] = [
    {
      title: 'Косметология',
      url: '/services/kosmetologiya.html',
      children: [{ title: 'Пилинг', url: '/services/piling.html', children: [] }],
    },
  ];
  const menus = { main: mainMenu, services: servicesMenu };

  it('follows the main menu: ancestors linked, the title last without a link', () => {
    expect(computedBreadcrumb({ path: '/licenzii.html', title: 'Лицензии и документы', bundle: 'page' }, menus, LISTINGS)).toEqual([
      { title: 'Главная', link: '/' },
      { title: 'О клинике', link: '/o-klinike.html' },
      { title: 'Лицензии и документы' },
    ]);
  });

  it('follows the services menu under the main menu’s services item', () => {
    expect(computedBreadcrumb({ path: '/services/piling.html', title: 'Химический пилинг', bundle: 'services' }, menus, LISTINGS)).toEqual([
      { title: 'Главная', link: '/' },
      { title: 'Услуги', link: '/services.html' },
      { title: 'Косметология', link: '/services/kosmetologiya.html' },
      { title: 'Химический пилинг' },
    ]);
  });

  it("puts a node no menu holds under its bundle's listing", () => {
    expect(computedBreadcrumb({ path: '/doctors/ivanova.html', title: 'Иванова Елена', bundle: 'doctors' }, menus, LISTINGS)).toEqual([
      { title: 'Главная', link: '/' },
      { title: 'Врачи', link: '/doctors.html' },
      { title: 'Иванова Елена' },
    ]);
  });

  it('names a page without a node by its menu item; the home page and an unknown page have none', () => {
    expect(computedBreadcrumb({ path: '/doctors.html' }, menus, LISTINGS)).toEqual([{ title: 'Главная', link: '/' }, { title: 'Врачи' }]);
    expect(computedBreadcrumb({ path: '/', title: 'Главная', bundle: 'page' }, menus, LISTINGS)).toEqual([]);
    expect(computedBreadcrumb({ path: '/search' }, menus, LISTINGS)).toEqual([]);
    expect(computedBreadcrumb({ path: '/x.html', title: 'Страница', bundle: 'page' }, { main: [], services: [] }, LISTINGS)).toEqual([
      { title: 'Главная', link: '/' },
      { title: 'Страница' },
    ]);
  });
});

describe("the head from a node's metatag field", () => {
  it('keeps description and canonical, moved to the site’s host', () => {
    const head = NodeMetatagSchema.parse(nodeMetatag.body.data.attributes.metatag);
    expect(head?.title).toBe('Химический пилинг | Клиника');
    const onSite = headOnSite(head!, 'https://clinic.example', 'http://drupal.test');
    expect(onSite.tags).toEqual(
      expect.arrayContaining([
        { tag: 'meta', attributes: { name: 'description', content: 'Пилинг лица & шеи. Обновляет кожу.' } },
        { tag: 'link', attributes: { rel: 'canonical', href: 'https://clinic.example/services/piling.html' } },
        { tag: 'meta', attributes: { property: 'og:url', content: 'https://clinic.example/services/piling.html' } },
        { tag: 'meta', attributes: { property: 'og:image', content: 'https://clinic.example/sites/default/files/services/piling.png' } },
      ]),
    );
    expect(JSON.stringify(onSite.tags)).not.toContain('drupal.test');
  });

  it('filters as every head is filtered: no refresh, no script, no stylesheet; Open Graph images moved off Drupal', () => {
    const head = NodeMetatagSchema.parse([
      { tag: 'meta', attributes: { 'http-equiv': 'refresh', content: '0;url=https://evil.example' } },
      { tag: 'script', attributes: { src: 'https://evil.example/x.js' } },
      { tag: 'link', attributes: { rel: 'stylesheet', href: '/x.css' } },
      { tag: 'link', attributes: { rel: 'canonical', href: 'javascript:alert(1)' } },
      { tag: 'meta', attributes: { property: 'og:image', content: 'http://drupal.test/sites/default/files/a.jpg' } },
      { tag: 'meta', attributes: { name: 'robots', content: 'noindex, nofollow' } },
      'странный',
    ]);
    expect(headOnSite(head!, 'https://clinic.example', 'http://drupal.test').tags).toEqual([
      { tag: 'meta', attributes: { property: 'og:image', content: 'https://clinic.example/sites/default/files/a.jpg' } },
      { tag: 'meta', attributes: { name: 'robots', content: 'noindex, nofollow' } },
    ]);
  });

  it('is none where Drupal sends no field or another shape', () => {
    expect(NodeMetatagSchema.parse(undefined)).toBeUndefined();
    expect(NodeMetatagSchema.parse(null)).toBeUndefined();
    expect(NodeMetatagSchema.parse({ value: { description: 'x' } })).toBeUndefined();
  });
});

describe("the demo origin's jsonapi_menu_items", () => {
  // The demo as it starts: no fault or mode another file left behind.
  beforeEach(freshStart);
  const asked = async (path: string): Promise<Answer> => answerOf(await fetch(`${demoUrl}${path}`));
  /** Items of menu_link_content, as the demo's all are (core's front page and Contact links are other plugins). */
  const contentLinks = (fixture: Answer): Answer => {
    const body = fixture.body as { data: { attributes: { provider: string } }[] };
    return { ...fixture, body: { ...body, data: body.data.filter((item) => item.attributes.provider === 'menu_link_content') } } as Answer;
  };

  it('answers in the real module’s shape', async () => {
    for (const [fixture, path] of [
      [main103, '/jsonapi/menu_items/main'],
      [footer103, '/jsonapi/menu_items/footer'],
      [services103, '/jsonapi/menu_items/services'],
    ] as const) {
      const demo = await asked(path);
      // A route's parameters are the route's own: `{node: "9"}` for a node, PHP's empty `[]` for a listing's page.
      const options = { nullable: () => true, ignore: (_: string, key: string) => key === 'parameters' };
      expect(sameShape(contentLinks(fixture as Answer), demo, options), path).toEqual([]);
    }
  });

  it('answers filter[parent] with the subtree only', async () => {
    const whole = MenuItemsSchema.parse((await asked('/jsonapi/menu_items/services')).body);
    const first = ((await asked('/jsonapi/menu_items/services')).body as { data: { id: string }[] }).data[0]!.id;
    const sub = MenuItemsSchema.parse((await asked(`/jsonapi/menu_items/services?filter[parent]=${encodeURIComponent(first)}`)).body);
    expect(sub.length).toBeGreaterThan(0);
    expect(sub).toEqual(whole[0]?.children);
  });
});
