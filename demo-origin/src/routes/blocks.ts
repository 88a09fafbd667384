/**
 * The clinic's custom "blocks_for_page" module: blocks per page, menus, the services menu, the
 * price list and the service-page blocks (services_subtree, services_childs, next_cycle_links).
 *
 * Shapes (docs/drupal.md §8 leaves them to us; the client must stay lenient):
 *  - /blocks_for_page?page=P → {"path": P, "data": {BID: {bid, uuid, region, weight, label, plugin,
 *    provider, bundle, link, settings: {id, label, label_display: "visible" | "0", provider, status,
 *    info, view_mode}, visibility: {request_path: {id, negate, pages, context_mapping}} | []}}}
 *    — only the blocks visible on P, ordered by region then weight (decoupled_kit's block shape). One
 *    of the module's own blocks (next_cycle_links) has that plugin id, provider "blocks_for_page" and
 *    no link: its items come from /blocks_for_page/block/{plugin}?page=P.
 *  - /blocks_for_page/menu/{main|footer} → {"data": {"#items": {KEY: {title, url, below: {…} | []}}}}
 *  - /blocks_for_page/special_links/services.html → {"data": [{title, url, depth}]}, depth 0/1/2
 *  - /blocks_for_page/special_links/price.html?page=P → {"data": {GROUP: {title?, data: [ROW]}}};
 *    ROW = {field_code, field_price_item, field_price_sum, field_price_sum_special, nid, node_link,
 *    childs: [ROW]} (all strings). P = /price.html (or absent): the whole list; P = a service: its
 *    rows (with the subtitles above them), `{"data": []}` if it has none; unknown P: `[]`.
 *  - /blocks_for_page/block/services_childs?page=P → {"items": [CARD]} (P = /services.html gives the
 *    sections); CARD = {nid, title, view_node, field_image, field_price2, body}; unknown P: `[]`.
 *  - /blocks_for_page/block/services_subtree?page=P → {"items": [CARD of the other services under
 *    the same parent], "parent_title", "parent_url", "data": [TREE of the parent's subtree:
 *    {nid, title, url, depth, active: "1"|"0", below: [TREE]}]}; unknown P: `[]`.
 *  - /blocks_for_page/block/next_cycle_links?page=P → {"items": [{nid, title, url}]}: the next three
 *    items of the same kind after P, wrapping around (services: siblings in menu order; other
 *    bundles: newest first); unknown P: `[]`.
 *
 * In lean schema mode every number and boolean of these bodies is a string (weight "0", depth "1",
 * settings.status "1", negate "0"), as Views and PHP arrays cast to strings give them.
 */
import { Hono } from 'hono';
import { blockContentById, blockPlacements, placementVisible } from '../content/blocks';
import { FILES_BASE } from '../content/files';
import { byCreatedDesc, nodeByNid, publishedOfBundle } from '../content/index';
import { menuKey, menus, type MenuItem } from '../content/menus';
import { refImages, type NodeRecord } from '../content/model';
import { priceGroups, sumOf, type PriceGroup, type PriceRow } from '../content/prices';
import { childServices, serviceByNid, serviceDescendants, serviceTitle, serviceTree, type Service } from '../content/services';
import type { AppEnv } from '../env';
import { json as jsonResponse, normalizePath } from '../lib/http';
import type { Json, JsonObject } from '../lib/json';
import { publishedNodeAt } from '../lib/paths';
import { restBody } from '../lib/schema';
import { uuidFor } from '../lib/uuid';

export const blockRoutes = new Hono<AppEnv>();

/** A JSON response in the current schema mode's shapes. */
function json(body: Json, status?: number): Response {
  return jsonResponse(restBody(body), status);
}

// ---- Blocks -----------------------------------------------------------------------------------------

const REGION_ORDER = ['content_top', 'sidebar', 'content_bottom', 'footer_first', 'footer_second', 'footer_third'];

