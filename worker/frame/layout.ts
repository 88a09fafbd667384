import type { Config } from '../config/config';
import type { DrupalClient } from '../drupal/client';
import type { LayoutData } from '../components/layout/layout-data';
import { defer } from '../components/deferred';
import { optional } from '../drupal/optional';
import { headOnSite } from './head-on-site';
import { byModules } from '../drupal/modules';
import type { NodeData } from '../drupal/types';
import { LISTINGS } from '../bundles/listings';
import { computedBreadcrumb } from './computed-breadcrumb';

const NO_BLOCKS = { items: Promise.resolve([]), landing: false };

function loadBlocks(drupal: DrupalClient, path: string) {
  const blocks = optional('blocks', drupal.blocks(path), NO_BLOCKS);
  // The layout is chosen from the placements; the bodies stream in where they belong.
  return { blocks: defer(blocks.then((b) => b.items)), landing: blocks.then((b) => b.landing) };
}

/**
 * Starts, at once, the calls docs/requirements.md §7 loads on every page. None of them can fail the page.
 * `keep`: whether the page's own metatags and breadcrumb (which name its node) may be cached,
 * once its node is known to be public. `node`: the page's node, already on its way (node-page.ts), for a
 * Drupal without the clinic's modules: its head comes from the node's own metatag field and its breadcrumb is
 * computed here (docs/drupal.md "Where the frame comes from"), with no call of their own.
 */
export function loadLayout(
  drupal: DrupalClient,
  config: Config,
  path: string,
  keep?: Promise<boolean>,
  node?: Promise<NodeData | null>,
): LayoutData {
  const shared = loadSharedParts(drupal, config);
  const pageNode = node ? node.catch(() => null) : Promise.resolve(null);
  const head = byModules(drupal, (found) =>
    found.blocksForPage ? optional('metatag', drupal.metatags(path, keep), { tags: [] }) : pageNode.then((n) => n?.head ?? { tags: [] }),
  );
  const breadcrumb = byModules(drupal, (found) =>
    found.breadcrumbHeadless
      ? optional('breadcrumb', drupal.breadcrumb(path, keep), [])
      : Promise.all([pageNode, shared.mainMenu, shared.servicesMenu]).then(([n, main, services]) =>
          computedBreadcrumb({ path, title: n?.title, bundle: n?.bundle }, { main, services }, LISTINGS),
        ),
  );
  return {
    ...shared,
    path,
    head: head.then((found) => headOnSite(found, config.siteUrl, config.drupalBaseUrl)),
    ...loadBlocks(drupal, path),
    breadcrumb: defer(breadcrumb),
  };
}

/** Where an error page takes its blocks from: the site's own error routes, the same for every bad URL. */
const ERROR_FRAME_PATHS: Partial<Record<number, string>> = { 400: '/400', 403: '/403.html' };
const DEFAULT_ERROR_FRAME_PATH = '/404.html';

/**
 * The frame of an error page from path-independent calls only (menus, and the
 * blocks of the error route), so that a storm of unknown URLs costs Drupal
 * nothing beyond the two lookups that found each one unknown.
 */
export function loadErrorLayout(drupal: DrupalClient, config: Config, path: string, status: number): LayoutData {
  const framePath = ERROR_FRAME_PATHS[status] ?? DEFAULT_ERROR_FRAME_PATH;
  return {
    ...loadSharedParts(drupal, config),
    path,
    head: Promise.resolve({ tags: [] }),
    ...loadBlocks(drupal, framePath),
    breadcrumb: defer(Promise.resolve([])),
  };
}

function loadSharedParts(drupal: DrupalClient, config: Config) {
  return {
    site: { ...config.site, url: config.siteUrl, metrikaId: config.metrikaId },
    mainMenu: defer(optional('main menu', drupal.menu('main'), [])),
    footerMenu: defer(optional('footer menu', drupal.menu('footer'), [])),
    servicesMenu: defer(optional('services menu', drupal.servicesMenu(), [])),
  };
}
