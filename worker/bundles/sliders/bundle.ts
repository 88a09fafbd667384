import { simpleBundle } from '../simple';

/** The home page's slides (docs/requirements.md §2): a page of its own only when linked to, and not in the sitemap. */
export const sliders = simpleBundle('sliders', { wants: ['field_photo3', 'field_photos_mobile'], inSitemap: false });
