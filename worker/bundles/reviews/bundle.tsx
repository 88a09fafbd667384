import { day, excerpt, text } from '../fields';
import { listing } from './listing';
import { bundleModule } from '../module';
import { Body, DateLine, NodeArticle } from '../page-parts';

interface ReviewView {
  /** The doctor the review is about, by name or as a link. */
  doctor?: { title: string; url?: string };
  /** YYYY-MM-DD. */
  date?: string;
}

export const reviews = bundleModule<ReviewView>({
  bundle: 'reviews',
  wants: ['field_doctor'],
  view: (node) => {
    const linked = node.links.field_doctor?.[0];
    const named = text(node, 'field_doctor');
    return { doctor: linked ?? (named ? { title: named } : undefined), date: day(node.created) };
  },
  Page: ({ node, view }) => (
    <NodeArticle node={node} header={<DateLine day={view.date} />}>
      {view.doctor && (
        <p className="meta-line">Врач: {view.doctor.url ? <a href={view.doctor.url}>{view.doctor.title}</a> : view.doctor.title}</p>
      )}
      <Body node={node} />
    </NodeArticle>
  ),
  card: (node) => ({ summary: excerpt(node.body?.html) }),
  listing,
});
