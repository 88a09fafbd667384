import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { understandTags } from '../cache/drupal-tags';
import type { DrupalClient, EntityLookup } from '../drupal/client';
import { sitePathsOfDrupalUrl } from '../paths/drupal-entity-path';
import { isInternalPath } from '../paths/redirect-target';
import { LISTING_ROUTES } from './listing-table';

/**
 * Purge on save, in the shape of the `next` Drupal module's revalidators, so that the
 * clinic's Drupal calls it with a stock module of either major (docs/drupal.md, "The next module"):
 * 1.x sends `GET ?slug=/alias&secret=…`, one call per path; 2.x `GET|POST ?path=/alias&secret=…`
 * or `?tags=node:12,node_list:news&secret=…`.
 * A tag reaches every cached payload that shows it (cache tags, worker/cache/tags.ts);
 * a node's tag also reaches the payloads keyed by its page (metatags, breadcrumbs).
 * A node's path alone reaches as far as its tags: the module's path revalidator
 * sends nothing else, and the listings showing the node must change with it.
 * The module counts only a 200 as done: tags that reach nothing here are named in
 * the answer's `ignored` instead of refusing the rest (cache/drupal-tags.ts), and a
 * path is Drupal's entity URL, base path and language prefix included
 * (paths/drupal-entity-path.ts).
 */
export const revalidateRoutes = new Hono<AppEnv>();

/** Compares secrets in time that does not depend on where they differ. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

const json = (c: Context<AppEnv>, body: Record<string, unknown>, status: 200 | 400 | 401) =>
  c.json(body, status, { 'Cache-Control': 'no-store' });

async function revalidate(c: Context<AppEnv>) {
  const { config, drupal } = c.var;
  const secret = c.req.query('secret') ?? c.req.header('X-Revalidate-Secret');
  if (!config.purgeSecret || !secret || !(await sameSecret(secret, config.purgeSecret))) {
    return json(c, { message: 'Неверный или отсутствующий секрет' }, 401);
  }
  const given = (c.req.query('path') ?? c.req.query('slug'))?.trim() || undefined;
  const sent = [
    ...new Set(
      (c.req.query('tags') ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
  if (!given && sent.length === 0) return json(c, { message: 'Укажите path (slug) или tags' }, 400);
  const givenPaths = given ? sitePathsOfDrupalUrl(given, config.drupalBaseUrl) : [];
  if (given && givenPaths.length === 0) return json(c, { message: 'path должен быть путём страницы сайта' }, 400);
  const { purge: tags, ignored, anyTag } = understandTags(sent);
  if (!given && !anyTag) return json(c, { message: 'tags: имена тегов Drupal через запятую', ignored }, 400);
  // Tags of content no page shows (a user, the site's settings): nothing to purge, and nothing failed.
  if (!given && tags.length === 0) return json(c, { revalidated: true, now: Date.now(), paths: [], tags: [], ignored }, 200);

  // What each path showed until now, from the site's own records: a node just unpublished or deleted no
  // longer resolves, and its listings must still lose it.
  const before = await Promise.all(givenPaths.map((p) => drupal.pathBefore(p)));
  // The paths first, their lookups included, so that the entity a path shows now is the one asked about.
  await Promise.all(givenPaths.map((p) => drupal.purgePath(p)));
  const purgedTags = [
    ...new Set([
      ...tags,
      ...givenPaths.flatMap(listingTagsOf),
      ...before.flatMap((lookup) => (lookup ? tagsOfEntity(lookup) : [])),
      ...(await tagsOfEntityAtAny(drupal, givenPaths)),
    ]),
  ];
  await drupal.purgeTags(purgedTags);
  // A node's page is keyed by its path too (its metatags and breadcrumbs name its title): found through Drupal, now that the node's own payloads are purged.
  const nodePaths = await Promise.all(
    tags
      .flatMap((tag) => (/^node:\d+$/.test(tag) ? [tag.slice('node:'.length)] : []))
      .map(async (nid) => {
        const lookup = await drupal.translatePath(`/node/${nid}`).catch(() => null);
        return lookup?.kind === 'entity' && lookup.resolvedPath ? sitePathsOfDrupalUrl(lookup.resolvedPath, config.drupalBaseUrl) : [];
      }),
  );
  const paths = [...new Set([...givenPaths, ...nodePaths.flat()].filter(isInternalPath))];
  await Promise.all(paths.filter((p) => !givenPaths.includes(p)).map((p) => drupal.purgePath(p)));
  console.log(
    `Кэш обновлён по запросу Drupal: ${[...paths, ...purgedTags].join(', ')}${ignored.length ? `; пропущены теги: ${ignored.length}` : ''}`,
  );
  return json(c, { revalidated: true, now: Date.now(), paths, tags: purgedTags, ignored }, 200);
}

/** The tags of the entity the first of `paths` that Drupal resolves shows (they are readings of one URL). */
async function tagsOfEntityAtAny(drupal: DrupalClient, paths: readonly string[]): Promise<string[]> {
  for (const path of paths) {
    const tags = await tagsOfEntityAt(drupal, path);
    if (tags.length > 0) return tags;
  }
  return [];
}

/**
 * The tags of the entity a path shows: `node:12` reaches every payload showing it,
 * `node_list:news` every list of its bundle (a node just published is in none yet).
 */
async function tagsOfEntityAt(drupal: DrupalClient, path: string): Promise<string[]> {
  const lookup = await drupal.translatePath(path).catch(() => null);
  return lookup?.kind === 'entity' ? tagsOfEntity(lookup) : [];
}

/**
 * A listing's own address reaches its bundle's lists: the `next` module's path revalidator
 * names it among a bundle's additional paths, and Drupal has no entity at it to learn them from.
 */
function listingTagsOf(path: string): string[] {
  const route = LISTING_ROUTES.find((listing) => path === listing.path || path.startsWith(`${listing.path}/`));
  return route ? [`node_list:${route.bundle}`] : [];
}

function tagsOfEntity(lookup: EntityLookup): string[] {
  const own = `${lookup.entityType}:${lookup.id}`;
  return lookup.entityType === 'node' ? [own, `node_list:${lookup.bundle}`] : [own];
}

revalidateRoutes.get('/api/revalidate', revalidate);
revalidateRoutes.post('/api/revalidate', revalidate);
