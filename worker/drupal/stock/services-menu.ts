import { pageKey } from './page-key';
import type { MenuItem, NodeLink, ViewRow } from '../types';

/*
 * A service's child services, its section and the next links, from the services menu the frame
 * already loads (docs/drupal.md, "The stock model"), for a Drupal without the clinic's module: no
 * Drupal call of their own. A page the menu does not hold has none of them.
 */

/** The page's item and the items above it, from the root down; none when the menu does not hold the page. */
function trailTo(menu: readonly MenuItem[], key: string, above: MenuItem[] = []): MenuItem[] | undefined {
  for (const item of menu) {
    if (pageKey(item.url) === key) return [...above, item];
    const below = trailTo(item.children, key, [...above, item]);
    if (below) return below;
  }
  return undefined;
}

function trailOf(menu: readonly MenuItem[], path: string): MenuItem[] | undefined {
  const key = pageKey(path);
  return key === undefined ? undefined : trailTo(menu, key);
}

/** A menu link that leads somewhere: a dead one (`#`, what an unsafe URL became) has no address. */
const addressOf = (item: MenuItem): string | undefined => (item.url && item.url !== '#' ? item.url : undefined);

/** A menu item as one of the clinic's Views rows: a title and an address, no picture. */
const rowOf = (item: MenuItem): ViewRow => {
  const url = addressOf(item);
  return { title: item.title, ...(url && { url }), images: [], fullImages: [], hidden: false, feedbacks: [] };
};

/** The items under the page's own (services_childs). */
export function childrenFromMenu(menu: readonly MenuItem[], path: string): ViewRow[] {
  return trailOf(menu, path)?.at(-1)?.children.map(rowOf) ?? [];
}

/**
 * The page's section (services_subtree): the other items under its parent, and the parent as the
 * section's title and address. A top-level item has the other top-level items and no section, as the
 * service page reads it: «Все услуги клиники».
 */
export function sectionFromMenu(menu: readonly MenuItem[], path: string): { items: ViewRow[]; title?: string; url?: string } {
  const trail = trailOf(menu, path);
  if (!trail) return { items: [] };
  const [self, parent] = [trail.at(-1), trail.at(-2)];
  const items = (parent ? parent.children : menu).filter((item) => item !== self).map(rowOf);
  const url = parent && addressOf(parent);
  return { items, ...(parent && { title: parent.title }), ...(url && { url }) };
}

/** The `count` items after the page's among its siblings, from the first again after the last (next_cycle_links). */
export function nextFromMenu(menu: readonly MenuItem[], path: string, count = 3): NodeLink[] {
  const trail = trailOf(menu, path);
  const self = trail?.at(-1);
  if (!trail || !self) return [];
  const siblings = trail.at(-2)?.children ?? menu;
  const at = siblings.indexOf(self);
  const after = [...siblings.slice(at + 1), ...siblings.slice(0, at)];
  return after
    .flatMap((item): NodeLink[] => {
      const url = addressOf(item);
      return url ? [{ title: item.title, url }] : [];
    })
    .slice(0, Math.max(0, count));
}
