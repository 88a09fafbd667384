/** Path resolution shared by translate-path, redirects, breadcrumbs, metatags and blocks. */
import { nodeByAlias, nodeByNid } from '../content/index';
import type { NodeRecord } from '../content/model';
import { HOME_NID } from '../content/pages';
import { redirectFor } from '../content/redirects';
import { termByTid, type Term } from '../content/terms';

export type Target = { readonly kind: 'node'; readonly node: NodeRecord } | { readonly kind: 'term'; readonly term: Term };

/** Resolves an internal, normalised path ("/", alias, /node/N, /taxonomy/term/N) to an entity. */
export function resolveInternal(path: string): Target | null {
  if (path === '/') {
    const home = nodeByNid(HOME_NID);
    return home ? { kind: 'node', node: home } : null;
  }
  const nodeMatch = /^\/node\/(\d+)$/i.exec(path);
  if (nodeMatch) {
    const n = nodeByNid(Number(nodeMatch[1]));
    return n ? { kind: 'node', node: n } : null;
  }
  const termMatch = /^\/taxonomy\/term\/(\d+)$/i.exec(path);
  if (termMatch) {
    const t = termByTid(Number(termMatch[1]));
    return t ? { kind: 'term', term: t } : null;
  }
  const n = nodeByAlias(path);
  return n ? { kind: 'node', node: n } : null;
}

/** Published node at a path (alias, /node/N or "/"), if any. */
export function publishedNodeAt(path: string): NodeRecord | null {
  const t = resolveInternal(path);
  return t && t.kind === 'node' && t.node.status ? t.node : null;
}

export interface Hop {
  readonly from: string;
  readonly to: string;
  readonly status: string;
}

/** Output form of a redirect target: internal:/node/N becomes the node's alias. */
export function redirectTargetUrl(target: string): string {
  if (!target.startsWith('internal:')) return target;
  const path = target.slice('internal:'.length);
  const m = /^\/node\/(\d+)$/.exec(path);
  if (m) {
    const n = nodeByNid(Number(m[1]));
    if (n) return n.alias;
  }
  return path;
}

/** A root-relative internal path, not protocol-relative and not a scheme. */
export function isInternalPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}

/** Follows redirects hop by hop (decoupled_router ≤2.0.5 keeps one trace entry per hop). */
export function followRedirects(path: string): { hops: Hop[]; final: string; external: boolean } {
  const hops: Hop[] = [];
  let current = path;
  for (let i = 0; i < 10; i++) {
    const r = redirectFor(current);
    if (!r) break;
    const to = redirectTargetUrl(r.target);
    hops.push({ from: r.source, to, status: String(r.status) });
    if (!isInternalPath(to)) return { hops, final: to, external: true };
    current = to;
  }
  return { hops, final: current, external: false };
}
