import type { DrupalContext } from '../context';
import { decodeJson } from '../decode';
import { MAX_LIST_ITEMS } from '../endpoints';
import type { JsonApi } from '../jsonapi';
import { pageKey } from './page-key';
import { CollectionDocumentSchema, type CollectionDocument } from '../schemas/jsonapi';
import type { PriceGroup } from '../schemas/price';
import { stockPriceGroups, type StockPriceGroup } from '../schemas/stock-price';
import { listTags } from '../tags';

/** The relationships a price row is read with: its group's term and its services. */
const INCLUDE = ['field_price_group', 'field_services'] as const;

/** The pages asked beside the first: 300 rows in one round (a longer list walks on along its next links). */
export const PAGES_AHEAD = 5;

/** The price list's own page (docs/requirements.md §2): every group; any other page gets only its service's rows. */
const PRICE_PAGE = '/price.html';

/** The price list from the stock model (docs/drupal.md, "The stock model"), for a Drupal without the clinic's module. */
export interface StockPriceCalls {
  /** docs/requirements.md §2 "Price list": every group for "/price.html", only a service's rows (groups kept) for its path. */
  priceList(page: string): Promise<PriceGroup[]>;
}

/**
 * The whole list is one cached payload for the site, walked along JSON:API's next links; each page's
 * rows are picked from it in memory, so a service's page costs no call of its own.
 */
export function stockPriceCalls({ urls, cache }: DrupalContext, api: JsonApi): StockPriceCalls {
  const first = urls.stockPriceList(INCLUDE);

  const whole = (): Promise<StockPriceGroup[]> =>
    cache.get(first, async () => {
      // A clinic's price list runs to hundreds of rows: its next pages are asked beside the first, not one a round.
      const asked = api.fetchIncluding((include) => urls.stockPriceList(include), INCLUDE);
      const ahead = api.pagesAhead(first, PAGES_AHEAD);
      let response = await asked;
      // A bundle without field_weight refuses the sort (400): the rows are sorted here anyway.
      if (response.status === 400) response = await api.fetchIncluding((include) => urls.stockPriceList(include, false), INCLUDE);
      const tags = ['price_list', ...listTags('price'), ...listTags('services')];
      // A Drupal without the `price` bundle: JSON:API's 404; the price list is left out.
      if (response.status === 404) return { value: [], negative: true, tags };
      const page = (await decodeJson('stock price list', CollectionDocumentSchema)(response)).value;
      const pages: CollectionDocument[] = await api.pagesOf('stock price list', page, CollectionDocumentSchema, MAX_LIST_ITEMS, ahead);
      return { value: stockPriceGroups(pages), tags };
    });

  return {
    async priceList(page) {
      const groups = await whole();
      const key = pageKey(page);
      const shown =
        key === PRICE_PAGE
          ? groups
          : groups.map((group) => ({ ...group, rows: group.rows.filter((row) => key !== undefined && row.services.includes(key)) }));
      return shown.flatMap(({ rows, ...group }) =>
        rows.length ? [{ ...group, rows: rows.map(({ services: _services, ...row }) => row) }] : [],
      );
    },
  };
}
