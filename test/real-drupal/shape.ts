/**
 * The shape of an answer, to compare the demo origin's (or a live Drupal's) with a recorded real one:
 * status, the content type's media type, object keys and JSON types. Arrays are compared by their first
 * element's shape; strings and numbers differ (Views sends numbers as strings, JSON:API as numbers).
 * Pure: no I/O, usable in workerd and in Node.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Answer {
  status: number;
  contentType: string;
  body: Json;
}

export type Shape =
  { type: 'null' | 'boolean' | 'number' | 'string' } | { type: 'array'; item?: Shape } | { type: 'object'; keys: { [key: string]: Shape } };

/** Where a difference sits: `body.data[].attributes.title`. */
export type ShapePath = string;

export interface ShapeOptions {
  /** Keys left out of the comparison on both sides (content-specific fields, say). */
  ignore?: (path: ShapePath, key: string) => boolean;
  /** Keys the second answer may have beyond the first's at this path (a bundle's own fields, a view's own columns). */
  allowExtra?: (path: ShapePath) => boolean;
  /** Keys of the first answer the second may lack at this path. */
  allowMissing?: (path: ShapePath) => boolean;
  /** Objects read as maps at this path: their keys are content, only the first value's shape counts. */
  map?: (path: ShapePath) => boolean;
  /** Whether null on either side stands for any type at this path (an empty optional field). */
  nullable?: (path: ShapePath) => boolean;
}

export function typeOf(value: Json): Shape['type'] {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as 'boolean' | 'number' | 'string' | 'object';
}

export function shapeOf(value: Json): Shape {
  if (Array.isArray(value)) return value.length ? { type: 'array', item: shapeOf(value[0] as Json) } : { type: 'array' };
  if (value !== null && typeof value === 'object') {
    const keys: { [key: string]: Shape } = {};
    for (const key of Object.keys(value).sort()) keys[key] = shapeOf(value[key] as Json);
    return { type: 'object', keys };
  }
  return { type: typeOf(value) as 'null' | 'boolean' | 'number' | 'string' };
}

/** `application/json; charset=utf-8` → `application/json`. */
export function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** The differences between two JSON values' shapes ([] when the same). */
export function valueDiff(a: Json, b: Json, options: ShapeOptions = {}, path: ShapePath = 'body'): string[] {
  const ta = typeOf(a);
  const tb = typeOf(b);
  if (ta !== tb) {
    if ((ta === 'null' || tb === 'null') && options.nullable?.(path)) return [];
    return [`${path}: ${ta} ≠ ${tb}`];
  }
  if (ta === 'array') {
    const xa = a as Json[];
    const xb = b as Json[];
    if (!xa.length || !xb.length) return [];
    return valueDiff(xa[0] as Json, xb[0] as Json, options, `${path}[]`);
  }
  if (ta !== 'object') return [];
  const oa = a as { [key: string]: Json };
  const ob = b as { [key: string]: Json };
  if (options.map?.(path)) {
    const va = Object.values(oa);
    const vb = Object.values(ob);
    if (!va.length || !vb.length) return [];
    return valueDiff(va[0] as Json, vb[0] as Json, options, `${path}{}`);
  }
  const out: string[] = [];
  const keep = (k: string) => !options.ignore?.(path, k);
  for (const key of Object.keys(oa).filter(keep)) {
    if (!(key in ob)) {
      if (!options.allowMissing?.(path)) out.push(`${path}.${key}: missing`);
      continue;
    }
    out.push(...valueDiff(oa[key] as Json, ob[key] as Json, options, `${path}.${key}`));
  }
  if (!options.allowExtra?.(path)) {
    for (const key of Object.keys(ob).filter(keep)) if (!(key in oa)) out.push(`${path}.${key}: extra`);
  }
  return out;
}

/**
 * The differences between two answers: status, media type, and the bodies' shapes (a text body only
 * as "a string"). `a` is the reference (the real Drupal's), `b` the one checked.
 */
export function sameShape(a: Answer, b: Answer, options: ShapeOptions = {}): string[] {
  const out: string[] = [];
  if (a.status !== b.status) out.push(`status: ${a.status} ≠ ${b.status}`);
  const ma = mediaType(a.contentType);
  const mb = mediaType(b.contentType);
  if (ma !== mb) out.push(`content type: ${ma} ≠ ${mb}`);
  out.push(...valueDiff(a.body, b.body, options));
  return out;
}

/** A response read the way the fixtures are stored (JSON when it parses, else its text). */
export async function answerOf(response: Response): Promise<Answer> {
  const contentType = response.headers.get('Content-Type') ?? '';
  const raw = await response.text();
  let body: Json = raw;
  if (/json/i.test(contentType) || /^\s*[[{]/.test(raw)) {
    try {
      body = JSON.parse(raw) as Json;
    } catch {
      body = raw;
    }
  }
  return { status: response.status, contentType, body };
}
