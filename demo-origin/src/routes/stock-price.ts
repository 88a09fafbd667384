/**
 * The stock model's price list (docs/drupal.md, "The stock model") over JSON:API: the demo's price
 * list (content/prices.ts) as `node--price` resources (a row's `childs` flattened after it) and its
 * groups as `taxonomy_term--price_groups` terms, served with the engine's own query handling (filter,
 * sort, page, sparse fieldsets, `include`, `links.next`). Each row's `field_services` names its
 * service and that service's sections above it, so that a section's page shows its services' rows as
 * the clinic's module does; a subtitle names the services of the rows under it. The resource types
 * are not in the entry point's list (routes/jsonapi.ts); their collections and resources answer.
 */
import { Hono } from 'hono';
import { nodeByNid } from '../content/index';
import { priceGroups, sumOf, type PriceRow } from '../content/prices';
import { serviceAncestors, serviceByNid } from '../content/services';
import type { AppEnv } from '../env';
import { canViewUnpublished } from '../lib/auth';
import { htmlNotFound, jsonApi, originOf, type Ctx } from '../lib/http';
import type { JsonObject } from '../lib/json';
import { JSONAPI_VERSION, errorDocument, nodeResource, serialize, type Identifier, type Resource } from '../lib/jsonapi';
import { QueryError, applyFilter, applySort, parseFields, parseFilter, parseInclude, parsePage, parseSort } from '../lib/jsonapi-query';
import { buildQuery, parseQuery, queryTree, sortedQuery, withTopLevel } from '../lib/php-query';
import { uuidFor } from '../lib/uuid';

export const stockPriceRoutes = new Hono<AppEnv>();

/** Price nodes' ids, above every content node's. */
const FIRST_NID = 90_000;
const FIRST_TID = 900;
const CHANGED = '2024-03-01T10:00:00+03:00';

function termResource(key: string, name: string, index: number): Resource {
  const tid = FIRST_TID + index;
  const id = uuidFor(`price_groups:${key}`);
  return {
    type: 'taxonomy_term--price_groups',
    id,
    selfPath: `/jsonapi/taxonomy_term/price_groups/${id}`,
    version: null,
    attributes: { drupal_internal__tid: tid, langcode: 'ru', status: true, name, description: null, weight: index, changed: CHANGED },
    relationships: {},
    published: true,
    seed: tid,
  };
}

const identifier = (r: Resource, id: number): Identifier => ({ type: r.type, id: r.id, meta: { drupal_internal__target_id: id } });

/** A service node, as a relationship's target (a draft too: `include` leaves it out, as JSON:API does). */
function serviceIdentifier(nid: number): Identifier | null {
  const n = nodeByNid(nid);
  return n && n.bundle === 'services' ? { type: 'node--services', id: n.uuid, meta: { drupal_internal__target_id: nid } } : null;
}

/** The row's service, then its sections from the nearest up. */
const servicesOf = (nid: number | null): number[] =>
  nid === null || !serviceByNid(nid)
    ? []
    : [
        nid,
        ...serviceAncestors(nid)
          .map((s) => s.nid)
          .reverse(),
      ];

interface Built {
  terms: Resource[];
  prices: Resource[];
}

/** Every group and row as resources, with the sums as the demo serves them now (an editor's edit shows). */
function build(): Built {
  const terms: Resource[] = [];
  const prices: Resource[] = [];
  priceGroups.forEach((group, g) => {
    const term = group.title === null ? null : termResource(group.key, group.title, g);
    if (term) terms.push(term);
    const flat = group.rows.flatMap(function flatten(r: PriceRow): PriceRow[] {
      return [r, ...r.childs.flatMap(flatten)];
    });
    flat.forEach((row, i) => {
      // A subtitle shows where the rows under it show (up to the next subtitle or title).
      const under = row.item.startsWith('*')
        ? flat.slice(i + 1).findIndex((r) => r.item.startsWith('*') || (r.sum === '' && r.childs.length === 0))
        : -1;
      const nids = row.item.startsWith('*')
        ? [...new Set(flat.slice(i + 1, under < 0 ? undefined : i + 1 + under).flatMap((r) => servicesOf(r.nid)))]
        : servicesOf(row.nid);
      const nid = FIRST_NID + prices.length;
      const id = uuidFor(`price:${nid}`);
      prices.push({
        type: 'node--price',
        id,
        selfPath: `/jsonapi/node/price/${id}`,
        version: nid,
        attributes: {
          drupal_internal__nid: nid,
          langcode: 'ru',
          status: true,
          title: row.item,
          created: CHANGED,
          changed: CHANGED,
          path: { alias: null, pid: null, langcode: 'ru' },
          field_code: row.code || null,
          field_price_sum: sumOf(row) || null,
          field_price_sum_special: row.special || null,
          field_weight: i,
        },
        relationships: {
          field_price_group: term ? identifier(term, term.seed) : null,
          field_services: nids.flatMap((n) => serviceIdentifier(n) ?? []),
        },
        published: true,
        seed: nid,
      });
    });
  });
  return { terms, prices };
}

