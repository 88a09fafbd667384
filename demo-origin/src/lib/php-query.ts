/**
 * Query strings the way PHP (and so Drupal) reads and writes them: `filter[status]=1` becomes
 * nested arrays, a repeated key keeps its first position and its last value, and Drupal writes
 * links with rawurlencode(), brackets included (`page%5Blimit%5D=2`).
 */

export interface QueryPair {
  /** [base, ...bracket segments], e.g. ["filter", "status"] */
  readonly path: readonly string[];
  readonly value: string;
}

export type QueryTree = string | QueryMap;
export interface QueryMap {
  [key: string]: QueryTree;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

function splitKey(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const base = key.slice(0, open);
  const segs: string[] = [];
  const re = /\[([^\]]*)\]/g;
  let m: RegExpExecArray | null;
  let last = open;
  re.lastIndex = open;
  while ((m = re.exec(key)) !== null && m.index === last) {
    segs.push(m[1] ?? '');
    last = re.lastIndex;
  }
  return [base, ...segs];
}

/** Parses a raw query string (with or without the leading "?"). */
export function parseQuery(search: string): QueryPair[] {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  const out: QueryPair[] = [];
  const index = new Map<string, number>();
  for (const part of raw.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decode(part.slice(eq + 1));
    if (!key) continue;
    const path = splitKey(key);
    const id = path.join('\u0000');
    const at = index.get(id);
    if (at !== undefined && !path.includes('')) out[at] = { path, value };
    else {
      index.set(id, out.length);
      out.push({ path, value });
    }
  }
  return out;
}

/** Nested PHP-array view of the pairs. */
export function queryTree(pairs: readonly QueryPair[]): QueryMap {
  const root: QueryMap = {};
  for (const { path, value } of pairs) {
    let node: QueryMap = root;
    path.forEach((seg, i) => {
      let key = seg;
      if (key === '') key = String(Object.keys(node).length);
      if (i === path.length - 1) {
        node[key] = value;
      } else {
        const next = node[key];
        if (typeof next === 'object') node = next;
        else {
          const created: QueryMap = {};
          node[key] = created;
          node = created;
        }
      }
    });
  }
  return root;
}

/** PHP rawurlencode(). */
export function rawurlencode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

function encodePair(p: QueryPair): string {
  const [base = '', ...segs] = p.path;
  return rawurlencode(base) + segs.map((s) => rawurlencode(`[${s}]`)).join('') + '=' + rawurlencode(p.value);
}

export function buildQuery(pairs: readonly QueryPair[]): string {
  return pairs.map(encodePair).join('&');
}

/** Groups pairs by their top-level key, keeping first-appearance order. */
function groups(pairs: readonly QueryPair[]): Map<string, QueryPair[]> {
  const g = new Map<string, QueryPair[]>();
  for (const p of pairs) {
    const base = p.path[0] ?? '';
    const list = g.get(base);
    if (list) list.push(p);
    else g.set(base, [p]);
  }
  return g;
}

/** Symfony's normalised query (top-level keys sorted), as in JSON:API `links.self`. */
export function sortedQuery(pairs: readonly QueryPair[]): string {
  const g = groups(pairs);
  const keys = [...g.keys()].sort();
  return buildQuery(keys.flatMap((k) => g.get(k) ?? []));
}

/** Replaces one top-level key (in place, or appended) — PHP `$query[$key] = [...]`. */
export function withTopLevel(pairs: readonly QueryPair[], key: string, replacement: readonly QueryPair[]): QueryPair[] {
  const g = groups(pairs);
  if (!g.has(key)) g.set(key, []);
  const out: QueryPair[] = [];
  for (const [k, list] of g) out.push(...(k === key ? replacement : list));
  return out;
}
