/**
 * decoupled_router's translate-path (docs/drupal.md §1) and decoupled_kit's redirect endpoint
 * (docs/drupal.md §7a). Unpublished nodes answer 403 except to an editor's or administrator's session. translate-path answers in the ≤2.0.5 shape in full schema mode and in the
 * 2.0.6+ shape in lean mode (see v206()).
 */
import { Hono } from 'hono';
import { configEntityAt, type ConfigEntity } from '../content/config-paths';
import { HOME_NID } from '../content/pages';
import { termPath } from '../content/terms';
import type { AppEnv } from '../env';
import { canViewUnpublished } from '../lib/auth';
import { json, normalizePath, originOf, phpError } from '../lib/http';
import { isJsonObject, type JsonObject } from '../lib/json';
import { isLean } from '../lib/schema';
import { followRedirects, resolveInternal, type Hop, type Target } from '../lib/paths';

export const routerRoutes = new Hono<AppEnv>();

const DEPRECATED = {
  'jsonapi.pathPrefix':
    'This property has been deprecated and will be removed in the next version of Decoupled Router. Use basePath instead.',
};

function hopsJson(hops: readonly Hop[]): JsonObject[] {
  return hops.map((h) => ({ from: h.from, to: h.to, status: h.status }));
}

/**
 * The redirect trace: one entry per hop (≤2.0.5); in lean mode one entry for the whole chain, as
 * 2.0.6+ gets it from the Redirect module's repository (first source, final target, and the
 * status of the redirect that answered last).
 */
function traceJson(hops: readonly Hop[]): JsonObject[] {
  const first = hops[0];
  const last = hops[hops.length - 1];
  if (!isLean() || !first || !last || hops.length === 1) return hopsJson(hops);
  return [{ from: first.from, to: last.to, status: last.status }];
}

/**
 * decoupled_router 2.0.6+'s success body: `isExternal: false` after `resolved`, `langcode` at the
 * top level rather than in `entity`, and `entity.id` as the number the entity's id() gave.
 */
