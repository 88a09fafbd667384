import { Send } from 'lucide-react';
import { PopupButton } from '../../components/PopupButton';
import type { PageProps } from '../module';
import { Body, NodeArticle, Subtitle } from '../page-parts';
import type { VacancyView } from './view';

/** A vacancy's page: its subtitle, body and note, and the button that sends a résumé. */
export function VacancyPage({ node, view }: PageProps<VacancyView>) {
  return (
    <NodeArticle node={node} header={<Subtitle text={view.subtitle} />}>
      <Body node={node} />
      {view.note && <div className="content-body vacancy-note" data-part="note" dangerouslySetInnerHTML={{ __html: view.note }} />}
      <p className="node__actions">
        <PopupButton form="send_resume" icon={Send} size="lg">
          Отправить резюме
        </PopupButton>
      </p>
    </NodeArticle>
  );
}
