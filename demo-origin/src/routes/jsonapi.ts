/**
 * Drupal core JSON:API (docs/drupal.md §2): index, collections with filter/sort/page/include/
 * sparse fieldsets, individual resources, related and relationship routes, error documents.
 * Unpublished nodes are left out of collections and includes (as core's query access guard does
 * for anonymous users) and answer 403 individually; a login session of an editor or administrator
 * ("view any unpublished content") sees them everywhere, like published ones.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { canViewUnpublished } from '../lib/auth';
import { htmlNotFound, jsonApi, originOf, type Ctx } from '../lib/http';
import type { Json, JsonObject } from '../lib/json';
import {
  JSONAPI_VERSION,
  RESOURCE_TYPES,
  errorDocument,
  identifierJson,
  resourceType,
  schemaOf,
  serialize,
  resolveIdentifier,
  type Resource,
  type ResourceType,
} from '../lib/jsonapi';
import {
  QueryError,
  applyFilter,
  applySort,
  collectIncluded,
  parseFields,
  parseFilter,
  parseInclude,
  parsePage,
  parseSort,
} from '../lib/jsonapi-query';
import { buildQuery, parseQuery, queryTree, sortedQuery, withTopLevel, type QueryPair } from '../lib/php-query';

export const jsonapiRoutes = new Hono<AppEnv>();

function requestUrl(c: Ctx): string {
  const u = new URL(c.req.url);
  return u.origin + u.pathname + u.search;
}

function errorResponse(c: Ctx, status: number, detail: string, extra: JsonObject = {}): Response {
  return jsonApi(errorDocument(status, detail, requestUrl(c), extra), status);
}

function selfHref(c: Ctx, pairs: readonly QueryPair[]): string {
  const u = new URL(c.req.url);
  return u.origin + u.pathname + (pairs.length ? '?' + sortedQuery(pairs) : '');
}

interface Parsed {
  readonly pairs: QueryPair[];
  readonly tree: ReturnType<typeof queryTree>;
}
function parsed(c: Ctx): Parsed {
  const pairs = parseQuery(new URL(c.req.url).search);
  return { pairs, tree: queryTree(pairs) };
}

function notConverted(c: Ctx, t: ResourceType): Response {
  const [entityType, bundle] = t.name.split('--');
  return errorResponse(
    c,
    404,
    `The "entity" parameter was not converted for the path "/jsonapi/${entityType}/${bundle}/{entity}" (route name: "jsonapi.${t.name}.individual")`,
  );
}

function forbidden(c: Ctx): Response {
  return errorResponse(c, 403, 'The current user is not allowed to GET the selected resource.', { source: { pointer: '/data' } });
}

// ---- Index ------------------------------------------------------------------------------------------

jsonapiRoutes.get('/jsonapi', (c) => {
  const origin = originOf(c);
  const links: JsonObject = {};
  for (const t of [...RESOURCE_TYPES].sort((a, b) => a.name.localeCompare(b.name))) links[t.name] = { href: origin + t.path };
  links.self = { href: `${origin}/jsonapi` };
  return jsonApi({ data: [], jsonapi: JSONAPI_VERSION, links });
});

// ---- Collections ------------------------------------------------------------------------------------

jsonapiRoutes.get('/jsonapi/:entityType/:bundle', (c) => {
  const t = resourceType(c.req.param('entityType'), c.req.param('bundle'));
  // No such resource type: no JSON:API route matches, so Drupal answers its HTML 404 page.
  if (!t) return htmlNotFound();
  const { pairs, tree } = parsed(c);
  const schema = schemaOf(t);
  const fieldNames = new Set([...schema.attributes, ...schema.relationships]);
  try {
    const filter = parseFilter(tree.filter, fieldNames);
    const sort = parseSort(tree.sort, fieldNames);
    const { offset, limit } = parsePage(tree.page);
    const includes = parseInclude(tree.include, schema.relationships);
    const fields = parseFields(tree.fields);

    const withUnpublished = canViewUnpublished(c);
    const all = applySort(
      applyFilter(
        t.all().filter((r) => r.published || withUnpublished),
        filter,
      ),
      sort,
    );
    const page = all.slice(offset, offset + limit);
    const origin = originOf(c);
    const base = origin + new URL(c.req.url).pathname;
    const pageLink = (o: number): Json => ({
      href:
        base +
        '?' +
        buildQuery(
          withTopLevel(pairs, 'page', [
            { path: ['page', 'offset'], value: String(o) },
            { path: ['page', 'limit'], value: String(limit) },
          ]),
        ),
    });

    const links: JsonObject = {};
    if (offset > 0) {
      links.first = pageLink(0);
      links.prev = pageLink(Math.max(offset - limit, 0));
    }
    if (offset + limit < all.length) links.next = pageLink(offset + limit);
    links.self = { href: selfHref(c, pairs) };

    const doc: JsonObject = { jsonapi: JSONAPI_VERSION, data: page.map((r) => serialize(r, origin, fields)) };
    if (includes.length) {
      const included = collectIncluded(page, includes, withUnpublished);
      if (included.length) doc.included = included.map((r) => serialize(r, origin, fields));
    }
    doc.links = links;
    return jsonApi(doc);
  } catch (e) {
    if (e instanceof QueryError) return errorResponse(c, e.status, e.message);
    throw e;
  }
});

// ---- Individual ------------------------------------------------------------------------------------

function loadIndividual(c: Ctx): { t: ResourceType; r: Resource } | Response {
  const t = resourceType(c.req.param('entityType') ?? '', c.req.param('bundle') ?? '');
  if (!t) return htmlNotFound();
  const r = t.byId(c.req.param('uuid') ?? '');
  if (!r) return notConverted(c, t);
  if (!r.published && !canViewUnpublished(c)) return forbidden(c);
  return { t, r };
}

jsonapiRoutes.get('/jsonapi/:entityType/:bundle/:uuid', (c) => {
  const loaded = loadIndividual(c);
  if (loaded instanceof Response) return loaded;
  const { t, r } = loaded;
  const { pairs, tree } = parsed(c);
  try {
    const includes = parseInclude(tree.include, schemaOf(t).relationships);
    const fields = parseFields(tree.fields);
    const origin = originOf(c);
    const doc: JsonObject = { jsonapi: JSONAPI_VERSION, data: serialize(r, origin, fields) };
    if (includes.length) {
      const included = collectIncluded([r], includes, canViewUnpublished(c));
      if (included.length) doc.included = included.map((i) => serialize(i, origin, fields));
    }
    doc.links = { self: { href: selfHref(c, pairs) } };
    return jsonApi(doc);
  } catch (e) {
    if (e instanceof QueryError) return errorResponse(c, e.status, e.message);
    throw e;
  }
});

function relationshipOf(c: Ctx, r: Resource): Resource['relationships'][string] | undefined | Response {
  const field = c.req.param('field') ?? '';
  if (!(field in r.relationships)) {
    return errorResponse(c, 404, `The relationship field "${field}" does not exist on resource type "${r.type}".`);
  }
  return r.relationships[field];
}

// Related resources: /jsonapi/node/news/{uuid}/field_image
jsonapiRoutes.get('/jsonapi/:entityType/:bundle/:uuid/:field', (c) => {
  const loaded = loadIndividual(c);
  if (loaded instanceof Response) return loaded;
  const rel = relationshipOf(c, loaded.r);
  if (rel instanceof Response) return rel;
  const { pairs, tree } = parsed(c);
  const fields = parseFields(tree.fields);
  const origin = originOf(c);
  const withUnpublished = canViewUnpublished(c);
  const resolve = (id: Parameters<typeof resolveIdentifier>[0]): Resource | null => {
    const target = resolveIdentifier(id);
    return target && (target.published || withUnpublished) ? target : null;
  };
  let data: Json;
  if (Array.isArray(rel)) data = rel.flatMap((id) => resolve(id) ?? []).map((r) => serialize(r, origin, fields));
  else if (rel) {
    const target = resolve(rel);
    data = target ? serialize(target, origin, fields) : null;
  } else data = null;
  return jsonApi({ jsonapi: JSONAPI_VERSION, data, links: { self: { href: selfHref(c, pairs) } } });
});

// Relationship objects: /jsonapi/node/news/{uuid}/relationships/field_image
jsonapiRoutes.get('/jsonapi/:entityType/:bundle/:uuid/relationships/:field', (c) => {
  const loaded = loadIndividual(c);
  if (loaded instanceof Response) return loaded;
  const rel = relationshipOf(c, loaded.r);
  if (rel instanceof Response) return rel;
  const { pairs } = parsed(c);
  const data: Json = Array.isArray(rel) ? rel.map(identifierJson) : rel ? identifierJson(rel) : null;
  const origin = originOf(c);
  return jsonApi({
    jsonapi: JSONAPI_VERSION,
    data,
    links: {
      related: { href: `${origin}${loaded.r.selfPath}/${c.req.param('field') ?? ''}` },
      self: { href: selfHref(c, pairs) },
    },
  });
});

// Writes are not enabled on this site (jsonapi.settings read_only: true).
jsonapiRoutes.on(['POST', 'PATCH', 'PUT', 'DELETE'], '/jsonapi/*', (c) => {
  const u = new URL(c.req.url);
  return errorResponse(c, 405, `No route found for "${c.req.method} ${u.origin}${u.pathname}": Method Not Allowed (Allow: GET)`);
});

// Any other path under /jsonapi matches no route: Drupal's HTML 404 page, not a JSON:API error document.
jsonapiRoutes.all('/jsonapi/*', () => htmlNotFound());
