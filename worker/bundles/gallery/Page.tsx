import { Streamed } from '../../components/Streamed';
import type { Deferred } from '../../components/deferred';
import type { ViewRow } from '../../drupal/types';
import type { PageProps } from '../module';
import { Body, NodeArticle } from '../page-parts';
import { BeforeAfterPair } from './BeforeAfterPair';
import { GalleryDocuments } from './GalleryDocuments';
import { galleryDocuments, galleryKind, type GalleryView } from './view';

/** What Drupal's licence view lists (undefined when it could not be asked): which gallery is a licence gallery is Drupal's to say. */
export interface GalleryExtras {
  licences: Deferred<ViewRow[] | undefined>;
}

/** A gallery's page: a licence gallery's documents, or a before/after pair, then the body. */
export function GalleryPage({ node, view, extras }: PageProps<GalleryView, GalleryExtras>) {
  return (
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
  );
}
