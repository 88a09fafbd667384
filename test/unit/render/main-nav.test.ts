import { describe, expect, it } from 'vitest';
import { withServices } from '../../../worker/components/MainNav';
import type { MenuItem } from '../../../worker/drupal/types';

const item = (title: string, url: string, children: MenuItem[] = []): MenuItem => ({ title, url, children });
const services = [item('Косметология', '/services/kosmetologiya.html', [item('Пилинги', '/services/kosmetologiya/pilingi.html')])];

describe('the main menu with the services menu (docs/requirements.md §2)', () => {
  it('gives the «Услуги» item the services menu as its submenu', () => {
    const menu = [item('О клинике', '/o-klinike.html'), item('Услуги', '/services.html'), item('Контакты', '/contacts.html')];
    expect(withServices(menu, services)).toEqual([menu[0], { ...menu[1], children: services }, menu[2]]);
  });

  it('adds «Услуги» at the end of a main menu that has no such item', () => {
    const menu = [item('О клинике', '/o-klinike.html')];
    expect(withServices(menu, services)).toEqual([menu[0], item('Услуги', '/services.html', services)]);
    expect(withServices([], services)).toEqual([item('Услуги', '/services.html', services)]);
  });

  it("keeps an «Услуги» item's own submenu, and a main menu as it is when there is no services menu", () => {
    const own = [item('Услуги', '/services.html', [item('Массаж', '/massazh.html')])];
    expect(withServices(own, services)).toEqual(own);
    const menu = [item('О клинике', '/o-klinike.html')];
    expect(withServices(menu, [])).toEqual(menu);
  });
});
