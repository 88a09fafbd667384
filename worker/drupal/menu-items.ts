import type { DrupalContext } from './context';
import { decodeJson } from './decode';
import { MenuItemsSchema } from './schemas/menu-items';
import { tagged } from './tags';
import type { MenuItem } from './types';

/** jsonapi_menu_items (docs/drupal.md §5c): a menu of Drupal's by its machine name. */
export interface MenuItemsCalls {
  /** The whole menu as a tree; [] when Drupal has no such menu or no such module. */
  menuItems(menu: string): Promise<MenuItem[]>;
}

/**
 * The whole menu, always: never `filter[parent]`, which Drupal 10.2's page cache can answer with the whole
 * tree (docs/drupal.md §5c); a subtree is found in the tree instead (servicesSubtree).
 */
export function menuItemsCalls({ urls, get }: DrupalContext): MenuItemsCalls {
  return {
    menuItems: (menu) =>
      get(
        urls.menuItems(menu),
        tagged(decodeJson(`menu_items ${menu}`, MenuItemsSchema, { notFound: [], forbidden: [] }), () => [`menu:${menu}`]),
      ),
  };
}

/** The page of the services section, as the clinic's menus name it (docs/requirements.md §2). */
const SERVICES_URL = '/services.html';
const SERVICES_TITLE = 'Услуги';

/** The main menu's services item, at any depth: its URL `/services.html`, else its title «Услуги». */
export function servicesItem(main: readonly MenuItem[]): MenuItem | undefined {
  const all = (items: readonly MenuItem[]): MenuItem[] => items.flatMap((item) => [item, ...all(item.children)]);
  const items = all(main);
  return items.find((item) => item.url === SERVICES_URL) ?? items.find((item) => item.title.trim() === SERVICES_TITLE);
}

/** The services under the main menu's services item: the services menu of a Drupal that has no menu of its own for them. */
export const servicesSubtree = (main: readonly MenuItem[]): MenuItem[] => servicesItem(main)?.children ?? [];
