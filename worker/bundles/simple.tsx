import type { Image, NodeData } from '../drupal/types';
import { firstImage } from './fields';
import type { ListingCard, ListingRules } from './listing';
import type { BundleModule } from './module';
import { Body, Lead, NodeArticle } from './page-parts';

/** Equipment, problems, slides, press mentions: a picture and the body. */
export interface SimpleView {
  image?: Image;
}

export const SIMPLE_WANTS = ['field_image'];

export const simpleView = (node: NodeData): SimpleView => ({ image: firstImage(node, 'field_image', 'field_photo3', 'field_photo') });

/** A listing card of its picture and the body's summary: what every kind with a picture and a body shows. */
export const simpleCard = (node: NodeData, view: SimpleView): ListingCard => ({ image: view.image, summary: node.body?.summary });

/** A bundle whose page is its title, picture and body. */
export const simpleBundle = (
  bundle: string,
  more: { wants?: readonly string[]; listing?: ListingRules; inSitemap?: boolean } = {},
): BundleModule<SimpleView> => ({
  bundle,
  wants: more.wants ?? SIMPLE_WANTS,
  view: simpleView,
  Page: ({ node, view }) => (
    <NodeArticle node={node}>
      <Lead image={view.image} title={node.title} />
      <Body node={node} />
    </NodeArticle>
  ),
  card: simpleCard,
  listing: more.listing,
  inSitemap: more.inSitemap,
});
