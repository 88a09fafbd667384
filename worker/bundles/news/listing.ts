import type { ListingRules } from '../listing';

export const listing: ListingRules = { bundle: 'news', path: '/news.html', title: 'Новости', dated: true, paged: true };