blockRoutes.get('/blocks_for_page', (c) => {
  const page = normalizePath(c.req.query('page'));
  if (page === null) return json([]);
  const visible = blockPlacements
    .filter((p) => placementVisible(p, page))
    .sort((a, b) => REGION_ORDER.indexOf(a.region) - REGION_ORDER.indexOf(b.region) || a.weight - b.weight);
  const data: JsonObject = {};
  for (const p of visible) {
    // What every placement says of itself, whatever its plugin (block.block.*'s config).
    const placed = (plugin: string, provider: string) => ({
      bid: p.bid,
      uuid: uuidFor(`block:${p.bid}`),
      region: p.region,
      weight: p.weight,
      label: p.label,
      plugin,
      provider,
      settings: { id: plugin, label: p.label, label_display: p.labelDisplay ? 'visible' : '0', provider, status: true },
      visibility: p.pages
        ? { request_path: { id: 'request_path', negate: p.negate ?? false, pages: p.pages.join('\r\n'), context_mapping: [] } }
        : [],
    });
    if (p.plugin) {
      data[p.bid] = placed(p.plugin, 'blocks_for_page');
      continue;
    }
    const content = p.content === undefined ? undefined : blockContentById(p.content);
    if (!content) continue;
    const block = placed(`block_content:${content.uuid}`, 'block_content');
    data[p.bid] = {
      ...block,
      bundle: 'basic',
      link: `/jsonapi/block_content/basic/${content.uuid}`,
      settings: { ...block.settings, info: '', view_mode: 'full' },
    };
  }
  if (Object.keys(data).length === 0) return json([]);
  return json({ path: page, data });
});

// ---- Menus ------------------------------------------------------------------------------------------

function menuItems(menu: string, items: readonly MenuItem[], parents: readonly string[]): Json {
  if (items.length === 0) return [];
  const out: JsonObject = {};
  for (const item of items) {
    const path = [...parents, item.title];
    out[menuKey(menu, path)] = { title: item.title, url: item.url, below: menuItems(menu, item.children ?? [], path) };
  }
  return out;
}

blockRoutes.get('/blocks_for_page/menu/:name', (c) => {
  const name = c.req.param('name');
  const items = menus[name];
  if (!items) return json({ message: `Menu "${name}" does not exist.` }, 404);
  return json({ data: { '#items': menuItems(name, items, []) } });
});

blockRoutes.get('/blocks_for_page/special_links/services.html', () =>
  json({ data: serviceTree().map(([s, depth]) => ({ title: serviceTitle(s), url: s.alias, depth })) }),
);

// ---- Price list -------------------------------------------------------------------------------------

function rowJson(r: PriceRow): JsonObject {
  const n = r.nid === null ? null : nodeByNid(r.nid);
  return {
    field_code: r.code,
    field_price_item: r.item,
    field_price_sum: sumOf(r),
    field_price_sum_special: r.special,
    nid: r.nid === null ? '' : String(r.nid),
    node_link: n && n.status ? n.alias : '',
    childs: r.childs.map(rowJson),
  };
}

function groupJson(g: PriceGroup, rows: readonly PriceRow[]): JsonObject {
  const data = rows.map(rowJson);
  return g.title === null ? { data } : { title: g.title, data };
}

/** Rows of one group that belong to the services `nids`, keeping the subtitle above each. */
function rowsFor(g: PriceGroup, nids: ReadonlySet<number>): PriceRow[] {
  const out: PriceRow[] = [];
  let subtitle: PriceRow | null = null;
  for (const r of g.rows) {
    if (r.item.startsWith('*')) {
      subtitle = r;
      continue;
    }
    const isTitle = r.sum === '' && r.childs.length === 0;
    if (isTitle) subtitle = null;
    const own = r.nid !== null && nids.has(r.nid);
    const childs = own ? r.childs : r.childs.filter((ch) => ch.nid !== null && nids.has(ch.nid));
    if (!own && childs.length === 0) continue;
    if (!isTitle && subtitle && !out.includes(subtitle)) out.push(subtitle);
    out.push(childs === r.childs ? r : { ...r, childs });
  }
  return out;
}

