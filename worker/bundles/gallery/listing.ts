import type { ListingRules } from '../listing';

export const listing: ListingRules = { bundle: 'gallery', path: '/do-i-posle.html', title: 'Фото до и после', dated: false, paged: false };
