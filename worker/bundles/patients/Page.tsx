import type { PageProps } from '../module';
import { Body, Lead, NodeArticle } from '../page-parts';
import type { PatientView } from './view';

/** A patient's page: the photo, the body and the patient's feedback. */
export function PatientPage({ node, view }: PageProps<PatientView>) {
  return (
    <NodeArticle node={node}>
      <Lead image={view.photo} title={node.title} portrait />
      <Body node={node} />
      {view.feedback && <div className="content-body patient-feedback" dangerouslySetInnerHTML={{ __html: view.feedback }} />}
    </NodeArticle>
  );
}