blockRoutes.get('/blocks_for_page/special_links/price.html', (c) => {
  const page = normalizePath(c.req.query('page'));
  if (page === null || page === '/price.html') {
    const data: JsonObject = {};
    for (const g of priceGroups) data[g.key] = groupJson(g, g.rows);
    return json({ data });
  }
  const node = publishedNodeAt(page);
  if (!node) return json([]);
  if (node.bundle !== 'services') return json({ data: [] });
  const nids = new Set(serviceDescendants(node.nid));
  const data: JsonObject = {};
  for (const g of priceGroups) {
    const rows = rowsFor(g, nids);
    if (rows.length) data[g.key] = groupJson(g, rows);
  }
  return json({ data: Object.keys(data).length ? data : [] });
});

// ---- Service page blocks ----------------------------------------------------------------------------

function serviceCard(s: Service): JsonObject {
  const n = nodeByNid(s.nid);
  const [image] = n ? refImages(n.rels.field_image) : [];
  return {
    nid: String(s.nid),
    title: serviceTitle(s),
    view_node: s.alias,
    field_image: image ? FILES_BASE + image : '',
    field_price2: s.price ?? '',
    body: s.summary,
  };
}

function serviceAtPage(page: string | null): Service | null {
  if (page === null) return null;
  const n = publishedNodeAt(page);
  return n && n.bundle === 'services' ? (serviceByNid(n.nid) ?? null) : null;
}

blockRoutes.get('/blocks_for_page/block/services_childs', (c) => {
  const page = normalizePath(c.req.query('page'));
  if (page === '/services.html') return json({ items: childServices(null).map(serviceCard) });
  if (page === null) return json([]);
  const node = publishedNodeAt(page);
  if (!node) return json([]);
  const s = node.bundle === 'services' ? serviceByNid(node.nid) : undefined;
  return json({ items: s ? childServices(s.nid).map(serviceCard) : [] });
});

function subtree(parent: number | null, current: number, depth: number): Json[] {
  return childServices(parent).map((s) => ({
    nid: String(s.nid),
    title: serviceTitle(s),
    url: s.alias,
    depth,
    active: s.nid === current ? '1' : '0',
    below: subtree(s.nid, current, depth + 1),
  }));
}

blockRoutes.get('/blocks_for_page/block/services_subtree', (c) => {
  const s = serviceAtPage(normalizePath(c.req.query('page')));
  if (!s) return json([]);
  const parent = s.parent === null ? null : (serviceByNid(s.parent) ?? null);
  return json({
    items: childServices(s.parent)
      .filter((x) => x.nid !== s.nid)
      .map(serviceCard),
    parent_title: parent ? serviceTitle(parent) : 'Услуги',
    parent_url: parent ? parent.alias : '/services.html',
    data: subtree(s.parent, s.nid, 0),
  });
});

function cycleList(n: NodeRecord): NodeRecord[] {
  if (n.bundle === 'services') {
    const s = serviceByNid(n.nid);
    return childServices(s ? s.parent : null).flatMap((x) => nodeByNid(x.nid) ?? []);
  }
  return publishedOfBundle(n.bundle).sort(byCreatedDesc);
}

blockRoutes.get('/blocks_for_page/block/next_cycle_links', (c) => {
  const page = normalizePath(c.req.query('page'));
  const node = page === null ? null : publishedNodeAt(page);
  if (!node || node.bundle === 'page' || node.bundle === 'sliders') return json([]);
  const list = cycleList(node);
  const at = list.findIndex((x) => x.nid === node.nid);
  const items: Json[] = [];
  for (let i = 1; i <= Math.min(3, list.length - 1); i++) {
    const next = list[(at + i) % list.length];
    if (next) items.push({ nid: String(next.nid), title: next.title, url: next.alias });
  }
  return json({ items });
});
