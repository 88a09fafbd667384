import { CalendarCheck } from 'lucide-react';
import { PopupButton } from '../../components/PopupButton';
import type { PageProps } from '../module';
import { Body, Lead, NodeArticle } from '../page-parts';
import type { PromoLandingView } from './view';

/** A promotional landing page's page: title, picture, body, and the button that opens the appointment popup. */
export function PromoLandingPage({ node, view }: PageProps<PromoLandingView>) {
  return (
    <NodeArticle node={node}>
      <Lead image={view.image} title={node.title} />
      <Body node={node} />
      <p className="node__actions" data-part="cta">
        <PopupButton form="consultation" icon={CalendarCheck} size="lg">
          {view.cta}
        </PopupButton>
      </p>
    </NodeArticle>
  );
}
