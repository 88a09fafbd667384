import type { Image } from '../../drupal/types';
import { bundleModule } from '../module';
import { Body, Lead, NodeArticle } from '../page-parts';

/** A bundle Drupal adds later: its title, first picture and body. */
interface GenericView {
  image?: Image;
}

export const generic = bundleModule<GenericView>({
  bundle: 'generic',
  wants: [],
  view: (node) => ({ image: Object.values(node.images).find((list) => list.length > 0)?.[0] }),
  Page: ({ node, view }) => (
    <NodeArticle node={node}>
      <Lead image={view.image} title={node.title} />
      <Body node={node} />
    </NodeArticle>
  ),
  card: (node, view) => ({ image: view.image, summary: node.body?.summary }),
});
