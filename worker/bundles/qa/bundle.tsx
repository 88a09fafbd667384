import { text } from '../fields';
import { listing } from './listing';
import { bundleModule } from '../module';
import { Body, NodeArticle } from '../page-parts';

interface QaView {
  /** The visitor's question; the node's body is the answer. */
  question?: string;
}

export const qa = bundleModule<QaView>({
  bundle: 'qa',
  wants: [],
  view: (node) => ({ question: text(node, 'field_question') }),
  Page: ({ node, view }) => (
    <NodeArticle node={node}>
      {view.question && <p className="qa-question">{view.question}</p>}
      <Body node={node} />
    </NodeArticle>
  ),
  card: (_node, view) => ({ summary: view.question }),
  listing,
});
