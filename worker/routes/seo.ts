import { Hono, type Context } from 'hono';
import type { AppEnv } from '../app-env';
import { BUNDLE_MODULES } from '../bundles/registry';
import { OriginError } from '../cache/origin-error';
import { sitemapDocuments, type SitemapPage } from '../render/sitemap-xml';
import { ERROR_PAGE_NIDS, renderError } from './error';
import { LISTING_ROUTES, MAX_PAGE } from './listing-table';
import { PAGE_SIZE } from '../screens/listing-page';
import { EDITORS_PAGES } from '../../common/editors-pages';
import { YANDEX_DOCTORS_FEED } from './feeds';
import { LOW_VISION_PATH } from '../../common/low-vision';
import { todayInMoscow } from '../components/format';

/**
 * For crawlers: /sitemap.xml (split into /sitemap-{n}.xml past
 * 50 000 URLs) and /robots.txt. Neither is a page: no frame, no HTML.
 */
export const seoRoutes = new Hono<AppEnv>();

/** docs/requirements.md §3: bundles whose nodes are pages of their own (the home slider's slides are not). */
export const SITEMAP_BUNDLES: readonly string[] = BUNDLE_MODULES.filter((module) => module.inSitemap !== false).map(
  (module) => module.bundle,
);

/** The site's own pages that are not Drupal nodes (the listings are added with their pages). */
const FIXED_PAGES = ['/', '/services.html', '/price.html', '/sitemap'];

const SITEMAP_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };
const RETRY_AFTER_SECONDS = '120';

/** Thrown when no Drupal call of the sitemap got through and Drupal itself is failing. */
class DrupalUnreachable extends Error {}

const speaksOfDrupal = (reason: unknown) => reason instanceof OriginError && reason.unhealthy;

/**
 * Every page of the sitemap. One bundle or listing whose walk fails is left out
 * (logged); only when every call failed, Drupal being down, is there no sitemap.
 */
async function sitemapPages(c: Context<AppEnv>): Promise<SitemapPage[]> {
  const { drupal } = c.var;
  // The listing routes count with today's rule, as worker/routes/listing.tsx does (the same cached count).
  const today = todayInMoscow();
  // No listing of a bundle this Drupal does not have (its address is the 404 page there).
  const bundles = await drupal.nodeBundles();
  const present = (bundle: string) => !bundles || bundles.has(bundle);
  const listings = LISTING_ROUTES.filter((route) => present(route.bundle));
  const calls = [
    ...listings
      .filter((route) => route.paged)
      .map((route) => ({
        what: `listing ${route.path}`,
        pages: drupal.countNodes(route.bundle, { rule: route.rule?.(today) }).then((count) => {
          const last = Math.min(MAX_PAGE, Math.max(1, Math.ceil(count / PAGE_SIZE)));
          return Array.from({ length: last }, (_, i): SitemapPage => ({ path: i === 0 ? route.path : `${route.path}/${i + 1}` }));
        }),
      })),
    ...SITEMAP_BUNDLES.filter(present).map((bundle) => ({
      what: `nodes ${bundle}`,
      pages: drupal
        .nodePaths(bundle)
        .then((nodes) =>
          nodes.flatMap(({ path, lastmod, nid }): SitemapPage[] =>
            nid !== undefined && ERROR_PAGE_NIDS.has(nid) ? [] : [lastmod ? { path, lastmod } : { path }],
          ),
        ),
    })),
  ];
  const settled = await Promise.allSettled(calls.map((call) => call.pages));
  const failures = settled.flatMap((result, i) =>
    result.status === 'rejected' ? [{ what: calls[i]!.what, reason: result.reason as unknown }] : [],
  );
  if (failures.length === calls.length && failures.some(({ reason }) => speaksOfDrupal(reason))) throw new DrupalUnreachable();
  for (const { what, reason } of failures) console.warn(`sitemap: ${what} пропущено`, reason instanceof Error ? reason.message : reason);
  return [
    ...FIXED_PAGES.map((path) => ({ path })),
    // Listings of one page only: no count to ask.
    ...listings.filter((route) => !route.paged).map((route) => ({ path: route.path })),
    ...settled.flatMap((result) => (result.status === 'fulfilled' ? result.value : [])),
  ];
}

/** The sitemap's documents, or the 503 that tells a crawler to come back. */
async function withSitemap(c: Context<AppEnv>, answer: (docs: ReturnType<typeof sitemapDocuments>) => Response | Promise<Response>) {
  let pages: SitemapPage[];
  try {
    pages = await sitemapPages(c);
  } catch (error) {
    if (!(error instanceof DrupalUnreachable)) throw error;
    console.error('sitemap: Drupal недоступен');
    return c.text('Карта сайта временно недоступна', 503, { 'Retry-After': RETRY_AFTER_SECONDS, 'Cache-Control': 'no-store' });
  }
  return answer(sitemapDocuments(pages, { siteUrl: c.var.config.siteUrl }));
}

seoRoutes.get('/sitemap.xml', (c) => withSitemap(c, (docs) => c.body(docs.root, 200, SITEMAP_HEADERS)));

seoRoutes.get('/:part{sitemap-[1-9][0-9]*\\.xml}', (c) =>
  withSitemap(c, (docs) => {
    const n = Number(/\d+/.exec(c.req.param('part'))![0]);
    const part = docs.parts[n - 1];
    return part === undefined ? renderError(c, 404) : c.body(part, 200, SITEMAP_HEADERS);
  }),
);

seoRoutes.get('/robots.txt', (c) => {
  const lines = [
    'User-agent: *',
    'Allow: /',
    '# Фид врачей для Яндекса:',
    `Allow: ${YANDEX_DOCTORS_FEED}`,
    // The low-vision panel's form answers only a POST: nothing there to index.
    ...['/search/', ...EDITORS_PAGES, '/api/', LOW_VISION_PATH].map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${c.var.config.siteUrl}/sitemap.xml`,
    '',
  ];
  return c.body(lines.join('\n'), 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' });
});
