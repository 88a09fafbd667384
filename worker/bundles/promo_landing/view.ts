import type { Image, NodeData } from '../../drupal/types';
import { firstImage, text } from '../fields';

/** A promotional landing page: its picture when it has one, and the label of its call to action. */
export interface PromoLandingView {
  image?: Image;
  /** field_cta_text: the button's label; the appointment popup's own title when the editor left it empty. */
  cta: string;
}

/** The appointment popup's title (common/popups.ts), the button's label by default. */
const DEFAULT_CTA = 'Записаться на приём';

export const PROMO_LANDING_WANTS = ['field_image'];

export const promoLandingView = (node: NodeData): PromoLandingView => ({
  image: firstImage(node, 'field_image'),
  cta: text(node, 'field_cta_text') ?? DEFAULT_CTA,
});
