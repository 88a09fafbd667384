import type { ListingRules } from '../listing';

export const listing: ListingRules = { bundle: 'equipment', path: '/oborudovaniye.html', title: 'Оборудование', dated: false, paged: true };
