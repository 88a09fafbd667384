import type { ListingRules } from '../listing';

export const listing: ListingRules = { bundle: 'reviews', path: '/feedback.html', title: 'Отзывы', dated: true, paged: true };
