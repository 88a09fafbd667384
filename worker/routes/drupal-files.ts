import { Hono } from 'hono';
import type { AppEnv } from '../env';

/**
 * Drupal's public files (root-relative `/sites/default/files/…` in its payloads)
 * served from the site's own host, so pages never link the CMS host. Copies stay
 * in the edge cache, so images outlive a Drupal outage as pages do.
 */
export const drupalFiles = new Hono<AppEnv>();

const FORWARDED_HEADERS = ['Content-Type', 'Content-Length', 'ETag', 'Last-Modified'];

drupalFiles.get('/sites/default/files/*', async (c) => {
  const edgeCache = (caches as unknown as { default: Cache }).default;
  const cacheKey = new Request(new URL(c.req.path, c.req.url));
  const cached = await edgeCache.match(cacheKey);
  if (cached) return cached;

  let origin: Response;
  try {
    origin = await fetch(`${c.var.config.drupalBaseUrl}${c.req.path}`, { signal: AbortSignal.timeout(c.var.config.originTimeoutMs) });
  } catch {
    return c.body(null, 504);
  }
  if (!origin.ok) return c.body(null, origin.status === 404 ? 404 : 502);
  const headers = new Headers({ 'Cache-Control': 'public, max-age=86400' });
  for (const name of FORWARDED_HEADERS) {
    const value = origin.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = new Response(origin.body, { status: 200, headers });
  c.executionCtx.waitUntil(edgeCache.put(cacheKey, response.clone()));
  return response;
});
