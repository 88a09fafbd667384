import { Hono } from 'hono';
import type { AppEnv } from '../env';

/**
 * Drupal's public files (root-relative `/sites/default/files/…` in its payloads)
 * served from the site's own host, so pages never link the CMS host.
 */
export const drupalFiles = new Hono<AppEnv>();

drupalFiles.get('/sites/default/files/*', async (c) => {
  const origin = await fetch(`${c.var.config.drupalBaseUrl}${c.req.path}`, {
    signal: AbortSignal.timeout(c.var.config.originTimeoutMs),
  });
  if (!origin.ok) return c.body(null, origin.status === 404 ? 404 : 502);
  const headers = new Headers();
  for (const name of ['Content-Type', 'Content-Length', 'ETag', 'Last-Modified']) {
    const value = origin.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set('Cache-Control', 'public, max-age=86400');
  return new Response(origin.body, { status: 200, headers });
});
