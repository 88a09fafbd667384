import { Clock, Gift } from 'lucide-react';
import { MedicalNotice } from '../../components/MedicalNotice';
import { PopupButton } from '../../components/PopupButton';
import type { Image } from '../../drupal/types';
import { day, firstImage, text } from '../fields';
import { listing } from './listing';
import { bundleModule } from '../module';
import { Body, DateLine, Lead, NodeArticle, Subtitle } from '../page-parts';

interface ActionView {
  image?: Image;
  subtitle?: string;
  /** YYYY-MM-DD: the promotion's last day. */
  until?: string;
}

/** A promotion (docs/requirements.md §4): shown until its last day has passed. */
export const actions = bundleModule<ActionView>({
  bundle: 'actions',
  wants: ['field_image'],
  view: (node) => ({
    image: firstImage(node, 'field_image'),
    subtitle: text(node, 'field_subtitle'),
    until: day(text(node, 'field_action_date')),
  }),
  Page: ({ node, view }) => (
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
  ),
  card: (_node, view) => ({ image: view.image, summary: view.subtitle, until: view.until }),
  listing,
});