function v206(body: JsonObject): JsonObject {
  const entity = isJsonObject(body.entity) ? body.entity : {};
  const leanEntity: JsonObject = {};
  for (const [k, v] of Object.entries(entity)) {
    // A config entity's id() is its machine name: only a content entity's becomes a number.
    if (k === 'id') leanEntity.id = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    else if (k !== 'langcode') leanEntity[k] = v;
  }
  const out: JsonObject = { resolved: body.resolved ?? null, isExternal: false, isHomePath: body.isHomePath ?? false, entity: leanEntity };
  // 2.0.6+ sends the entity's language at the top level (≤2.0.5 sends none on a one-language site).
  out.langcode = typeof entity.langcode === 'string' ? entity.langcode : 'ru';
  for (const key of ['label', 'jsonapi', 'meta']) {
    const v = body[key];
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/** A config entity's page (a webform's, the contact form's): its machine name as `id`, its JSON:API resource by uuid. */
function configTranslated(origin: string, e: ConfigEntity): JsonObject {
  const url = origin + e.path;
  return {
    resolved: url,
    isHomePath: false,
    entity: { canonical: url, type: e.type, bundle: e.bundle, id: e.id, uuid: e.uuid, path: e.path },
    // `label` only with "view label" access: an anonymous request has it for a contact form, not for a webform.
    ...(e.type === 'webform' ? {} : { label: e.label }),
    jsonapi: {
      individual: `${origin}/jsonapi/${e.type}/${e.bundle}/${e.uuid}`,
      resourceName: `${e.type}--${e.bundle}`,
      pathPrefix: 'jsonapi',
      basePath: '/jsonapi',
      entryPoint: `${origin}/jsonapi`,
    },
    meta: { deprecated: DEPRECATED },
  };
}

function translated(origin: string, target: Target): JsonObject {
  if (target.kind === 'node') {
    const n = target.node;
    const url = origin + n.alias;
    return {
      resolved: url,
      isHomePath: n.nid === HOME_NID,
      // No `langcode` on a one-language site; `path` is the next module's addition.
      entity: { canonical: url, type: 'node', bundle: n.bundle, id: String(n.nid), uuid: n.uuid, path: n.alias },
      label: n.title,
      jsonapi: {
        individual: `${origin}/jsonapi/node/${n.bundle}/${n.uuid}`,
        resourceName: `node--${n.bundle}`,
        pathPrefix: 'jsonapi',
        basePath: '/jsonapi',
        entryPoint: `${origin}/jsonapi`,
      },
      meta: { deprecated: DEPRECATED },
    };
  }
  const t = target.term;
  const url = origin + termPath(t);
  return {
    resolved: url,
    isHomePath: false,
    entity: { canonical: url, type: 'taxonomy_term', bundle: t.vocabulary, id: String(t.tid), uuid: t.uuid, path: termPath(t) },
    label: t.name,
    jsonapi: {
      individual: `${origin}/jsonapi/taxonomy_term/${t.vocabulary}/${t.uuid}`,
      resourceName: `taxonomy_term--${t.vocabulary}`,
      pathPrefix: 'jsonapi',
      basePath: '/jsonapi',
      entryPoint: `${origin}/jsonapi`,
    },
    meta: { deprecated: DEPRECATED },
  };
}

/** The standard profile's search pages (node and user search, their help), as a real Drupal 10 routes them. */
const SEARCH_PAGES = new Set(['/search', '/search/node', '/search/user', '/search/help', '/search/node/help', '/search/user/help']);

routerRoutes.get('/router/translate-path', (c) => {
  const path = normalizePath(c.req.query('path'));
  if (path === null) {
    return json({ message: 'Unable to translate empty path. Please send a ?path query string parameter with your request.' }, 404);
  }
  // Core search's pages resolve to a search_page config entity, which has no canonical link template:
  // decoupled_router 2.0.5 throws, and Drupal answers 500 text/plain. Any other path under /search is unknown.
  if (SEARCH_PAGES.has(path)) {
    return phpError(
      'Drupal\\Core\\Entity\\Exception\\UndefinedLinkTemplateException',
      "No link template 'canonical' found for the 'search_page' entity type",
      'Drupal\\Core\\Entity\\EntityBase->toUrl()',
    );
  }
  const notFound: JsonObject = {
    message: `Unable to resolve path ${path}.`,
    details: 'None of the available methods were able to find a match for this path.',
  };
  const { hops, final, external } = followRedirects(path);
  if (external) {
    // 2.0.6-style answer: decoupled_router ≤2.0.5 had no way to express an external target.
    return json({ resolved: final, isHomePath: false, redirect: traceJson(hops), isExternal: true });
  }
  const config = configEntityAt(final);
  if (config) {
    const body = isLean() ? v206(configTranslated(originOf(c), config)) : configTranslated(originOf(c), config);
    return json(hops.length ? { ...body, redirect: traceJson(hops) } : body);
  }
  const target = resolveInternal(final);
  if (!target) {
    // The redirect subscriber merges its trace onto whatever the router answered.
    return json(hops.length ? { ...notFound, redirect: traceJson(hops) } : notFound, 404);
  }
  // Unpublished nodes: 403 unless the user may view unpublished content (an editor's session).
  if (target.kind === 'node' && !target.node.status && !canViewUnpublished(c)) {
    return json(
      {
        message: 'Access denied for entity.',
        details: 'This user does not have access to view the resolved entity. Please authenticate and try again.',
      },
      403,
    );
  }
  const full = translated(originOf(c), target);
  const body = isLean() ? v206(full) : full;
  return json(hops.length ? { ...body, redirect: traceJson(hops) } : body);
});

/**
 * decoupled_kit 1.x redirect: mode final (default: first source → last target, status of the
 * first hop), simple (first hop only) or full (every hop); `[]` when the path has no redirect.
 */
routerRoutes.get('/decoupled_kit/redirect', (c) => {
  const raw = c.req.query('path');
  const normalized = normalizePath(raw?.toLowerCase());
  if (normalized === null) {
    return json({ message: 'Unable to work with empty path. Please send a ?path query string parameter with your request.' }, 404);
  }
  const modeParam = c.req.query('mode');
  const mode = modeParam === 'simple' || modeParam === 'full' ? modeParam : 'final';
  const { hops } = followRedirects(normalized);
  const first = hops[0];
  const last = hops[hops.length - 1];
  if (!first || !last) return json([]);
  if (mode === 'full') return json({ path: normalized, mode, data: hopsJson(hops) });
  if (mode === 'simple') return json({ path: normalized, mode, data: { from: first.from, to: first.to, status: first.status } });
  return json({ path: normalized, mode, data: { from: first.from, to: last.to, status: first.status } });
});
