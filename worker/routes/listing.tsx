import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { moduleOf } from '../bundles/registry';
import { optional } from '../drupal/optional';
import { defer } from '../components/deferred';
import { ListingScreen } from '../screens/ListingScreen';
import { PAGE_SIZE } from '../screens/listing-page';
import { renderError } from './error';
import { MAX_LIST_ITEMS } from '../drupal/endpoints';
import { MAX_PAGE, type ListingRoute } from './listing-table';
import { todayInMoscow } from '../components/format';

/** A listing route's handler. A bad page number is a 404 before any Drupal call, its frame's included. */
export function listingRoute(route: ListingRoute) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const param = c.req.param('page');
    // Only small whole page numbers; /news.html/1 is /news.html itself. Checked before any Drupal call.
    const page = param === undefined ? 1 : /^[1-9]\d{0,5}$/.test(param) ? Number(param) : NaN;
    if (!(page >= 1 && page <= MAX_PAGE)) return renderError(c, 404);
    if (page === 1 && param !== undefined) return c.redirect(route.path, 301);
    // Only now, with the page number known to be good: every page has the first page's frame.
    c.var.frame.forPage(route.path);
    // Beside the listing's call, and without a carousel repeating the listing's own kind.
    c.var.frame.preFooter({ bundle: route.bundle });
    const today = todayInMoscow();
    const rule = route.rule?.(today);
    const module = moduleOf(route.bundle);
    // The count streams in under the list: the pager is the last thing on the page.
    const count = route.paged
      ? defer(optional(`count ${route.bundle}`, c.var.drupal.countNodes(route.bundle, { rule }), undefined))
      : undefined;
    const list = await c.var.drupal.nodes(route.bundle, {
      include: module.wants,
      sort: '-created',
      // One page of a paged listing; every item of one without pages (Drupal's 50 a request, walked).
      limit: route.paged ? PAGE_SIZE : MAX_LIST_ITEMS,
      offset: (page - 1) * PAGE_SIZE,
      rule,
    });
    // Another clinic's Drupal may not have this bundle: its listing is no page there.
    if (list.absent || (page > 1 && list.items.length === 0)) return renderError(c, 404);
    const title = page > 1 ? `${route.title} — страница ${page}` : route.title;
    return c.render(
      <ListingScreen
        listing={{
          title: route.title,
          // docs/requirements.md §4: the rule again on what came back: a Drupal that could not filter (no such field) still shows only what it should.
          items: list.items
            .filter((node) => route.visible?.(node, today) ?? true)
            .map((node) => ({ node, card: module.card(node, module.view(node)) })),
          showDates: route.dated,
          questions: route.questions ?? false,
          pager: {
            current: page,
            last: list.total === undefined ? undefined : Math.max(1, Math.ceil(list.total / PAGE_SIZE)),
            hasNext: route.paged && list.hasNext,
            href: (p) => (p === 1 ? route.path : `${route.path}/${p}`),
          },
          count: list.total === undefined ? count : undefined,
        }}
      />,
      { title },
    );
  };
}
