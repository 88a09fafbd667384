import type { DrupalContext } from '../context';
import { decodeJson } from '../decode';
import type { MenuName } from '../endpoints';
import { BreadcrumbSchema } from '../schemas/breadcrumb';
import { MenuSchema, ServicesMenuSchema } from '../schemas/menu';
import { MetatagSchema } from '../schemas/metatag';
import { PriceListSchema, type PriceGroup } from '../schemas/price';
import { SearchResultsSchema } from '../schemas/search';
import { listTags, tagged } from '../tags';
import type { Crumb, HeadData, MenuItem, SearchResult } from '../types';

/** Drupal's REST resources a page's frame and the site's own pages read: head, breadcrumb, menus, search, prices. */
export interface RestCalls {
  /** `keep`: whether the answer may be cached, once the page knows its node is public (a draft's title must not be). */
  metatags(page: string, keep?: Promise<boolean>): Promise<HeadData>;
  breadcrumb(page: string, keep?: Promise<boolean>): Promise<Crumb[]>;
  menu(name: MenuName): Promise<MenuItem[]>;
  servicesMenu(): Promise<MenuItem[]>;
  search(keys: string): Promise<SearchResult[]>;
  /** docs/requirements.md §2 "Price list": every group for "/price.html", only a service's rows for its path. */
  priceList(page: string): Promise<PriceGroup[]>;
}

export function restCalls({ urls, get }: DrupalContext): RestCalls {
  return {
    metatags: (page, keep) => get(urls.metatags(page), decodeJson('metatag', MetatagSchema, { notFound: { tags: [] } }), keep),

    breadcrumb: (page, keep) => get(urls.breadcrumb(page), decodeJson('breadcrumb', BreadcrumbSchema, { notFound: [] }), keep),

    menu: (name) =>
      get(
        urls.menu(name),
        tagged(decodeJson(`menu ${name}`, MenuSchema, { notFound: [] }), () => [`menu:${name}`]),
      ),

    servicesMenu: () =>
      get(
        urls.servicesMenu(),
        tagged(decodeJson('services menu', ServicesMenuSchema, { notFound: [] }), () => ['menu:services', 'node_list:services']),
      ),

    search: (keys) => get(urls.search(keys), decodeJson('search', SearchResultsSchema, { notFound: [] })),

    priceList: (page) =>
      get(
        urls.priceList(page),
        tagged(decodeJson('price list', PriceListSchema, { notFound: [] }), () => ['price_list', ...listTags('services')]),
      ),
  };
}
