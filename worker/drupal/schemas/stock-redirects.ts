import { z } from 'zod';
import { decodeEntities } from '../entities';
import { phpList, optionalNumeric, optionalText } from './lenient';

/*
 * The stock model's redirects (docs/drupal.md, "The stock model"): a Views REST export of the
 * redirect module's entities, `[{"source": "old.html", "target": "internal:/news.html", "status": "301"}]`.
 * Read leniently (rule 2): the field ids as Views names them when no alias is set, `source` with or
 * without its leading slash, any value as Views' rendered link (`<a href>`), `target` as the redirect
 * module stores it (`internal:/path`, `base:path`, `entity:node/9`) or as a path or an absolute URL,
 * `status` as a string or a number. A row that cannot be read is left out; the rest still redirect.
 */

/** One redirect: `from` and `to` as the site's paths (`to` may be another site's absolute URL). */
export interface StockRedirect {
  from: string;
  to: string;
  status: number;
}

const HREF = /<a\s[^>]*href="([^"]*)"/i;

/** A value as Views may render it: the `href` of a link, else its text, entities decoded. */
const textOf = (value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  const link = HREF.exec(value);
  // Markup only where an element closes: `route:<front>` is a URI, not a tag.
  const text = decodeEntities(link ? link[1]! : value.includes('</') ? value.replace(/<[^>]*>/g, '') : value).trim();
  return text || undefined;
};

/** Entity types whose system path the site resolves itself (a 301 on to the alias, paths/resolve-path.ts). */
const ENTITY_PATHS: Readonly<Record<string, string>> = { node: '/node/', taxonomy_term: '/taxonomy/term/' };

/**
 * A redirect module URI or a rendered URL, as a path of Drupal's (`/news.html`, with any query) or an
 * absolute URL as given; undefined for what leads nowhere (`route:<nolink>`, an unknown entity type).
 */
function targetOf(value: string, drupal: URL): string | undefined {
  const uri = /^(internal|base):\/*(.*)$/i.exec(value);
  if (uri) return `/${uri[2]}`;
  const entity = /^entity:([a-z_]+)\/(\d+)$/i.exec(value);
  if (entity) return ENTITY_PATHS[entity[1]!.toLowerCase()] ? `${ENTITY_PATHS[entity[1]!.toLowerCase()]}${entity[2]}` : undefined;
  if (/^route:<front>$/i.test(value)) return '/';
  if (/^route:/i.test(value)) return undefined;
  return drupalPathOf(value, drupal) ?? value;
}

/** An absolute URL on Drupal's own host and base path as the site's path; undefined for anything else. */
function drupalPathOf(value: string, drupal: URL): string | undefined {
  if (!/^https?:\/\//i.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const base = drupal.pathname.replace(/\/$/, '');
  if (url.origin !== drupal.origin || (base && url.pathname !== base && !url.pathname.startsWith(`${base}/`))) return undefined;
  return (url.pathname.slice(base.length) || '/') + url.search + url.hash;
}

/** The path a visitor asks for, as the lookup compares it: leading slash, no trailing one, decoded once, lower case. */
export function sourceKey(value: string): string {
  const path = `/${value.replace(/^\/+/, '')}`.replace(/(.)\/+$/, '$1');
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not percent-encoded after all: compared as it came.
  }
  return decoded.toLowerCase();
}

const RowSchema = z
  .object({
    source: optionalText.catch(undefined),
    redirect_source: optionalText.catch(undefined),
    target: optionalText.catch(undefined),
    redirect_redirect: optionalText.catch(undefined),
    status: optionalNumeric.catch(undefined),
    status_code: optionalNumeric.catch(undefined),
  })
  .passthrough();

function redirectOf(raw: unknown, drupal: URL): StockRedirect[] {
  const row = RowSchema.safeParse(raw);
  if (!row.success) return [];
  const source = textOf(row.data.source ?? row.data.redirect_source);
  const written = textOf(row.data.target ?? row.data.redirect_redirect);
  // A source with a query matches only a request with that query, and the site looks paths up without one.
  if (!source || source.includes('?') || !written) return [];
  const from = drupalPathOf(source, drupal) ?? source;
  const to = targetOf(written, drupal);
  if (!to) return [];
  return [{ from: sourceKey(from), to, status: row.data.status ?? row.data.status_code ?? 301 }];
}

/** The whole export: a bare array (or PHP's keyed object, or the 10.2 subrequests envelope of an empty one). */
export const stockRedirectsSchema = (drupalBase: string) => {
  const drupal = new URL(drupalBase);
  return phpList(z.unknown()).transform((rows) => rows.flatMap((raw) => redirectOf(raw, drupal)));
};
