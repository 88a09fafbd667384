import type { PageProps } from '../module';
import { Body, Lead, NodeArticle } from '../page-parts';
import type { GenericView } from './view';

/** The page of a bundle the site does not know: its title, first picture and body. */
export function GenericPage({ node, view }: PageProps<GenericView>) {
  return (
    <NodeArticle node={node}>
      <Lead image={view.image} title={node.title} />
      <Body node={node} />
    </NodeArticle>
  );
}
