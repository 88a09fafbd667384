import type { PageProps } from '../module';
import { Body, DateLine, NodeArticle } from '../page-parts';
import type { ReviewView } from './view';

/** A review's page: its day, the doctor it is about and the visitor's words. */
export function ReviewPage({ node, view }: PageProps<ReviewView>) {
  return (
    <NodeArticle node={node} header={<DateLine day={view.date} />}>
      {view.doctor && (
        <p className="meta-line">Врач: {view.doctor.url ? <a href={view.doctor.url}>{view.doctor.title}</a> : view.doctor.title}</p>
      )}
      <Body node={node} />
    </NodeArticle>
  );
}
