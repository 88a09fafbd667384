import type { ListingRules } from '../listing';

export const listing: ListingRules = { bundle: 'doctors', path: '/doctors.html', title: 'Врачи', dated: false, paged: false };
