/**
 * JSON:API query parameters the way Drupal core reads them: filter (shorthand, condition and
 * group forms), sort, page, include and sparse fieldsets. Violations throw QueryError, which the
 * route turns into a 400 error document.
 */
import type { Json } from './json';
import { isJsonObject } from './json';
import { resolveIdentifier, type Identifier, type Resource, type SparseFields } from './jsonapi';
import type { QueryMap, QueryTree } from './php-query';
import { foldRu } from './text';

export class QueryError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

// ---- Paths -----------------------------------------------------------------------------------------

function descend(values: Json[], segs: readonly string[]): Json[] {
  let cur = values;
  for (const seg of segs) {
    const next: Json[] = [];
    for (const v of cur) {
      if (Array.isArray(v)) {
        for (const item of v) if (isJsonObject(item) && seg in item) next.push(item[seg] ?? null);
      } else if (isJsonObject(v) && seg in v) next.push(v[seg] ?? null);
    }
    cur = next;
  }
  return cur.flatMap((v) => (Array.isArray(v) ? v : [v]));
}

function identifiers(data: Resource['relationships'][string] | undefined): Identifier[] {
  if (!data) return [];
  return Array.isArray(data) ? data : [data];
}

/** Values at a field path ("status", "path.alias", "field_services.id", "field_doctor.title"…). */
export function resolvePath(r: Resource, segs: readonly string[]): Json[] {
  const [head, ...rest] = segs;
  if (head === undefined) return [];
  if (head === 'id') return rest.length ? [] : [r.id];
  if (head === 'type') return rest.length ? [] : [r.type];
  if (head in r.attributes) return descend([r.attributes[head] ?? null], rest);
  if (head in r.relationships) {
    const ids = identifiers(r.relationships[head]);
    const tail = rest[0] === 'entity' ? rest.slice(1) : rest;
    const [next, ...more] = tail;
    if (next === undefined || (next === 'id' && more.length === 0)) return ids.map((i) => i.id);
    if (next === 'target_id') return ids.map((i) => i.meta.drupal_internal__target_id ?? null);
    if (next === 'meta')
      return descend(
        ids.map((i) => i.meta),
        more,
      );
    return ids.flatMap((i) => {
      const target = resolveIdentifier(i);
      return target ? resolvePath(target, tail) : [];
    });
  }
  return [];
}

function checkPath(path: string, fieldNames: ReadonlySet<string>): string[] {
  const segs = path.split('.').filter((s) => s !== '');
  const head = segs[0];
  if (head === undefined || (!fieldNames.has(head) && head !== 'id' && head !== 'type')) {
    throw new QueryError(`Invalid nested filtering. The field \`${head ?? ''}\`, given in the path \`${path}\`, does not exist.`);
  }
  return segs;
}

// ---- Filters ---------------------------------------------------------------------------------------

const OPERATORS = [
  '=',
  '<>',
  '>',
  '>=',
  '<',
  '<=',
  'STARTS_WITH',
  'CONTAINS',
  'ENDS_WITH',
  'IN',
  'NOT IN',
  'BETWEEN',
  'NOT BETWEEN',
  'IS NULL',
  'IS NOT NULL',
];

interface Condition {
  readonly segs: string[];
  readonly operator: string;
  readonly value: string | string[] | null;
  readonly memberOf: string;
}
interface Group {
  readonly id: string;
  readonly conjunction: 'AND' | 'OR';
  readonly memberOf: string;
}
export interface Filter {
  readonly conditions: Condition[];
  readonly groups: Group[];
}

function str(t: QueryTree | undefined): string | undefined {
  return typeof t === 'string' ? t : undefined;
}
function valueOf(t: QueryTree | undefined): string | string[] | null {
  if (t === undefined) return null;
  if (typeof t === 'string') return t;
  return Object.values(t).flatMap((v) => (typeof v === 'string' ? [v] : []));
}

