import { Streamed } from '../../components/Streamed';
import { optional } from '../../drupal/optional';
import type { ViewRow } from '../../drupal/types';
import { defer, type Deferred } from '../../components/deferred';
import { listing } from './listing';
import { bundleModule } from '../module';
import { Body, NodeArticle } from '../page-parts';
import { BeforeAfterPair } from './BeforeAfterPair';
import { GalleryDocuments } from './GalleryDocuments';
import { GALLERY_WANTS, galleryDocuments, galleryKind, galleryView, type GalleryView } from './view';

/** What Drupal's licence view lists (undefined when it could not be asked): which gallery is a licence gallery is Drupal's to say. */
interface GalleryExtras {
  licences: Deferred<ViewRow[] | undefined>;
}

export const gallery = bundleModule<GalleryView, GalleryExtras>({
  bundle: 'gallery',
  wants: GALLERY_WANTS,
  view: galleryView,
  load: ({ drupal }) => ({
    licences: defer(optional<ViewRow[] | undefined>('license images', drupal.viewRows('license-images', { shows: 'gallery' }), undefined)),
  }),
  Page: ({ node, view, extras }) => (
    <NodeArticle node={node}>
      <Streamed data={extras.licences}>
        {(licences) =>
          galleryKind(view, node.nid, licences) === 'documents' ? (
            <GalleryDocuments documents={galleryDocuments(view, node.nid, licences)} title={node.title} />
          ) : (
            <BeforeAfterPair images={view.images} title={node.title} />
          )
        }
      </Streamed>
      <Body node={node} />
    </NodeArticle>
  ),
  card: (_node, view) => ({ image: view.images[0] }),
  listing,
});
