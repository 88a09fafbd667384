import { z } from 'zod';
import type { NodePath } from '../types';
import { nodeStatus, optionalNumeric } from './lenient';
import { RobotsNoindexSchema } from './robots';

/** YYYY-MM-DD of Drupal's date: an ISO string keeps its own day; a Unix timestamp (number or digits) is read as UTC. */
const dayOf = z
  .union([z.string(), z.number()])
  .transform((value) => {
    const text = String(value).trim();
    if (/^\d{4}-\d{2}-\d{2}(?:[T ]|$)/.test(text)) return Number.isNaN(Date.parse(text.slice(0, 10))) ? undefined : text.slice(0, 10);
    if (!/^\d{9,11}$/.test(text)) return undefined;
    const date = new Date(Number(text) * 1000);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
  })
  .catch(undefined);

/** A node's path, day and id, whatever the layout: `path` may be missing, `[]` or without an alias; dates and the id may be missing. */
const NodePathSchema = z
  .object({
    attributes: z
      .object({
        path: z
          .object({ alias: z.string() })
          .transform((p): string | undefined => p.alias)
          .catch(undefined),
        changed: dayOf,
        created: dayOf,
        drupal_internal__nid: optionalNumeric.catch(undefined),
        status: nodeStatus,
        metatag: RobotsNoindexSchema,
      })
      .catch({ path: undefined, changed: undefined, created: undefined, drupal_internal__nid: undefined, status: false, metatag: false }),
  })
  .transform(({ attributes: { path, changed, created, drupal_internal__nid: nid, status, metatag: noindex } }): NodePath | null => {
    // A draft is no page of the sitemap, whatever Drupal let through; nor one its meta tags keep from search engines.
    if (!path?.startsWith('/') || !status || noindex) return null;
    const lastmod = changed ?? created;
    return { path, ...(lastmod ? { lastmod } : {}), ...(nid ? { nid } : {}) };
  });

export const NodePathsSchema = z.object({
  data: z.array(NodePathSchema),
  links: z
    .object({ next: z.object({ href: z.string() }).optional() })
    .passthrough()
    .optional(),
});
