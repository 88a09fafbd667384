import { Clock, Gift } from 'lucide-react';
import { MedicalNotice } from '../../components/MedicalNotice';
import { PopupButton } from '../../components/PopupButton';
import type { PageProps } from '../module';
import { Body, DateLine, Lead, NodeArticle, Subtitle } from '../page-parts';
import type { ActionView } from './view';

/** A promotion's page: its last day, picture and body, and the button that asks for the discount. */
export function ActionPage({ node, view }: PageProps<ActionView>) {
  return (
    <NodeArticle
      node={node}
      header={
        <>
          <Subtitle text={view.subtitle} />
          <DateLine day={view.until} label="Акция действует до" icon={Clock} />
        </>
      }
    >
      <Lead image={view.image} title={node.title} />
      <Body node={node} />
      <p className="node__actions">
        <PopupButton form="discount" icon={Gift} size="lg">
          Получить скидку
        </PopupButton>
      </p>
      <MedicalNotice />
    </NodeArticle>
  );
}
