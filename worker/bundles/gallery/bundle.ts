import { defer } from '../../components/deferred';
import { optional } from '../../drupal/optional';
import type { ViewRow } from '../../drupal/types';
import { bundleModule } from '../module';
import { listing } from './listing';
import { GalleryPage, type GalleryExtras } from './Page';
import { GALLERY_WANTS, galleryView, type GalleryView } from './view';

/** A gallery: before/after photos, or a licence's scans (./view.ts says which). */
export const gallery = bundleModule<GalleryView, GalleryExtras>({
  bundle: 'gallery',
  wants: GALLERY_WANTS,
  view: galleryView,
  load: ({ drupal }) => ({
    licences: defer(optional<ViewRow[] | undefined>('license images', drupal.viewRows('license-images', { shows: 'gallery' }), undefined)),
  }),
  Page: GalleryPage,
  card: (_node, view) => ({ image: view.images[0] }),
  listing,
});
