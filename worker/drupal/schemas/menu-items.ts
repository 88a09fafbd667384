import { z } from 'zod';
import { safeUrl } from '../safe-url';
import type { MenuItem } from '../types';
import { flag, optionalText, phpList } from './lenient';

/** An item whose `enabled` is missing is shown, as Drupal shows a link unless it is disabled. */
const enabled = z
  .union([z.boolean(), z.number(), z.string(), z.null(), z.undefined()])
  .transform((value) => value === undefined || value === null || flag.parse(value));

const RawItemSchema = z
  .object({
    id: optionalText,
    attributes: z.object({ title: optionalText, url: optionalText, parent: optionalText, enabled }),
  })
  // One item in a shape we do not know is left out, not the menu.
  .catch({ id: undefined, attributes: { title: undefined, url: undefined, parent: undefined, enabled: false } });

/**
 * Links Drupal core's standard profile puts in its menus, by plugin id (docs/drupal.md "A clinic's checklist"): the
 * front page's keeps its place, named as the site names it where Drupal left core's English title; core's contact
 * form page is no page of the site (its forms are the popups), so its link would lead a patient to a 404.
 */
const CORE_FRONT_PAGE = 'standard.front_page';
const CORE_CONTACT_PAGE = 'contact.site_page';
const FRONT_PAGE_TITLE = 'Главная';

/**
 * jsonapi_menu_items' `GET /jsonapi/menu_items/{menu}` (docs/drupal.md §5c): a flat `data[]` in tree order,
 * each item's `attributes.parent` naming its parent's plugin id (the parent's `id`), "" for a top item. Nested
 * here by those ids. A disabled or untitled item, and core's contact form page, is left out with everything under it; an item whose parent is
 * not in the answer (a `filter[parent]` answer's top items) is a top item. An unsafe URL leaves the item as text
 * with a dead link, as the clinic's menus do (menu.ts).
 */
export const MenuItemsSchema = z.object({ data: z.union([phpList(RawItemSchema), z.null()]) }).transform(({ data }): MenuItem[] => {
  const rows = (data ?? []).filter((row) => row.id !== undefined);
  const known = new Set(rows.map((row) => row.id));
  const dropped = new Set<string>();
  const byId = new Map<string, MenuItem>();
  const roots: MenuItem[] = [];
  // Tree order puts a parent before its children; a second pass would only matter to an answer that does not.
  for (const { id, attributes: a } of rows) {
    const parent = a.parent && known.has(a.parent) ? a.parent : undefined;
    if (!id || id === CORE_CONTACT_PAGE || !a.enabled || !a.title || (parent !== undefined && dropped.has(parent))) {
      if (id) dropped.add(id);
      continue;
    }
    const title = id === CORE_FRONT_PAGE && a.title === 'Home' ? FRONT_PAGE_TITLE : a.title;
    const item: MenuItem = { title, url: safeUrl(a.url) ?? '#', children: [] };
    byId.set(id, item);
    const under = parent === undefined ? undefined : byId.get(parent);
    (under ? under.children : roots).push(item);
  }
  return roots;
});
