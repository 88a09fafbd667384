import type { Context, Env, MiddlewareHandler } from 'hono';
import { VIDEO_EMBED_ORIGINS } from '../drupal/video-hosts';

/** What this middleware puts on the context. */
export interface SecurityVariables {
  /**
   * The nonce every inline and module script of the response carries, made on first use: a response that asks
   * for none (a page served again as kept bytes, an API answer) has none in its policy, and costs no random bytes.
   */
  nonce: () => string;
}

const HSTS = 'max-age=31536000; includeSubDomains';
const PERMISSIONS = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=()';
const RETRY_AFTER_SECONDS = '60';

function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Scripts only from our origin and those `scripts` name (this response's `'nonce-…'`, or a kept page's inline scripts
 * by their `'sha256-…'`: cache/page-bytes.ts); the analytics counter's origins where configured.
 */
export function contentSecurityPolicy(scripts: readonly string[], analyticsOrigins: readonly string[] = []): string {
  const analytics = analyticsOrigins.join(' ');
  const list = (...sources: string[]) => sources.filter(Boolean).join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list(`'self'`, ...scripts, analytics)}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${list(`'self'`, 'data:', analytics)}`,
    `font-src 'self'`,
    `connect-src ${list(`'self'`, analytics)}`,
    `media-src 'self'`,
    `frame-src ${VIDEO_EMBED_ORIGINS.join(' ')}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** The headers every response carries alike. */
const FIXED: readonly [string, string][] = [
  ['Strict-Transport-Security', HSTS],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', PERMISSIONS],
  ['X-Frame-Options', 'DENY'],
];

/**
 * What the middleware below adds to a response that has `headers` (a page kept as bytes, rendered-pages.ts, is
 * answered before any middleware, so it keeps them with it): the fixed headers, and a Cache-Control where none is.
 */
export function withSecurityHeaders(headers: Record<string, string>, status: number): Record<string, string> {
  const all = { ...headers };
  for (const [name, value] of FIXED) all[name.toLowerCase()] = value;
  all['cache-control'] ??= cacheControlFor(status);
  return all;
}

/** What a response may be kept for, by what it is: pages briefly and shared, errors hardly at all. */
function cacheControlFor(status: number): string {
  if (status === 200) return 'public, max-age=60';
  if (status === 301 || status === 308) return 'public, max-age=3600';
  if (status >= 300 && status < 400) return 'no-cache';
  if (status === 404 || status === 403 || status === 400 || status === 405) return 'public, max-age=30';
  return 'no-store';
}

/**
 * Security headers on every response the worker makes (static assets get theirs
 * from `_headers`). A route that knows better (the files proxy) sets its own
 * Content-Security-Policy and Cache-Control, which are kept.
 */
export function securityHeaders<E extends Env & { Variables: SecurityVariables }>(options: {
  /** Read after the response is made, when the request's configuration is known. */
  analyticsOrigins: (c: Context<E>) => readonly string[];
}): MiddlewareHandler<E> {
  return async (c, next) => {
    let nonce: string | undefined;
    c.set('nonce', () => (nonce ??= newNonce()));
    await next();
    const headers = c.res.headers;
    const setIfAbsent = (name: string, value: string) => {
      if (!headers.has(name)) headers.set(name, value);
    };
    if (!headers.has('Content-Security-Policy'))
      headers.set('Content-Security-Policy', contentSecurityPolicy(nonce ? [`'nonce-${nonce}'`] : [], options.analyticsOrigins(c)));
    for (const [name, value] of FIXED) headers.set(name, value);
    setIfAbsent('Cache-Control', cacheControlFor(c.res.status));
    if (c.res.status === 503) setIfAbsent('Retry-After', RETRY_AFTER_SECONDS);
  };
}
