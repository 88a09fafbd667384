/**
 * "breadcrumb_headless" (docs/drupal.md §7c/§8): `GET /breadcrumb_headless?page={path}`.
 *
 * Shape chosen (decoupled_kit 1.x breadcrumb, §7a): {"path": P, "data": [{"title", "link"}, …]}.
 * The first crumb is the home page ("Главная", link "/"), the last crumb is the current page and has
 * no `link`; the home page itself gives [{"title": "Главная"}]. Unknown pages, and unpublished ones
 * to a request that may not see drafts, give a bare `[]` (HTTP 200), as decoupled_kit does when
 * nothing is found; an account that may see drafts gets a draft's trail, title included.
 */
import { Hono } from 'hono';
import { nodeByAlias } from '../content/index';
import { BUNDLE_LISTING, listingByPath } from '../content/listings';
import type { NodeRecord } from '../content/model';
import { serviceAncestors, serviceTitle } from '../content/services';
import type { AppEnv } from '../env';
import { json, normalizePath } from '../lib/http';
import type { JsonObject } from '../lib/json';
import { canViewUnpublished } from '../lib/auth';
import { pageInfo } from '../lib/page-info';

export const breadcrumbRoutes = new Hono<AppEnv>();

const HOME = { title: 'Главная', link: '/' };
const ABOUT = { title: 'О клинике', link: '/o-klinike.html' };

/** Pages that sit under "О клинике" rather than a listing. */
const UNDER_ABOUT = new Set(['/licenzii.html', '/gallery/licenzii-i-sertifikaty.html', '/podarochnye-sertifikaty.html']);

function nodeTrail(n: NodeRecord): JsonObject[] {
  const trail: JsonObject[] = [HOME];
  if (UNDER_ABOUT.has(n.alias)) {
    trail.push(ABOUT);
    if (n.alias === '/gallery/licenzii-i-sertifikaty.html') {
      const docs = nodeByAlias('/licenzii.html');
      if (docs) trail.push({ title: docs.title, link: docs.alias });
    }
  } else {
    const listingPath = BUNDLE_LISTING[n.bundle];
    const listing = listingPath ? listingByPath(listingPath) : undefined;
    if (listing) trail.push({ title: listing.title, link: listing.path });
  }
  if (n.bundle === 'services') for (const a of serviceAncestors(n.nid)) trail.push({ title: serviceTitle(a), link: a.alias });
  trail.push({ title: n.title });
  return trail;
}

breadcrumbRoutes.get('/breadcrumb_headless', (c) => {
  const path = normalizePath(c.req.query('page'));
  if (path === null) return json([]);
  const info = pageInfo(path, { drafts: canViewUnpublished(c) });
  if (!info) return json([]);
  let data: JsonObject[];
  switch (info.kind) {
    case 'node':
      data = info.home ? [{ title: HOME.title }] : nodeTrail(info.node);
      break;
    case 'term':
      data = [HOME, { title: 'Услуги', link: '/services.html' }, { title: info.term.name }];
      break;
    case 'listing':
      data =
        info.pageNo !== null && info.pageNo > 1
          ? [HOME, { title: info.listing.title, link: info.listing.path }, { title: `Страница ${info.pageNo}` }]
          : [HOME, { title: info.listing.title }];
      break;
  }
  return json({ path, data });
});
