/** Response helpers that reproduce Drupal's content types and error bodies. */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { Json } from './json';

export type Ctx = Context<AppEnv>;

/** The request's origin: absolute URLs in responses are built from it, like Drupal does. */
export function originOf(c: Ctx): string {
  return new URL(c.req.url).origin;
}

/** Path and query exactly as received. */
export function rawPathAndQuery(url: string): string {
  const u = new URL(url);
  return u.pathname + u.search;
}

const BASE_HEADERS: Record<string, string> = {
  'X-Generator': 'Drupal 10 (https://www.drupal.org)',
  'X-Demo-Origin': 'clinic-demo-origin',
};

export function json(body: Json, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...BASE_HEADERS, ...headers },
  });
}

export function jsonApi(body: Json, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/vnd.api+json', ...BASE_HEADERS },
  });
}

export function textPlain(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=UTF-8', ...BASE_HEADERS, ...headers } });
}

export function noContent(headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 204, headers: { ...BASE_HEADERS, ...headers } });
}

/** Symfony's "No route found" 404, rendered by Drupal's JSON exception subscriber. */
export function noRoute(c: Ctx): Response {
  const u = new URL(c.req.url);
  return json({ message: `No route found for "${c.req.method} ${u.origin}${u.pathname}"` }, 404);
}

/** `?_format=` check of core REST routes: json (or absent) is fine, anything else is 406. */
export function badFormat(c: Ctx): Response | null {
  const f = c.req.query('_format');
  if (f === undefined || f === 'json') return null;
  return json({ message: `Not acceptable format: ${f}` }, 406);
}

/**
 * Normalises a `?path=`/`?page=` value to a root-relative path: drops scheme/host, query and
 * fragment, decodes it, ensures a leading slash and removes a trailing one (except for "/").
 */
export function normalizePath(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let p = raw.trim();
  if (!p) return null;
  if (/^https?:\/\//i.test(p)) {
    try {
      p = new URL(p).pathname;
    } catch {
      return null;
    }
  }
  p = p.split('#')[0] ?? '';
  p = p.split('?')[0] ?? '';
  try {
    p = decodeURIComponent(p);
  } catch {
    /* keep as is */
  }
  if (!p.startsWith('/')) p = '/' + p;
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}
