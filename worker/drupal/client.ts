import type { KvCache } from '../cache/kv-cache';
import { blockCalls, type BlockCalls } from './clinic/blocks';
import { drupalContext } from './context';
import { endpoints, pathScoped } from './endpoints';
import { DEFAULT_MENU_NAMES, frameMenus, type MenuNames } from './frame-menus';
import { menuItemsCalls, type MenuItemsCalls } from './menu-items';
import { moduleParts, type ModuleParts } from './module-sources';
import { forgetModules, modulesCalls, type ModulesCalls, type ModulesSetting } from './modules';
import type { PlacedBlock } from '../config/frame';
import { homeSlides } from './home-slides';
import { jsonapi } from './jsonapi';
import { nodeCalls, type NodeCalls } from './nodes';
import type { OriginOptions } from './origin';
import { clinicRedirectCalls } from './clinic/redirects';
import { restCalls, type RestCalls } from './clinic/rest';
import { routerCalls, type RouterCalls } from './router';
import { nodePaths } from './sitemap';
import { stockPriceCalls } from './stock/price';
import { stockRedirectCalls } from './stock/redirects';
import type { HomeSlide, NodePath } from './types';
import { viewCalls, type ViewCalls } from './clinic/views';
import { webformCalls, type WebformCalls } from './webform';

export type { EntityLookup } from './router';

/**
 * One request's Drupal, by protocol (next-drupal's client is the model): what a path is (router.ts), nodes through
 * JSON:API (nodes.ts, over jsonapi.ts), jsonapi_menu_items' menus (menu-items.ts), the webforms (webform.ts) and the
 * sitemap's walk (sitemap.ts); beside them, what is a clinic's rather than Drupal's: the clinic's own modules and
 * views (clinic/) and the stock model a Drupal without them holds (stock/). Which of the two feeds each part of the
 * frame and the page, modules.ts says (frame-menus.ts, module-sources.ts, clinic/blocks.ts). Every payload goes
 * through the cache; nothing here knows a bundle's page: what to include, and which bundle a list shows, is given
 * by the caller.
 */
export interface DrupalClient
  extends
    RouterCalls,
    Pick<ModuleParts, 'redirect'>,
    NodeCalls,
    ViewCalls,
    BlockCalls,
    RestCalls,
    WebformCalls,
    ModulesCalls,
    MenuItemsCalls {
  /**
   * Every published node of `bundle` with an alias (the sitemap): its path, and its
   * `changed` (else `created`) day as YYYY-MM-DD when Drupal sends one. A bundle
   * Drupal does not have gives []; at most 50 000 nodes.
   */
  nodePaths(bundle: string): Promise<NodePath[]>;
  /** docs/requirements.md §2: the home page's main slider, sticky slides first, then the newest. */
  homeSlides(limit: number): Promise<HomeSlide[]>;
  /** Removes every cached payload that was requested for one page path. */
  purgePath(path: string): Promise<void>;
  purgeAll(): Promise<number>;
  /** Makes every cached payload that shows any of `tags` (node:12, node_list:news) refetch on its next read. */
  purgeTags(tags: readonly string[]): Promise<void>;
}

export interface DrupalClientOptions extends OriginOptions {
  baseUrl: string;
  cache: KvCache;
  /**
   * An editor's own uncached client: a draft's page is shown. Any other client treats a draft
   * as absent, even when Drupal shows it (an API account that may view unpublished content),
   * so that no visitor and no cached payload ever gets one.
   */
  drafts?: boolean;
  /** Where `pathBefore` looks: this client's cache unless given (an editor's uncached client looks in the shared one). */
  guesses?: Pick<KvCache, 'lastKnown'>;
  /**
   * The relationships a bundle's page reads (the bundles' registry, given by whoever builds the client: the
   * client knows Drupal's protocol, not our pages), asked for where a caller names none.
   */
  wants?: (bundle: string) => readonly string[];
  /** Which of the clinic's modules this Drupal has (modules.ts): asked once (`auto`, the default) or fixed. */
  modules?: ModulesSetting;
  /** Drupal's machine names of the site's menus, read through jsonapi_menu_items where blocks_for_page is absent. */
  menus?: MenuNames;
  /** The blocks placed by the settings where blocks_for_page is absent (config/frame.ts); none by default. */
  placedBlocks?: readonly PlacedBlock[];
}

export function createDrupalClient({
  baseUrl,
  cache,
  drafts = false,
  guesses = cache,
  wants = () => [],
  modules: modulesSetting = 'auto',
  menus = DEFAULT_MENU_NAMES,
  placedBlocks = [],
  ...origin
}: DrupalClientOptions): DrupalClient {
  const urls = endpoints(baseUrl);
  const context = drupalContext(urls, cache, origin, drafts);
  const api = jsonapi(context);
  const router = routerCalls(context, guesses);
  const views = viewCalls(context);
  const modules = modulesCalls(context, modulesSetting, baseUrl);
  const menuItems = menuItemsCalls(context);
  const rest = restCalls(context);
  const menusHere = frameMenus(modules, rest, menuItems, menus);
  const parts = moduleParts(
    modules,
    { priceList: rest.priceList, ...views, ...clinicRedirectCalls(context) },
    { price: stockPriceCalls(context, api), redirects: stockRedirectCalls(context), servicesMenu: menusHere.servicesMenu },
  );
  return {
    ...router,
    translatePath: (path) => {
      // Asked beside a page's path lookup (and only for a page: a hostile or a file's path asks Drupal nothing),
      // so that a cold page's frame finds the answer there rather than a round later.
      void modules.modules();
      return router.translatePath(path);
    },
    ...nodeCalls(context, api, wants),
    ...views,
    ...blockCalls(context, api, parts.nextLinks, modules, placedBlocks),
    ...rest,
    ...menusHere,
    ...parts,
    ...modules,
    ...menuItems,
    ...webformCalls(context),
    nodePaths: nodePaths(context, api),
    homeSlides: homeSlides(context, api),

    async purgePath(path) {
      const lookup = await router.translatePath(path).catch(() => null);
      const scoped = pathScoped.map((call) => urls[call](path));
      // A node's payload is kept under its address without `include` (nodes.ts).
      const entity = lookup?.kind === 'entity' ? [api.entityUrl(lookup)([])] : [];
      await Promise.all([...scoped, ...entity].map((url) => cache.purge(url)));
    },

    purgeAll: () => {
      // The modules' verdict is asked again: a purge of everything is how a changed Drupal is announced.
      forgetModules(baseUrl);
      return cache.purgeAll();
    },

    purgeTags: (tags) => cache.purgeTags(tags),
  };
}
