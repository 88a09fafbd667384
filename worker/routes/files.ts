import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { originBreaker } from '../drupal/from-config';
import { mediaType, parseFileRequest } from '../files/file-path';

/**
 * Drupal's public files (root-relative `/sites/default/files/…` in its payloads)
 * served from the site's own host, so pages never link the CMS host. Copies stay
 * in the edge cache, so images outlive a Drupal outage as pages do.
 */
export const fileRoutes = new Hono<AppEnv>();

const FILE_MAX_AGE = 86_400;
const MISSING_MAX_AGE = 60;
const RETRY_AFTER_SECONDS = '30';
/** A file is never a document: an SVG opened on its own must not run script on our origin. */
const FILE_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; media-src 'self'; sandbox";

const fileHeaders = (cacheControl: string) =>
  new Headers({ 'Cache-Control': cacheControl, 'Content-Security-Policy': FILE_CSP, 'X-Content-Type-Options': 'nosniff' });

fileRoutes.get('/sites/default/files/*', async (c) => {
  const file = parseFileRequest(new URL(c.req.url));
  if (!file) return new Response(null, { status: 404, headers: fileHeaders(`public, max-age=${MISSING_MAX_AGE}`) });

  const { config } = c.var;
  const edgeCache = config.fileCache;
  if (!edgeCache) throw new Error('Кэш файлов не подключён');
  // Keyed by the site's own address, not the request's Host, so that a bogus Host cannot fill the cache.
  const cacheKey = new Request(`${config.siteUrl}${file.path}${file.query}`);
  const cached = await edgeCache.match(cacheKey);
  if (cached) {
    const hit = new Response(cached.body, cached);
    hit.headers.set('X-Cache', 'HIT');
    return hit;
  }

  const unavailable = () => {
    const headers = fileHeaders('no-store');
    headers.set('Retry-After', RETRY_AFTER_SECONDS);
    headers.set('X-Cache', 'ERROR');
    return new Response(null, { status: 503, headers });
  };
  if (originBreaker(config).open) return unavailable();

  let origin: Response;
  try {
    origin = await fetch(`${config.drupalBaseUrl}${file.path}${file.query}`, {
      signal: AbortSignal.timeout(config.origin.timeoutMs),
      redirect: 'manual',
    });
  } catch {
    return unavailable();
  }
  if (origin.status >= 500) {
    await origin.body?.cancel();
    return unavailable();
  }
  const expected = file.types.includes(mediaType(origin.headers.get('Content-Type')));
  if (origin.status !== 200 || !expected) {
    await origin.body?.cancel();
    // A redirect, an error or a page of HTML where a file should be: nothing to serve under this name.
    const missing = new Response(null, { status: 404, headers: fileHeaders(`public, max-age=${MISSING_MAX_AGE}`) });
    if (origin.status === 404 || origin.status === 410) c.executionCtx.waitUntil(edgeCache.put(cacheKey, missing.clone()));
    missing.headers.set('X-Cache', 'MISS');
    return missing;
  }
  const headers = fileHeaders(`public, max-age=${FILE_MAX_AGE}`);
  headers.set('Content-Type', file.types[0]!);
  for (const name of ['Content-Length', 'ETag', 'Last-Modified']) {
    const value = origin.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = new Response(origin.body, { status: 200, headers });
  c.executionCtx.waitUntil(edgeCache.put(cacheKey, response.clone()));
  response.headers.set('X-Cache', 'MISS');
  return response;
});
