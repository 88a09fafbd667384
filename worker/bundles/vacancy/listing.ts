import type { ListingRules } from '../listing';

export const listing: ListingRules = { bundle: 'vacancy', path: '/vacancia.html', title: 'Вакансии', dated: false, paged: true };
