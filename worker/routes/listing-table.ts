import type { ListingRules } from '../bundles/listing';
import { LISTINGS } from '../bundles/listings';
import { MAX_LIST_ITEMS } from '../drupal/endpoints';
import { PAGE_SIZE } from '../screens/listing-page';

/**
 * docs/requirements.md §2: listing routes (reading A): each lists one bundle, newest first, and
 * takes the page number as an optional last segment (/news.html/2). Each bundle's folder says
 * whether it has one, and its rules.
 */
export type ListingRoute = ListingRules;

export const LISTING_ROUTES: readonly ListingRoute[] = LISTINGS;

/** docs/requirements.md §9: a listing shows at most MAX_LIST_ITEMS. */
export const MAX_PAGE = MAX_LIST_ITEMS / PAGE_SIZE;
