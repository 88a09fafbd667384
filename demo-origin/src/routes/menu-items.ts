/**
 * jsonapi_menu_items 1.2.4 (README.md, "Modules modes"; docs/drupal.md §5c): `GET /jsonapi/menu_items/{menu}`
 * in both modules modes, as the real module answers (its answers are recorded in test/fixtures/drupal/stock/):
 * a flat `data[]` in tree order, each item `{type: "menu_link_content--menu_link_content", id:
 * "menu_link_content:{uuid}", attributes: {description, enabled, expanded, menu_name, meta: {entity_id},
 * options, parent, provider, route, title, url, weight}}`, `parent` the parent's id ("" at the top).
 * Menus: `main` and `footer` (content/menus.ts), `services` (the services tree). `filter[parent]=<id>` answers
 * the items under that one, at any depth (correctly: not the 10.2 page cache's whole tree); a link to a
 * node the request may not see is left out with its subtree, as the module does; an unknown menu is 404.
 */
import { Hono } from 'hono';
import { nodeByAlias } from '../content/index';
import { menus, type MenuItem } from '../content/menus';
import { serviceTitle, serviceTree } from '../content/services';
import type { AppEnv } from '../env';
import { canViewUnpublished } from '../lib/auth';
import { jsonApi, originOf } from '../lib/http';
import type { Json, JsonObject } from '../lib/json';
import { errorDocument, JSONAPI_VERSION } from '../lib/jsonapi';
import { uuidFor } from '../lib/uuid';

export const menuItemRoutes = new Hono<AppEnv>();

/** The services menu a clinic builds from its services: sections, services, sub-services. */
function servicesMenu(): MenuItem[] {
  const roots: MenuItem[] = [];
  const trail: { depth: number; item: { title: string; url: string; children: MenuItem[] } }[] = [];
  for (const [s, depth] of serviceTree()) {
    const item = { title: serviceTitle(s), url: s.alias, children: [] as MenuItem[] };
    while (trail.length > 0 && (trail.at(-1)?.depth ?? 0) >= depth) trail.pop();
    (trail.at(-1)?.item.children ?? roots).push(item);
    trail.push({ depth, item });
  }
  return roots;
}

function menuOf(name: string): readonly MenuItem[] | undefined {
  return name === 'services' ? servicesMenu() : menus[name];
}

interface Flat {
  id: string;
  parent: string;
  item: MenuItem;
  weight: number;
}

/** The tree walked in order; a link to a node the request may not see hides its subtree. */
function flatten(menu: string, items: readonly MenuItem[], parent: string, path: readonly string[], drafts: boolean): Flat[] {
  return items.flatMap((item, weight): Flat[] => {
    const node = item.url.startsWith('/') ? nodeByAlias(item.url) : undefined;
    if (node && !node.status && !drafts) return [];
    const here = [...path, item.title];
    const id = `menu_link_content:${uuidFor(`menu:${menu}:${here.join('/')}`)}`;
    return [{ id, parent, item, weight }, ...flatten(menu, item.children ?? [], id, here, drafts)];
  });
}

menuItemRoutes.get('/jsonapi/menu_items/:menu', (c) => {
  const name = c.req.param('menu');
  const items = menuOf(name);
  const self = `${originOf(c)}/jsonapi/menu_items/${name}`;
  if (!items)
    return jsonApi(errorDocument(404, `The "menu" parameter was not converted for the path "/jsonapi/menu_items/{menu}".`, self), 404);
  let flat = flatten(name, items, '', [], canViewUnpublished(c));
  const parent = c.req.query('filter[parent]');
  if (parent !== undefined) {
    const under = new Set([parent]);
    flat = flat.filter((f) => under.has(f.parent) && (under.add(f.id), true));
  }
  const data: Json[] = flat.map((f, i): JsonObject => {
    const node = f.item.url.startsWith('/') ? nodeByAlias(f.item.url) : undefined;
    return {
      type: 'menu_link_content--menu_link_content',
      id: f.id,
      attributes: {
        description: null,
        enabled: true,
        expanded: (f.item.children ?? []).length > 0,
        menu_name: name,
        meta: { entity_id: String(i + 1) },
        options: [],
        parent: f.parent,
        provider: 'menu_link_content',
        route: node ? { name: 'entity.node.canonical', parameters: { node: String(node.nid) } } : { name: '', parameters: [] },
        title: f.item.title,
        url: f.item.url,
        weight: f.weight,
      },
    };
  });
  return jsonApi({ data, jsonapi: JSONAPI_VERSION, links: { self: { href: self } } });
});
