import type { PageProps } from '../module';
import { Body, NodeArticle } from '../page-parts';
import type { QaView } from './view';

/** A question's page: the visitor's question, then the answer. */
export function QaPage({ node, view }: PageProps<QaView>) {
  return (
    <NodeArticle node={node}>
      {view.question && <p className="qa-question">{view.question}</p>}
      <Body node={node} />
    </NodeArticle>
  );
}
