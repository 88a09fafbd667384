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
import { editable } from './edits';
import { demoState } from '../lib/state';

/** Every node of the content files, in nid order; an instance's extra nodes come after (setExtraNodes). */
const ownNodes: readonly NodeRecord[] = [
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
for (const n of ownNodes) {
  const alias = n.alias.toLowerCase();
  if (byNid.has(n.nid)) throw new Error(`Duplicate nid ${n.nid}`);
  if (byAlias.has(alias)) throw new Error(`Duplicate alias ${n.alias}`);
  if (RESERVED_PATHS.includes(alias)) throw new Error(`Alias ${n.alias} is a site listing route`);
  byNid.set(n.nid, editable(n));
  byUuid.set(n.uuid, n);
  byAlias.set(alias, n);
}

/** Every node the instance serves: the content files' own, then its extra ones, in nid order. */
export function allNodes(): readonly NodeRecord[] {
  const extra = demoState().extraNodes;
  return extra.length ? [...ownNodes, ...extra] : ownNodes;
}

/**
 * Replaces the instance's extra nodes (a bigger clinic, POST /__demo/doctors) with `extra`, whose
 * nids lie above every content file's, so that allNodes() stays in nid order; [] leaves the
 * content files' own.
 */
export function setExtraNodes(extra: readonly NodeRecord[]): void {
  const taken = new Set(ownNodes.map((n) => n.alias.toLowerCase()));
  for (const n of extra) {
    const alias = n.alias.toLowerCase();
    if (byNid.has(n.nid) || taken.has(alias) || RESERVED_PATHS.includes(alias)) throw new Error(`Extra node ${n.nid} clashes`);
    taken.add(alias);
  }
  demoState().extraNodes = [...extra].sort((a, b) => a.nid - b.nid).map(editable);
}

/** How many extra nodes the test switch added. */
export function extraNodeCount(): number {
  return demoState().extraNodes.length;
}

interface Lookups {
  readonly byNid: Map<number, NodeRecord>;
  readonly byUuid: Map<string, NodeRecord>;
  readonly byAlias: Map<string, NodeRecord>;
}

/** Lookups of an instance's extra nodes, built once per list. */
const extraLookups = new WeakMap<readonly NodeRecord[], Lookups>();

function extra(): Lookups {
  const list = demoState().extraNodes;
  let found = extraLookups.get(list);
  if (!found) {
    found = {
      byNid: new Map(list.map((n) => [n.nid, n])),
      byUuid: new Map(list.map((n) => [n.uuid, n])),
      byAlias: new Map(list.map((n) => [n.alias.toLowerCase(), n])),
    };
    extraLookups.set(list, found);
  }
  return found;
}

export function nodeByNid(nid: number): NodeRecord | undefined {
  return byNid.get(nid) ?? extra().byNid.get(nid);
}
export function nodeByUuid(uuid: string): NodeRecord | undefined {
  return byUuid.get(uuid) ?? extra().byUuid.get(uuid);
}
/** Alias lookup is case-insensitive, like Drupal's path_alias. */
export function nodeByAlias(alias: string): NodeRecord | undefined {
  const key = alias.toLowerCase();
  return byAlias.get(key) ?? extra().byAlias.get(key);
}
export function nodesOfBundle(bundle: Bundle): NodeRecord[] {
  return allNodes().filter((n) => n.bundle === bundle);
}
export function publishedOfBundle(bundle: Bundle): NodeRecord[] {
  return allNodes().filter((n) => n.bundle === bundle && n.status);
}
/** Newest first, as the clinic's views sort. */
export function byCreatedDesc(a: NodeRecord, b: NodeRecord): number {
  return Date.parse(b.created) - Date.parse(a.created) || b.nid - a.nid;
}
