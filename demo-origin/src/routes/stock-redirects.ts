/**
 * The stock model's redirects (docs/drupal.md, "The stock model"): a Views REST export of the
 * redirect module's entities at /rest/redirects, no pager, "access content". A bare array of rows
 * whose values are strings, as Views renders them: `source` the path without its leading slash (as
 * the redirect module stores it), `target` the stored URI (`internal:/price.html`, an absolute URL),
 * `status` the code. In lean schema mode an internal target is rendered as the absolute URL on
 * Drupal's own host, as Views' "URL as plain text" formatter gives it.
 */
import { Hono } from 'hono';
import { redirects } from '../content/redirects';
import type { AppEnv } from '../env';
import { json, originOf } from '../lib/http';
import { isLean } from '../lib/schema';

export const stockRedirectRoutes = new Hono<AppEnv>();

stockRedirectRoutes.get('/rest/redirects', (c) => {
  const origin = originOf(c);
  return json(
    redirects.map((r) => ({
      source: r.source.replace(/^\/+/, ''),
      target: isLean() && r.target.startsWith('internal:/') ? origin + r.target.slice('internal:'.length) : r.target,
      status: String(r.status),
    })),
  );
});