function requestUrl(c: Ctx): string {
  const u = new URL(c.req.url);
  return u.origin + u.pathname + u.search;
}

/** The targets of `include` (first-level fields only, all this model has), published unless the session may see drafts. */
function included(c: Ctx, page: readonly Resource[], fields: readonly string[], terms: readonly Resource[]): Resource[] {
  const seen = new Set<string>();
  const out: Resource[] = [];
  for (const field of fields) {
    for (const r of page) {
      for (const target of [r.relationships[field] ?? []].flat()) {
        const resource =
          target.type === 'taxonomy_term--price_groups'
            ? terms.find((t) => t.id === target.id)
            : (() => {
                const n = nodeByNid(Number(target.meta.drupal_internal__target_id));
                return n && (n.status || canViewUnpublished(c)) ? nodeResource(n) : undefined;
              })();
        if (!resource || seen.has(`${resource.type}:${resource.id}`)) continue;
        seen.add(`${resource.type}:${resource.id}`);
        out.push(resource);
      }
    }
  }
  return out;
}

/** A collection as the engine answers one (routes/jsonapi.ts), over this model's resources. */
function collection(c: Ctx, all: readonly Resource[], terms: readonly Resource[]): Response {
  const pairs = parseQuery(new URL(c.req.url).search);
  const tree = queryTree(pairs);
  const first = all[0];
  const relationships = first ? Object.keys(first.relationships) : [];
  const names = new Set([...(first ? Object.keys(first.attributes) : []), ...relationships]);
  try {
    const filtered = applySort(applyFilter([...all], parseFilter(tree.filter, names)), parseSort(tree.sort, names));
    const { offset, limit } = parsePage(tree.page);
    const include = parseInclude(tree.include, relationships).map((path) => path[0] ?? '');
    const fields = parseFields(tree.fields);
    const page = filtered.slice(offset, offset + limit);
    const origin = originOf(c);
    const base = origin + new URL(c.req.url).pathname;
    const pageLink = (o: number) => ({
      href: `${base}?${buildQuery(
        withTopLevel(pairs, 'page', [
          { path: ['page', 'offset'], value: String(o) },
          { path: ['page', 'limit'], value: String(limit) },
        ]),
      )}`,
    });
    const links: JsonObject = {};
    if (offset > 0) links.prev = pageLink(Math.max(offset - limit, 0));
    if (offset + limit < filtered.length) links.next = pageLink(offset + limit);
    links.self = { href: base + (pairs.length ? `?${sortedQuery(pairs)}` : '') };
    const doc: JsonObject = { jsonapi: JSONAPI_VERSION, data: page.map((r) => serialize(r, origin, fields)) };
    const extra = included(c, page, include, terms);
    if (extra.length) doc.included = extra.map((r) => serialize(r, origin, fields));
    doc.links = links;
    return jsonApi(doc);
  } catch (e) {
    if (e instanceof QueryError) return jsonApi(errorDocument(e.status, e.message, requestUrl(c)), e.status);
    throw e;
  }
}

function individual(c: Ctx, all: readonly Resource[]): Response {
  const r = all.find((x) => x.id === c.req.param('uuid'));
  if (!r) return jsonApi(errorDocument(404, 'The "entity" parameter was not converted.', requestUrl(c)), 404);
  const origin = originOf(c);
  return jsonApi({ jsonapi: JSONAPI_VERSION, data: serialize(r, origin, new Map()), links: { self: { href: requestUrl(c) } } });
}

stockPriceRoutes.get('/jsonapi/node/price', (c) => {
  const { terms, prices } = build();
  return collection(c, prices, terms);
});
stockPriceRoutes.get('/jsonapi/node/price/:uuid', (c) => individual(c, build().prices));
stockPriceRoutes.get('/jsonapi/taxonomy_term/price_groups', (c) => collection(c, build().terms, []));
stockPriceRoutes.get('/jsonapi/taxonomy_term/price_groups/:uuid', (c) => individual(c, build().terms));
// Anything further under these types (related and relationship routes) is not served: Drupal's HTML 404.
stockPriceRoutes.get('/jsonapi/node/price/:uuid/*', () => htmlNotFound());
