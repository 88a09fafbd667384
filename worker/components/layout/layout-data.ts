/**
 * The view data of the frame every page shares: the layout's parts and the pre-footer's
 * carousels, each arriving on its own. The loaders (frame/layout.ts, frame/pre-footer.ts)
 * produce them; the layout's components render them and import nothing above them.
 */
import type { LegalDetails } from '../../config/legal';
import type { Block, Crumb, HeadData, MenuItem, Teaser } from '../../drupal/types';
import type { Deferred } from '../deferred';

export interface SiteInfo {
  name: string;
  phone: string;
  url: string;
  shopUrl?: string;
  /** Yandex Metrica's counter, when one is configured. */
  metrikaId?: number;
  /** The medical organisation's details for the footer (config/legal.ts). */
  legal: LegalDetails;
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
  /** Drupal placed nothing at all on the page: a landing page (docs/requirements.md §2's bare layout). */
  landing: Promise<boolean>;
  breadcrumb: Deferred<Crumb[]>;
}

/** docs/requirements.md §2: the carousels before the footer, each arriving on its own. */
export interface PreFooterData {
  doctors: Deferred<Teaser[]>;
  news: Deferred<Teaser[]>;
  promotions: Deferred<Teaser[]>;
}

/** The parts that may still be on their way when the page starts streaming. */
export const streamedParts = (layout: LayoutData): Promise<unknown>[] => [
  layout.mainMenu,
  layout.footerMenu,
  layout.servicesMenu,
  layout.blocks,
  layout.breadcrumb,
];

/** The lists that may still be on their way when the page starts streaming. */
export const preFooterParts = (data: PreFooterData | undefined): Promise<unknown>[] =>
  data ? [data.doctors, data.news, data.promotions] : [];
