import { describe, expect, it } from 'vitest';
import { BreadcrumbSchema } from '../../worker/drupal/schemas/breadcrumb';
import { CollectionDocumentSchema } from '../../worker/drupal/schemas/jsonapi';
import { flag, numeric, optionalNumeric, optionalText, phpMap } from '../../worker/drupal/schemas/lenient';
import { MenuSchema, ServicesMenuSchema } from '../../worker/drupal/schemas/menu';
import { MetatagSchema } from '../../worker/drupal/schemas/metatag';
import { RedirectLookupSchema } from '../../worker/drupal/schemas/redirect';
import { SearchResultsSchema } from '../../worker/drupal/schemas/search';
import { TranslatePathSchema } from '../../worker/drupal/schemas/translate-path';
import { z } from 'zod';

// Each leniency of docs/drupal.md, Rule 2, with the odd shape Drupal really sends.
describe('lenient primitives', () => {
  it('reads numbers sent as strings', () => {
    expect(numeric.parse('251')).toBe(251);
    expect(numeric.parse(251)).toBe(251);
    expect(() => numeric.parse('двести')).toThrow();
  });

  it('treats missing, null and "" as absent', () => {
    expect(optionalText.parse(undefined)).toBeUndefined();
    expect(optionalText.parse(null)).toBeUndefined();
    expect(optionalText.parse('')).toBeUndefined();
    expect(optionalText.parse('Врач')).toBe('Врач');
    expect(optionalNumeric.parse('')).toBeUndefined();
    expect(optionalNumeric.parse('4500')).toBe(4500);
  });

  it('reads PHP booleans', () => {
    expect([true, 1, '1', 'true'].map((v) => flag.parse(v))).toEqual([true, true, true, true]);
    expect([false, 0, '0', '', null, undefined].map((v) => flag.parse(v))).toEqual([false, false, false, false, false, false]);
  });

  it("takes PHP's empty array [] for an empty map", () => {
    const map = phpMap(z.object({ title: z.string() }));
    expect(map.parse([])).toEqual([]);
    expect(map.parse({ a: { title: 'А' }, b: { title: 'Б' } })).toEqual([{ title: 'А' }, { title: 'Б' }]);
  });
});

describe('decoupled_router and redirect lookups', () => {
  it('reads string ids and string redirect statuses', () => {
    const doc = TranslatePathSchema.parse({
      resolved: 'https://cms/x',
      entity: { type: 'node', bundle: 'news', id: '42', uuid: 'u-1' },
      redirect: [{ from: '/old', to: '/x', status: '302' }],
    });
    expect(doc.entity?.id).toBe(42);
    expect(doc.redirect?.[0]?.status).toBe(302);
  });

  it('reads "no redirect" as [] and a found one in modes final and full', () => {
    expect(RedirectLookupSchema.parse([])).toBeNull();
    expect(RedirectLookupSchema.parse({ path: '/a', mode: 'final', data: { from: '/a', to: '/b', status: '301' } })).toEqual({
      from: '/a',
      to: '/b',
      status: 301,
    });
    expect(
      RedirectLookupSchema.parse({
        data: [
          { from: '/a', to: '/b', status: '301' },
          { from: '/b', to: '/c', status: '302' },
        ],
      }),
    ).toEqual({ from: '/b', to: '/c', status: 302 });
  });
});

describe('menus', () => {
  it('nests #items whose empty "below" is []', () => {
    const items = MenuSchema.parse({
      data: {
        '#items': {
          'menu_link_content:1': {
            title: 'Услуги',
            url: '/services.html',
            below: { 'x:2': { title: 'Пилинги', url: '/p.html', below: [] } },
          },
          'x:3': { title: 'Контакты', url: '/contacts.html', below: [] },
        },
      },
    });
    expect(items).toEqual([
      { title: 'Услуги', url: '/services.html', children: [{ title: 'Пилинги', url: '/p.html', children: [] }] },
      { title: 'Контакты', url: '/contacts.html', children: [] },
    ]);
    expect(MenuSchema.parse({ data: { '#items': [] } })).toEqual([]);
  });

  it('nests the flat services list by depth (depth as string)', () => {
    const tree = ServicesMenuSchema.parse({
      data: [
        { title: 'Косметология', url: '/k.html', depth: '0' },
        { title: 'Пилинги', url: '/k/p.html', depth: '1' },
        { title: 'Химический', url: '/k/p/h.html', depth: 2 },
        { title: 'Лазер', url: '/l.html', depth: 0 },
      ],
    });
    expect(tree.map((t) => t.title)).toEqual(['Косметология', 'Лазер']);
    expect(tree[0]?.children[0]?.children[0]?.title).toBe('Химический');
  });
});

