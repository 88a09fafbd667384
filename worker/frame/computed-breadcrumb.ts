import { servicesItem } from '../drupal/menu-items';
import type { Crumb, MenuItem } from '../drupal/types';

/** What the site knows of a page for its breadcrumb: its path, and its node's title and bundle when it is a node's. */
export interface CrumbSubject {
  path: string;
  title?: string;
  bundle?: string;
}

/** A bundle's listing (worker/bundles/listings.ts): where its nodes sit when no menu holds them. */
export interface CrumbListing {
  bundle: string;
  path: string;
  title: string;
}

/** The site's first crumb; it is shown with the clinic's name (docs/requirements.md §2, components/Breadcrumbs.tsx). */
const HOME: Crumb = { title: 'Главная', link: '/' };

/** A menu link's path, for comparing with the page's: root-relative links only (an absolute one leaves the site). */
const pathOf = (url: string): string | undefined => (url.startsWith('/') && !url.startsWith('//') ? url.split(/[?#]/)[0] : undefined);

/** The items from a top item down to the one linking `path` (that one last), or undefined. */
function trailTo(items: readonly MenuItem[], path: string): MenuItem[] | undefined {
  for (const item of items) {
    if (pathOf(item.url) === path) return [item];
    const below = trailTo(item.children, path);
    if (below) return [item, ...below];
  }
  return undefined;
}

const linked = (item: MenuItem): Crumb => ({ title: item.title, link: pathOf(item.url) ?? item.url });

/**
 * The breadcrumb of a Drupal without a breadcrumb endpoint (docs/drupal.md "Where the frame comes from"):
 * «Главная», then the page's trail in the main menu, else in the services menu (under the main menu's services
 * item, when it has one: menu-items.ts), else the listing of the node's bundle;
 * then the page's own title without a link (its node's, else its menu item's). The home page has none; a page
 * the site knows nothing of (no node, in no menu) has none either.
 */
export function computedBreadcrumb(
  page: CrumbSubject,
  menus: { main: readonly MenuItem[]; services: readonly MenuItem[] },
  listings: readonly CrumbListing[],
): Crumb[] {
  if (page.path === '/') return [];
  const inMain = trailTo(menus.main, page.path);
  const inServices = inMain ? undefined : trailTo(menus.services, page.path);
  const root = inServices ? servicesItem(menus.main) : undefined;
  const trail = inMain ?? (inServices ? [...(root ? [root] : []), ...inServices] : undefined);
  const listing = page.bundle === undefined ? undefined : listings.find((l) => l.bundle === page.bundle && l.path !== page.path);
  const own = trail?.at(-1);
  const title = page.title ?? own?.title;
  if (!title) return [];
  const above: Crumb[] = trail ? trail.slice(0, -1).map(linked) : listing ? [{ title: listing.title, link: listing.path }] : [];
  return [HOME, ...above, { title }];
}
