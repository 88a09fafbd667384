import type { Image } from '../../drupal/types';
import { excerpt, firstImage, html } from '../fields';
import { bundleModule } from '../module';
import { Body, Lead, NodeArticle } from '../page-parts';

interface PatientView {
  photo?: Image;
  /** Sanitised HTML. */
  feedback?: string;
}

export const patients = bundleModule<PatientView>({
  bundle: 'patients',
  wants: ['field_photo'],
  view: (node) => ({ photo: firstImage(node, 'field_photo', 'field_image'), feedback: html(node, 'field_feedback_text') }),
  Page: ({ node, view }) => (
    <NodeArticle node={node}>
      <Lead image={view.photo} title={node.title} portrait />
      <Body node={node} />
      {view.feedback && <div className="content-body patient-feedback" dangerouslySetInnerHTML={{ __html: view.feedback }} />}
    </NodeArticle>
  ),
  card: (node, view) => ({ image: view.photo, summary: excerpt(view.feedback ?? node.body?.html) }),
});
