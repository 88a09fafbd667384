/** Response helpers that reproduce Drupal's content types and error bodies. */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import type { Json } from './json';
import { demoState } from './state';

export type Ctx = Context<AppEnv>;

/**
 * The request's origin, with the path the instance is served under: absolute URLs in responses
 * are built from it, like Drupal does (a Drupal in a subdirectory includes it).
 */
export function originOf(c: Ctx): string {
  return new URL(c.req.url).origin + demoState().basePath;
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

/**
 * Drupal's own HTML "Page not found" page: what a path no route matches gets, even under /jsonapi
 * (an unknown resource type: no JSON:API route, so no JSON:API error document). Cut down to its bones.
 */
export function htmlNotFound(): Response {
  const body =
    '<!DOCTYPE html>\n<html lang="ru" dir="ltr">\n<head>\n<meta charset="utf-8" />\n' +
    '<meta name="Generator" content="Drupal 10 (https://www.drupal.org)" />\n<title>Страница не найдена | Клиника «Лаванда»</title>\n</head>\n' +
    '<body>\n<main role="main">\n<h1>Страница не найдена</h1>\n<p>Запрашиваемая страница не найдена.</p>\n</main>\n</body>\n</html>\n';
  return new Response(body, { status: 404, headers: { 'Content-Type': 'text/html; charset=UTF-8', ...BASE_HEADERS } });
}

/**
 * PHP's uncaught exception as Drupal renders it to an API client with verbose error reporting: 500,
 * text/plain, the message and the backtrace's HTML. What decoupled_router ≤2.0.5 answers for a path
 * that resolves to a config entity without a canonical link template (core search's `/search…` pages),
 * and what webform_rest answers when a value's type makes PHP's own functions throw.
 */
export function phpError(exception: string, message: string, where: string): Response {
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#039;');
  return textPlain(
    'The website encountered an unexpected error. Try again later.<br><br>' +
      `<em class="placeholder">${esc(exception)}</em>: ${esc(message)} in <em class="placeholder">${esc(where)}</em>. <pre class="backtrace"></pre>`,
    500,
  );
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
