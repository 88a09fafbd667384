import type { ListingRules } from '../listing';

export const listing: ListingRules = { bundle: 'video', path: '/video.html', title: 'Видео', dated: false, paged: true };
