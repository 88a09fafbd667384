import type { ListingRules } from '../listing';

export const listing: ListingRules = { bundle: 'article', path: '/article.html', title: 'Статьи', dated: true, paged: true };
