import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { DrupalClient } from '../drupal/client';
import { isInternalPath } from '../paths/redirect-target';

/**
 * Purge on save (issue 9 §4), in the shape of the `next` Drupal module's
 * revalidator, so that the clinic's Drupal calls it with a stock module:
 * `GET|POST /api/revalidate?path=/alias&secret=…` or `?tags=node:12,node_list:news&secret=…`.
 * A tag reaches every cached payload that shows it (cache tags, worker/cache/tags.ts);
 * a node's tag also reaches the payloads keyed by its page (metatags, breadcrumbs).
 * A node's path alone reaches as far as its tags: the module's path revalidator
 * sends nothing else, and the listings showing the node must change with it.
 */
export const revalidateRoutes = new Hono<AppEnv>();

/** Drupal's cache tag names: `node:12`, `node_list`, `node_list:news`, `menu:main`. */
const TAG = /^[a-z_]{1,64}(:[\w.-]{1,64})?$/;
const MAX_TAGS = 100;

/** Compares secrets in time that does not depend on where they differ. */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const digest = async (text: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  const [a, b] = await Promise.all([digest(given), digest(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

const json = (c: Context<AppEnv>, body: Record<string, unknown>, status: 200 | 400 | 401) => c.json(body, status, { 'Cache-Control': 'no-store' });

async function revalidate(c: Context<AppEnv>) {
  const { config, drupal } = c.var;
  const secret = c.req.query('secret') ?? c.req.header('X-Revalidate-Secret');
  if (!config.purgeSecret || !secret || !(await sameSecret(secret, config.purgeSecret))) {
    return json(c, { message: 'Неверный или отсутствующий секрет' }, 401);
  }
  const path = c.req.query('path')?.trim() || undefined;
  const tags = [...new Set((c.req.query('tags') ?? '').split(',').map((tag) => tag.trim()).filter(Boolean))];
  if (!path && tags.length === 0) return json(c, { message: 'Укажите path или tags' }, 400);
  if (path && !isInternalPath(path)) return json(c, { message: 'path должен быть путём страницы сайта' }, 400);
  if (tags.length > MAX_TAGS || tags.some((tag) => !TAG.test(tag))) return json(c, { message: 'tags: имена тегов через запятую, не больше 100' }, 400);

  // The path first, its lookup included, so that the entity it shows now is the one asked about.
  if (path) await drupal.purgePath(path);
  const purgedTags = [...new Set([...tags, ...(path ? await tagsOfEntityAt(drupal, path) : [])])];
  await drupal.purgeTags(purgedTags);
  // A node's page is keyed by its path too (its metatags and breadcrumbs name its title): found through Drupal, now that the node's own payloads are purged.
  const nodePaths = await Promise.all(
    tags.flatMap((tag) => (/^node:\d+$/.test(tag) ? [tag.slice('node:'.length)] : [])).map(async (nid) => {
      const lookup = await drupal.translatePath(`/node/${nid}`).catch(() => null);
      const resolved = lookup?.kind === 'entity' ? lookup.resolvedPath : undefined;
      const base = config.drupalBasePath;
      return resolved && base && resolved.startsWith(`${base}/`) ? resolved.slice(base.length) : resolved;
    }),
  );
  const paths = [...new Set([path, ...nodePaths].filter((p): p is string => p !== undefined && isInternalPath(p)))];
  await Promise.all(paths.filter((p) => p !== path).map((p) => drupal.purgePath(p)));
  console.log(`Кэш обновлён по запросу Drupal: ${[...paths, ...purgedTags].join(', ')}`);
  return json(c, { revalidated: true, now: Date.now(), paths, tags: purgedTags }, 200);
}

/**
 * The tags of the entity a path shows: `node:12` reaches every payload showing it,
 * `node_list:news` every list of its bundle (a node just published is in none yet).
 */
async function tagsOfEntityAt(drupal: DrupalClient, path: string): Promise<string[]> {
  const lookup = await drupal.translatePath(path).catch(() => null);
  if (lookup?.kind !== 'entity') return [];
  const own = `${lookup.entityType}:${lookup.id}`;
  return lookup.entityType === 'node' ? [own, `node_list:${lookup.bundle}`] : [own];
}

revalidateRoutes.get('/api/revalidate', revalidate);
revalidateRoutes.post('/api/revalidate', revalidate);