export function parseFilter(param: QueryTree | undefined, fieldNames: ReadonlySet<string>): Filter {
  const conditions: Condition[] = [];
  const groups: Group[] = [];
  if (param === undefined) return { conditions, groups };
  if (typeof param === 'string') throw new QueryError('Incorrect value passed to the filter parameter.');
  for (const [key, item] of Object.entries(param)) {
    if (typeof item === 'string') {
      conditions.push({ segs: checkPath(key, fieldNames), operator: '=', value: item, memberOf: '@root' });
      continue;
    }
    const group = item.group;
    if (group !== undefined && typeof group !== 'string') {
      const conj = (str(group.conjunction) ?? 'AND').toUpperCase();
      if (conj !== 'AND' && conj !== 'OR') throw new QueryError(`The filter conjunction "${conj}" is not allowed.`);
      groups.push({ id: key, conjunction: conj, memberOf: str(group.memberOf) ?? '@root' });
      continue;
    }
    const cond: QueryMap = item.condition !== undefined && typeof item.condition !== 'string' ? item.condition : item;
    const path = str(cond.path) ?? key;
    const operator = (str(cond.operator) ?? '=').toUpperCase();
    if (!OPERATORS.includes(operator)) throw new QueryError(`The '${operator}' operator is not allowed in a filter parameter.`);
    const value = valueOf(cond.value);
    if (value === null && operator !== 'IS NULL' && operator !== 'IS NOT NULL') {
      throw new QueryError(`Filter parameter "${key}" requires a value.`);
    }
    conditions.push({ segs: checkPath(path, fieldNames), operator, value, memberOf: str(cond.memberOf) ?? '@root' });
  }
  return { conditions, groups };
}

function isTrue(s: string): boolean | null {
  const l = s.toLowerCase();
  if (l === '1' || l === 'true') return true;
  if (l === '0' || l === 'false') return false;
  return null;
}

const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T/;

/** Comparable form of an entity value and a filter value. */
function pair(v: Json, f: string): [number | string, number | string] | null {
  if (typeof v === 'boolean') {
    const b = isTrue(f);
    return b === null ? null : [v ? 1 : 0, b ? 1 : 0];
  }
  if (typeof v === 'number') {
    const n = Number(f);
    return Number.isNaN(n) ? null : [v, n];
  }
  if (typeof v === 'string') {
    if (ISO_DATETIME.test(v) && /^-?\d+$/.test(f)) return [Date.parse(v) / 1000, Number(f)];
    if (ISO_DATETIME.test(v) && ISO_DATETIME.test(f)) return [Date.parse(v), Date.parse(f)];
    return [foldRu(v), foldRu(f)];
  }
  return null;
}

function compare(v: Json, op: string, f: string): boolean {
  if (op === 'STARTS_WITH' || op === 'CONTAINS' || op === 'ENDS_WITH') {
    if (typeof v !== 'string' && typeof v !== 'number') return false;
    const a = foldRu(String(v));
    const b = foldRu(f);
    return op === 'CONTAINS' ? a.includes(b) : op === 'STARTS_WITH' ? a.startsWith(b) : a.endsWith(b);
  }
  const p = pair(v, f);
  if (!p) return false;
  const [a, b] = p;
  switch (op) {
    case '=':
      return a === b;
    case '<>':
      return a !== b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    default:
      return false;
  }
}

function matches(r: Resource, c: Condition): boolean {
  const values = resolvePath(r, c.segs);
  const present = values.filter((v) => v !== null);
  switch (c.operator) {
    case 'IS NULL':
      return present.length === 0;
    case 'IS NOT NULL':
      return present.length > 0;
    case 'IN':
    case 'NOT IN': {
      const list = Array.isArray(c.value) ? c.value : c.value === null ? [] : [c.value];
      const hit = present.some((v) => list.some((f) => compare(v, '=', f)));
      return c.operator === 'IN' ? hit : !hit;
    }
    case 'BETWEEN':
    case 'NOT BETWEEN': {
      const [lo, hi] = Array.isArray(c.value) ? c.value : [];
      if (lo === undefined || hi === undefined) throw new QueryError('BETWEEN requires two values.');
      const hit = present.some((v) => compare(v, '>=', lo) && compare(v, '<=', hi));
      return c.operator === 'BETWEEN' ? hit : !hit;
    }
    default: {
      const f = Array.isArray(c.value) ? (c.value[0] ?? '') : (c.value ?? '');
      return present.some((v) => compare(v, c.operator, f));
    }
  }
}

export function applyFilter(resources: Resource[], filter: Filter): Resource[] {
  if (filter.conditions.length === 0) return resources;
  const evalGroup = (r: Resource, id: string, conjunction: 'AND' | 'OR'): boolean => {
    const results: boolean[] = [
      ...filter.conditions.filter((c) => c.memberOf === id).map((c) => matches(r, c)),
      ...filter.groups.filter((g) => g.memberOf === id && g.id !== id).map((g) => evalGroup(r, g.id, g.conjunction)),
    ];
    if (results.length === 0) return true;
    return conjunction === 'AND' ? results.every(Boolean) : results.some(Boolean);
  };
  return resources.filter((r) => evalGroup(r, '@root', 'AND'));
}

// ---- Sort ------------------------------------------------------------------------------------------

