/**
 * The sitemap protocol's documents (sitemaps.org 0.9), as pure functions of the
 * site's pages: one <urlset> while the pages fit in one file, else a
 * <sitemapindex> naming /sitemap-1.xml, /sitemap-2.xml … each of at most `limit` URLs.
 */

/** A page of the site: its path as Drupal knows it (decoded), and the day it last changed. */
export interface SitemapPage {
  path: string;
  /** YYYY-MM-DD. */
  lastmod?: string;
}

/** What the protocol allows in one file. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapDocuments {
  /** /sitemap.xml: the urlset itself, or the index of the parts. */
  root: string;
  /** /sitemap-1.xml … (empty when the root holds every URL). */
  parts: string[];
}

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (ch) => XML_ENTITIES[ch]!);

/** The part's address, /sitemap-{n}.xml, counted from 1. */
export const sitemapPartPath = (n: number): string => `/sitemap-${n}.xml`;

/**
 * The page's absolute URL on the site: the path percent-encoded as a URL path
 * (Cyrillic, spaces, `<`, `?`, `#`; `&` stays and is escaped for XML later), without
 * a trailing slash. Undefined for what is not a path (no leading /, lone surrogates).
 */
export function pageUrl(siteUrl: string, path: string): string | undefined {
  if (!path.startsWith('/') || path.startsWith('//')) return undefined;
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  try {
    return `${siteUrl.replace(/\/+$/, '')}${encodeURI(trimmed).replace(/[?#]/g, (ch) => encodeURIComponent(ch))}`;
  } catch {
    return undefined;
  }
}

interface Located {
  loc: string;
  lastmod?: string;
}

/** Absolute, each URL once (in the order first seen, with a day from whichever copy has one). */
function locate(pages: readonly SitemapPage[], siteUrl: string): Located[] {
  const byLoc = new Map<string, Located>();
  for (const page of pages) {
    const loc = pageUrl(siteUrl, page.path);
    if (!loc) continue;
    const lastmod = page.lastmod && DAY.test(page.lastmod) ? page.lastmod : undefined;
    const seen = byLoc.get(loc);
    if (!seen) byLoc.set(loc, lastmod ? { loc, lastmod } : { loc });
    else if (lastmod && (!seen.lastmod || lastmod > seen.lastmod)) seen.lastmod = lastmod;
  }
  return [...byLoc.values()];
}

const entry = (tag: 'url' | 'sitemap', { loc, lastmod }: Located) =>
  `<${tag}><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${tag}>\n`;

export function urlsetXml(urls: readonly Located[]): string {
  return `${DECLARATION}<urlset xmlns="${XMLNS}">\n${urls.map((url) => entry('url', url)).join('')}</urlset>\n`;
}

export function sitemapIndexXml(sitemaps: readonly Located[]): string {
  return `${DECLARATION}<sitemapindex xmlns="${XMLNS}">\n${sitemaps.map((sitemap) => entry('sitemap', sitemap)).join('')}</sitemapindex>\n`;
}

/**
 * The sitemap of `pages` on `siteUrl`: a urlset while at most `limit` URLs, else
 * an index at the root pointing at parts of at most `limit` URLs each (a part's
 * lastmod is its newest page's).
 */
export function sitemapDocuments(pages: readonly SitemapPage[], options: { siteUrl: string; limit?: number }): SitemapDocuments {
  const limit = Math.max(1, Math.floor(options.limit ?? SITEMAP_MAX_URLS));
  const urls = locate(pages, options.siteUrl);
  if (urls.length <= limit) return { root: urlsetXml(urls), parts: [] };
  const chunks: Located[][] = [];
  for (let start = 0; start < urls.length; start += limit) chunks.push(urls.slice(start, start + limit));
  const site = options.siteUrl.replace(/\/+$/, '');
  const index = chunks.map((chunk, i): Located => {
    const newest = chunk.reduce<string | undefined>(
      (max, url) => (url.lastmod && (!max || url.lastmod > max) ? url.lastmod : max),
      undefined,
    );
    const loc = `${site}${sitemapPartPath(i + 1)}`;
    return newest ? { loc, lastmod: newest } : { loc };
  });
  return { root: sitemapIndexXml(index), parts: chunks.map(urlsetXml) };
}
