import { inject } from 'vitest';
import { TEST_SECRETS } from '../setup/secrets';
import { connectRealDrupal, type RealDrupal } from './drupal';

export { eventually } from '../setup/eventually';

/** The real Drupal of this run (setup.ts), with drush at hand. */
export const drupal = connectRealDrupal(inject('realDrupal'));

const sites = inject('realSites');
/** Both targets, for `describe.each`: the same checks on Workers (wrangler dev) and on Node. */
export const TARGETS = [
  ['workers', sites.workers],
  ['node', sites.node],
] as const;

const apiAuth = `Basic ${Buffer.from(`${TEST_SECRETS.DRUPAL_API_USER}:${TEST_SECRETS.DRUPAL_API_PASSWORD}`).toString('base64')}`;

/** A JSON answer of Drupal at `path` (from its root) as the site's API account reads it, of this run's Drupal unless `on` names another stack's. */
export async function drupalApi<T>(path: string, on: RealDrupal = drupal): Promise<T> {
  const res = await fetch(on.url + path, { headers: { Authorization: apiAuth, Accept: 'application/vnd.api+json' } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return (await res.json()) as T;
}

/** A JSON:API document (`path` under /jsonapi) as the site's API account reads it. */
export const jsonapi = <T>(path: string, on: RealDrupal = drupal): Promise<T> => drupalApi<T>(`/jsonapi${path ? `/${path}` : ''}`, on);

/** The bundles whose nodes are pages of their own (the home slider's slides are not). */
export const PAGE_BUNDLES = [
  'page',
  'services',
  'doctors',
  'news',
  'article',
  'actions',
  'reviews',
  'gallery',
  'video',
  'equipment',
  'smi_o_nas',
  'patients',
  'problem',
];

export interface PublishedNode {
  nid: number;
  title: string;
  alias: string;
}

/** The published nodes of a bundle, newest first, as Drupal has them now. */
export async function publishedNodes(bundle: string, limit = 50, on: RealDrupal = drupal): Promise<PublishedNode[]> {
  type Doc = { data: { attributes: { drupal_internal__nid: number; title: string; path: { alias: string | null } } }[] };
  const doc = await jsonapi<Doc>(`node/${bundle}?filter[status]=1&sort=-created&page[limit]=${limit}`, on);
  return doc.data.map(({ attributes: a }) => ({
    nid: a.drupal_internal__nid,
    title: a.title,
    alias: a.path.alias ?? `/node/${a.drupal_internal__nid}`,
  }));
}

/** The node bundles this Drupal has (its JSON:API entry point). */
export async function nodeBundles(on: RealDrupal = drupal): Promise<string[]> {
  const doc = await jsonapi<{ links: Record<string, unknown> }>('', on);
  return Object.keys(doc.links).flatMap((name) => (name.startsWith('node--') ? [name.slice('node--'.length)] : []));
}

/** A page of the site: status, X-Cache and body (redirects not followed). */
export async function get(site: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(site + path, { redirect: 'manual', headers });
  return {
    status: res.status,
    cache: res.headers.get('X-Cache'),
    location: res.headers.get('Location'),
    html: await res.text(),
    headers: res.headers,
  };
}

/** The page's <h1>, tags stripped. */
export const h1 = (html: string) =>
  /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();

/** A node's fields set through Drupal's entity API, as an editor's save would (the `next` module then calls both sites). */
export async function saveNode(nid: number, changes: { title?: string; status?: boolean }): Promise<void> {
  const lines = [`$node = \\Drupal\\node\\Entity\\Node::load(${nid});`];
  if (changes.title !== undefined) lines.push(`$node->setTitle(${JSON.stringify(changes.title)});`);
  if (changes.status !== undefined) lines.push(changes.status ? '$node->setPublished();' : '$node->setUnpublished();');
  lines.push('$node->save();');
  await drupal.php(lines.join(' '));
}

let visitors = 0;
/** A visitor's address of its own (the forms allow a few posts a minute from one address), on either target. */
export function newVisitor(): Record<string, string> {
  visitors += 1;
  const address = `203.0.113.${(visitors % 250) + 1}`;
  return { 'CF-Connecting-IP': address, 'X-Forwarded-For': address };
}
