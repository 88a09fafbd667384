import { describe, expect, it } from 'vitest';
import { childrenFromMenu, nextFromMenu, sectionFromMenu } from '../../../worker/drupal/stock/services-menu';
import type { MenuItem } from '../../../worker/drupal/types';

const item = (title: string, url: string, children: MenuItem[] = []): MenuItem => ({ title, url, children });

/** A services menu as the frame has it: sections, their services, a service's kinds. */
const MENU: MenuItem[] = [
  item('Косметология', '/services/kosmetologiya.html', [
    item('Чистка лица', '/services/chistka.html', [item('Ультразвуковая чистка', '/services/chistka/uzi.html')]),
    item('Пилинги', '/services/piling.html/'),
    item('Уход', '#'),
    item('Массаж', '/services/massazh.html'),
  ]),
  item('Лазерная медицина', '/services/%D0%BB%D0%B0%D0%B7%D0%B5%D1%80.html', [item('Эпиляция', '/services/epil.html')]),
  item('Консультации', '/services/konsultacii.html'),
];

const row = (title: string, url?: string) => ({ title, ...(url && { url }), images: [], fullImages: [], hidden: false, feedbacks: [] });

describe('a service\'s lists from the services menu (docs/drupal.md, "The stock model")', () => {
  it('gives the items under the page as its child services', () => {
    expect(childrenFromMenu(MENU, '/services/chistka.html')).toEqual([row('Ультразвуковая чистка', '/services/chistka/uzi.html')]);
    expect(childrenFromMenu(MENU, '/services/kosmetologiya.html').map((r) => r.title)).toEqual([
      'Чистка лица',
      'Пилинги',
      'Уход',
      'Массаж',
    ]);
    // A dead link is a row without an address.
    expect(childrenFromMenu(MENU, '/services/kosmetologiya.html')[2]).toEqual(row('Уход'));
    expect(childrenFromMenu(MENU, '/services/massazh.html')).toEqual([]);
    expect(childrenFromMenu(MENU, '/doctors/ivanova.html')).toEqual([]);
  });

  it('compares paths as Drupal does: a trailing slash, letter case and percent-encoding do not matter', () => {
    expect(sectionFromMenu(MENU, '/Services/Piling.html')).toMatchObject({ title: 'Косметология' });
    expect(childrenFromMenu(MENU, '/services/лазер.html')).toEqual([row('Эпиляция', '/services/epil.html')]);
    expect(childrenFromMenu(MENU, '/services/chistka.html/')).toHaveLength(1);
  });

  it("gives the page's siblings and its parent as the section", () => {
    expect(sectionFromMenu(MENU, '/services/piling.html')).toEqual({
      items: [row('Чистка лица', '/services/chistka.html'), row('Уход'), row('Массаж', '/services/massazh.html')],
      title: 'Косметология',
      url: '/services/kosmetologiya.html',
    });
    expect(sectionFromMenu(MENU, '/services/chistka/uzi.html')).toEqual({ items: [], title: 'Чистка лица', url: '/services/chistka.html' });
  });

  it('gives a top-level item the other top-level items and no section, and a page the menu lacks nothing', () => {
    expect(sectionFromMenu(MENU, '/services/konsultacii.html')).toEqual({
      items: [
        row('Косметология', '/services/kosmetologiya.html'),
        row('Лазерная медицина', '/services/%D0%BB%D0%B0%D0%B7%D0%B5%D1%80.html'),
      ],
    });
    expect(sectionFromMenu(MENU, '/news.html')).toEqual({ items: [] });
  });

  it('gives the next siblings after the page, from the first again after the last, without dead links', () => {
    expect(nextFromMenu(MENU, '/services/chistka.html')).toEqual([
      { title: 'Пилинги', url: '/services/piling.html/' },
      { title: 'Массаж', url: '/services/massazh.html' },
    ]);
    expect(nextFromMenu(MENU, '/services/massazh.html', 2).map((link) => link.title)).toEqual(['Чистка лица', 'Пилинги']);
    expect(nextFromMenu(MENU, '/services/konsultacii.html').map((link) => link.title)).toEqual(['Косметология', 'Лазерная медицина']);
    // An only child has no next, nor has a page the menu lacks.
    expect(nextFromMenu(MENU, '/services/epil.html')).toEqual([]);
    expect(nextFromMenu(MENU, '/news.html')).toEqual([]);
  });
});