interface SortKey {
  readonly segs: string[];
  readonly desc: boolean;
}

export function parseSort(param: QueryTree | undefined, fieldNames: ReadonlySet<string>): SortKey[] {
  if (param === undefined) return [];
  if (typeof param === 'string') {
    return param
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => {
        const desc = s.startsWith('-');
        return { segs: checkPath(desc ? s.slice(1) : s, fieldNames), desc };
      });
  }
  return Object.values(param).map((item) => {
    if (typeof item === 'string') return { segs: checkPath(item, fieldNames), desc: false };
    const path = str(item.path);
    if (!path) throw new QueryError('You need to provide a field name for the sort parameter.');
    return { segs: checkPath(path, fieldNames), desc: (str(item.direction) ?? 'ASC').toUpperCase() === 'DESC' };
  });
}

function sortValue(v: Json | undefined): number | string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return ISO_DATETIME.test(v) ? Date.parse(v) : foldRu(v);
  return null;
}

export function applySort(resources: Resource[], keys: SortKey[]): Resource[] {
  if (keys.length === 0) return resources;
  return [...resources].sort((a, b) => {
    for (const k of keys) {
      const va = sortValue(resolvePath(a, k.segs)[0]);
      const vb = sortValue(resolvePath(b, k.segs)[0]);
      let d = 0;
      if (va === null && vb !== null) d = -1;
      else if (va !== null && vb === null) d = 1;
      else if (va !== null && vb !== null) d = va < vb ? -1 : va > vb ? 1 : 0;
      if (d !== 0) return k.desc ? -d : d;
    }
    return 0;
  });
}

// ---- Page ------------------------------------------------------------------------------------------

export const PAGE_SIZE_MAX = 50;

export function parsePage(param: QueryTree | undefined): { offset: number; limit: number } {
  let offset = 0;
  let limit = PAGE_SIZE_MAX;
  if (param === undefined) return { offset, limit };
  if (typeof param === 'string') throw new QueryError('The page parameter needs to be an array.');
  if (param.limit !== undefined) {
    const n = Number(str(param.limit) ?? NaN);
    if (!Number.isFinite(n) || Math.trunc(n) <= 0) throw new QueryError('The page size needs to be a positive integer.');
    limit = Math.min(Math.trunc(n), PAGE_SIZE_MAX);
  }
  if (param.offset !== undefined) {
    const n = Number(str(param.offset) ?? NaN);
    if (!Number.isFinite(n) || Math.trunc(n) < 0) throw new QueryError('The page offset needs to be a positive integer.');
    offset = Math.trunc(n);
  }
  return { offset, limit };
}

// ---- Sparse fieldsets and includes -------------------------------------------------------------------

export function parseFields(param: QueryTree | undefined): SparseFields {
  const out = new Map<string, Set<string>>();
  if (param === undefined || typeof param === 'string') return out;
  for (const [type, list] of Object.entries(param)) {
    if (typeof list !== 'string') continue;
    out.set(
      type,
      new Set(
        list
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    );
  }
  return out;
}

export function parseInclude(param: QueryTree | undefined, relationshipNames: readonly string[]): string[][] {
  if (param === undefined) return [];
  if (typeof param !== 'string') throw new QueryError('The include parameter needs to be a comma-separated list.');
  const paths = param
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => s.split('.'));
  for (const p of paths) {
    const head = p[0] ?? '';
    if (!relationshipNames.includes(head)) {
      throw new QueryError(`\`${head}\` is not a valid relationship field name. Possible values: ${relationshipNames.join(', ')}.`);
    }
  }
  return paths;
}

/**
 * Resolves include paths from the primary data, no duplicates; published targets only unless the
 * user may see unpublished content (`withUnpublished`).
 */
export function collectIncluded(primary: readonly Resource[], paths: readonly string[][], withUnpublished = false): Resource[] {
  const seen = new Set(primary.map((r) => `${r.type}:${r.id}`));
  const out: Resource[] = [];
  for (const path of paths) {
    let level: Resource[] = [...primary];
    path.forEach((field, depth) => {
      const next: Resource[] = [];
      for (const r of level) {
        if (depth > 0 && !(field in r.relationships)) {
          continue;
        }
        for (const id of identifiers(r.relationships[field])) {
          const target = resolveIdentifier(id);
          if (!target || (!target.published && !withUnpublished)) continue;
          next.push(target);
          const key = `${target.type}:${target.id}`;
          if (!seen.has(key)) {
            seen.add(key);
            out.push(target);
          }
        }
      }
      level = next;
    });
  }
  return out;
}
