import type { Config } from '../config/config';
import type { DrupalClient } from '../drupal/client';
import type { Block, Crumb, HeadData, MenuItem } from '../drupal/types';
import { defer, type Deferred } from '../render/deferred';
import { optional } from '../drupal/optional';

export interface SiteInfo {
  name: string;
  phone: string;
  url: string;
  shopUrl?: string;
}

/** What every page's frame shows, each part arriving on its own. */
export interface LayoutData {
  path: string;
  site: SiteInfo;
  head: Promise<HeadData>;
  mainMenu: Deferred<MenuItem[]>;
  footerMenu: Deferred<MenuItem[]>;
  servicesMenu: Deferred<MenuItem[]>;
  blocks: Deferred<Block[]>;
  breadcrumb: Deferred<Crumb[]>;
}

/** Starts, at once, the calls spec §7 loads on every page. None of them can fail the page. */
export function loadLayout(drupal: DrupalClient, config: Config, path: string): LayoutData {
  return {
    path,
    site: { ...config.site, url: config.siteUrl },
    head: optional('metatag', drupal.metatags(path), { tags: [] }),
    mainMenu: defer(optional('main menu', drupal.menu('main'), [])),
    footerMenu: defer(optional('footer menu', drupal.menu('footer'), [])),
    servicesMenu: defer(optional('services menu', drupal.servicesMenu(), [])),
    blocks: defer(optional('blocks', drupal.blocks(path), [])),
    breadcrumb: defer(optional('breadcrumb', drupal.breadcrumb(path), [])),
  };
}

/** The parts that may still be on their way when the page starts streaming. */
export const streamedParts = (layout: LayoutData): Promise<unknown>[] => [
  layout.mainMenu,
  layout.footerMenu,
  layout.servicesMenu,
  layout.blocks,
  layout.breadcrumb,
];
