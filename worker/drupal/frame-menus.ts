import type { MenuName } from './endpoints';
import { servicesSubtree, type MenuItemsCalls } from './menu-items';
import { byModules, type ModulesCalls } from './modules';
import type { RestCalls } from './clinic/rest';
import type { MenuItem } from './types';

/** Drupal's machine names of the site's three menus (DRUPAL_MENU_MAIN, DRUPAL_MENU_FOOTER, DRUPAL_MENU_SERVICES). */
export interface MenuNames {
  main: string;
  footer: string;
  services: string;
}

export const DEFAULT_MENU_NAMES: MenuNames = { main: 'main', footer: 'footer', services: 'services' };

/**
 * The frame's menus from where this Drupal has them (docs/drupal.md "Where the frame comes from"):
 * blocks_for_page's where it is installed, otherwise jsonapi_menu_items'. The services menu is then the
 * `services` menu when Drupal has one with items, else the subtree under the main menu's services item,
 * found in the main menu the header loads anyway (the same cached call, no extra round).
 */
export function frameMenus(
  modules: ModulesCalls,
  rest: Pick<RestCalls, 'menu' | 'servicesMenu'>,
  items: MenuItemsCalls,
  names: MenuNames,
): Pick<RestCalls, 'menu' | 'servicesMenu'> {
  const stockServices = async (): Promise<MenuItem[]> => {
    const main = items.menuItems(names.main).catch((): MenuItem[] => []);
    const own = await items.menuItems(names.services);
    return own.length > 0 ? own : servicesSubtree(await main);
  };
  return {
    menu: (name: MenuName) => byModules(modules, (found) => (found.blocksForPage ? rest.menu(name) : items.menuItems(names[name]))),
    servicesMenu: () => byModules(modules, (found) => (found.blocksForPage ? rest.servicesMenu() : stockServices())),
  };
}
