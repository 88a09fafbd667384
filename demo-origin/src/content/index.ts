/** The content registry: every node of every bundle, with lookups by nid, uuid and alias. */
import { actionNodes, articleNodes } from './actions-articles';
import { equipmentNodes, galleryNodes, pressNodes, problemNodes, slideNodes, videoNodes } from './media';
import type { Bundle, NodeRecord } from './model';
import { newsNodes } from './news';
import { pageNodes, vacancyNodes } from './pages';
import { doctorNodes, patientNodes, reviewNodes } from './people';
import { promoLandingNodes } from './promo-landing';
import { qaNodes } from './qa';
import { serviceNodes } from './services';

/** Every node: the content files' own, then the extra ones a test switch added (setExtraNodes). */
const registry: NodeRecord[] = [
  ...pageNodes,
  ...serviceNodes,
  ...doctorNodes,
  ...patientNodes,
  ...reviewNodes,
  ...actionNodes,
  ...articleNodes,
  ...galleryNodes,
  ...videoNodes,
  ...problemNodes,
  ...slideNodes,
  ...qaNodes,
  ...equipmentNodes,
  ...pressNodes,
  ...vacancyNodes,
  ...newsNodes,
  ...promoLandingNodes,
].sort((a, b) => a.nid - b.nid);
const ownCount = registry.length;
export const nodes: readonly NodeRecord[] = registry;

/** Listing routes of the site itself: no node may use them as alias. */
export const RESERVED_PATHS = [
  '/news.html',
  '/article.html',
  '/feedback.html',
  '/oborudovaniye.html',
  '/smi-o-nas.html',
  '/special.html',
  '/vacancia.html',
  '/video.html',
  '/vopros-otvet.html',
  '/doctors.html',
  '/price.html',
  '/services.html',
  '/do-i-posle.html',
];

const byNid = new Map<number, NodeRecord>();
const byUuid = new Map<string, NodeRecord>();
const byAlias = new Map<string, NodeRecord>();
function register(n: NodeRecord): void {
  const alias = n.alias.toLowerCase();
  if (byNid.has(n.nid)) throw new Error(`Duplicate nid ${n.nid}`);
  if (byAlias.has(alias)) throw new Error(`Duplicate alias ${n.alias}`);
  if (RESERVED_PATHS.includes(alias)) throw new Error(`Alias ${n.alias} is a site listing route`);
  byNid.set(n.nid, n);
  byUuid.set(n.uuid, n);
  byAlias.set(alias, n);
}
for (const n of registry) register(n);

/**
 * Replaces the extra nodes (a bigger clinic, POST /__demo/doctors) with `extra`, whose nids lie
 * above every content file's, so that `nodes` stays in nid order; [] leaves the content files' own.
 */
export function setExtraNodes(extra: readonly NodeRecord[]): void {
  for (const n of registry.splice(ownCount)) {
    byNid.delete(n.nid);
    byUuid.delete(n.uuid);
    byAlias.delete(n.alias.toLowerCase());
  }
  for (const n of [...extra].sort((a, b) => a.nid - b.nid)) {
    register(n);
    registry.push(n);
  }
}

/** How many extra nodes the test switch added. */
export function extraNodeCount(): number {
  return registry.length - ownCount;
}

export function nodeByNid(nid: number): NodeRecord | undefined {
  return byNid.get(nid);
}
export function nodeByUuid(uuid: string): NodeRecord | undefined {
  return byUuid.get(uuid);
}
/** Alias lookup is case-insensitive, like Drupal's path_alias. */
export function nodeByAlias(alias: string): NodeRecord | undefined {
  return byAlias.get(alias.toLowerCase());
}
export function nodesOfBundle(bundle: Bundle): NodeRecord[] {
  return nodes.filter((n) => n.bundle === bundle);
}
export function publishedOfBundle(bundle: Bundle): NodeRecord[] {
  return nodes.filter((n) => n.bundle === bundle && n.status);
}
/** Newest first, as the clinic's views sort. */
export function byCreatedDesc(a: NodeRecord, b: NodeRecord): number {
  return Date.parse(b.created) - Date.parse(a.created) || b.nid - a.nid;
}