describe('metatags', () => {
  it('reads #attached.html_head and takes the title from the title tag', () => {
    const head = MetatagSchema.parse({
      '#attached': {
        html_head: [
          [{ '#tag': 'meta', '#attributes': { name: 'title', content: 'Пилинги | Клиника' } }, 'title'],
          [{ '#tag': 'meta', '#attributes': { name: 'description', content: 'Описание' } }, 'description'],
          [{ '#tag': 'link', '#attributes': { rel: 'canonical', href: 'https://x/p' } }, 'canonical_url'],
        ],
      },
    });
    expect(head.title).toBe('Пилинги | Клиника');
    expect(head.tags).toEqual([
      { tag: 'meta', attributes: { name: 'description', content: 'Описание' } },
      { tag: 'link', attributes: { rel: 'canonical', href: 'https://x/p' } },
    ]);
  });

  it('lets into <head> only tags that describe the page', () => {
    const head = MetatagSchema.parse({
      '#attached': {
        html_head: [
          [{ '#tag': 'meta', '#attributes': { 'http-equiv': 'refresh', content: '0;url=https://evil.example/' } }, 'refresh'],
          [{ '#tag': 'meta', '#attributes': { name: 'description', content: 'Описание', onload: 'alert(1)' } }, 'description'],
          [{ '#tag': 'meta', '#attributes': { property: 'og:title', content: 'Пилинги' } }, 'og_title'],
          [{ '#tag': 'link', '#attributes': { rel: 'stylesheet', href: 'https://evil.example/x.css' } }, 'css'],
          [{ '#tag': 'link', '#attributes': { rel: 'canonical', href: 'javascript:alert(1)' } }, 'canonical_url'],
          [{ '#tag': 'link', '#attributes': { rel: 'alternate', href: '/en/p', hreflang: 'en' } }, 'alternate'],
          [{ '#tag': 'script', '#attributes': { src: 'https://evil.example/x.js' } }, 'script'],
        ],
      },
    });
    expect(head.tags).toEqual([
      { tag: 'meta', attributes: { name: 'description', content: 'Описание' } },
      { tag: 'meta', attributes: { property: 'og:title', content: 'Пилинги' } },
      { tag: 'link', attributes: { rel: 'alternate', href: '/en/p', hreflang: 'en' } },
    ]);
  });

  it('reads {data: {title, metas}} and the empty answers', () => {
    expect(MetatagSchema.parse({ data: { title: 'Т', metas: [{ name: 'description', content: 'О' }] } })).toEqual({
      title: 'Т',
      tags: [{ tag: 'meta', attributes: { name: 'description', content: 'О' } }],
    });
    expect(MetatagSchema.parse([])).toEqual({ tags: [] });
    expect(MetatagSchema.parse({})).toEqual({ tags: [] });
    expect(() => MetatagSchema.parse({ unexpected: 1 })).toThrow();
  });
});

describe('breadcrumbs, search, collections', () => {
  it('reads crumbs bare or under data, the last without a link', () => {
    const crumbs = [
      { title: 'Главная', link: '/' },
      { title: 'Новости', link: '/news.html' },
      { title: 'Статья', link: '' },
    ];
    const expected = [
      { title: 'Главная', link: '/' },
      { title: 'Новости', link: '/news.html' },
      { title: 'Статья', link: undefined },
    ];
    expect(BreadcrumbSchema.parse(crumbs)).toEqual(expected);
    expect(BreadcrumbSchema.parse({ data: crumbs })).toEqual(expected);
    expect(BreadcrumbSchema.parse([])).toEqual([]);
  });

  it('reads a search row whose field_service is a rendered link', () => {
    const [row] = SearchResultsSchema.parse([
      {
        id: '5',
        title: 'Пилинг',
        field_service: '<a href="/services/p.html" hreflang="ru">Пилинги</a>',
        view_taxonomy_term: '',
        view_node: '/p.html',
      },
    ]);
    expect(row).toEqual({ title: 'Пилинг', url: '/p.html', service: { title: 'Пилинги', url: '/services/p.html' } });
  });

  it('reads a collection without meta.count, and with a count sent as a string', () => {
    expect(CollectionDocumentSchema.parse({ data: [], links: { self: { href: 'x' } } }).meta).toBeUndefined();
    expect(CollectionDocumentSchema.parse({ data: [], meta: { count: '61' } }).meta?.count).toBe(61);
  });
});
