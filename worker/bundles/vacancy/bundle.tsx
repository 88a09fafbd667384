import { Send } from 'lucide-react';
import { PopupButton } from '../../components/PopupButton';
import { html, text } from '../fields';
import { listing } from './listing';
import { bundleModule } from '../module';
import { Body, NodeArticle, Subtitle } from '../page-parts';

interface VacancyView {
  subtitle?: string;
  /** field_note as HTML to show: formatted text sanitised, or plain text escaped, whichever Drupal sends. */
  note?: string;
}

export const vacancy = bundleModule<VacancyView>({
  bundle: 'vacancy',
  wants: [],
  view: (node) => ({ subtitle: text(node, 'field_subtitle'), note: html(node, 'field_note') }),
  Page: ({ node, view }) => (
    <NodeArticle node={node} header={<Subtitle text={view.subtitle} />}>
      <Body node={node} />
      {view.note && <div className="content-body vacancy-note" data-part="note" dangerouslySetInnerHTML={{ __html: view.note }} />}
      <p className="node__actions">
        <PopupButton form="send_resume" icon={Send} size="lg">
          Отправить резюме
        </PopupButton>
      </p>
    </NodeArticle>
  ),
  card: (node, view) => ({ summary: view.subtitle ?? node.body?.summary }),
  listing,
});
