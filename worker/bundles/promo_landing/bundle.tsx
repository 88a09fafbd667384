import { CalendarCheck } from 'lucide-react';
import { PopupButton } from '../../components/PopupButton';
import type { Image } from '../../drupal/types';
import { firstImage, text } from '../fields';
import { bundleModule } from '../module';
import { Body, Lead, NodeArticle } from '../page-parts';

/** A promotional landing page: its picture when it has one, and the label of its call to action. */
export interface PromoLandingView {
  image?: Image;
  /** field_cta_text: the button's label; the appointment popup's own title when the editor left it empty. */
  cta: string;
}

/** The appointment popup's title (common/popups.ts), the button's label by default. */
const DEFAULT_CTA = 'Записаться на приём';

/**
 * A promotional landing page (docs/adding-a-bundle.md): title, picture, body, and a button
 * that opens the appointment popup. It loads nothing beside the node and has no listing.
 */
export const promoLanding = bundleModule<PromoLandingView>({
  bundle: 'promo_landing',
  wants: ['field_image'],
  view: (node) => ({ image: firstImage(node, 'field_image'), cta: text(node, 'field_cta_text') ?? DEFAULT_CTA }),
  Page: ({ node, view }) => (
    <NodeArticle node={node}>
      <Lead image={view.image} title={node.title} />
      <Body node={node} />
      <p className="node__actions" data-part="cta">
        <PopupButton form="consultation" icon={CalendarCheck} size="lg">
          {view.cta}
        </PopupButton>
      </p>
    </NodeArticle>
  ),
  card: (node, view) => ({ image: view.image, summary: node.body?.summary }),
});
