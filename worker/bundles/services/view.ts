import type { Image, NodeData } from '../../drupal/types';
import { firstImage, html, text, youtubeId } from '../fields';

/** The service's own promo in place of docs/requirements.md §2's standard 25 %/10 % text. */
export interface AlternatePromo {
  /** field_alter_text: a short line, plain text. */
  heading?: string;
  /** field_alter_text_body: sanitised HTML. */
  html?: string;
}

export interface ServiceView {
  /** field_subtitle: a line under the title. */
  subtitle?: string;
  photo?: Image;
  videoId?: string;
  /** Sanitised HTML of field_description1…4, in order, the empty ones left out. */
  descriptions: string[];
  duration?: string;
  /** The price line ("от 15 000 руб."). */
  price?: string;
  /** Sanitised HTML: the prices written into the service itself. */
  innerPrices?: string;
  quantity?: string;
  /** Absent: the standard promo text. */
  promo?: AlternatePromo;
  /** field_action_view: only an explicit "no" hides the service's promotions; a Drupal without the field shows them. */
  showPromotions: boolean;
}

/**
 * field_alter_text is a line of text on our Drupal; a Drupal that keeps it as a
 * switch (true/false, 1/0) beside the body says with it whether the body is shown.
 */
function alternatePromo(node: NodeData): AlternatePromo | undefined {
  const switched = node.flags.field_alter_text;
  if (switched === false) return undefined;
  const heading = switched === undefined ? text(node, 'field_alter_text') : undefined;
  const body = html(node, 'field_alter_text_body');
  return heading || body ? { heading, html: body } : undefined;
}

export const SERVICE_WANTS = ['field_image', 'field_photo', 'field_preview_photo', 'field_popular_procedure_img'];

export const serviceView = (node: NodeData): ServiceView => ({
  subtitle: text(node, 'field_subtitle'),
  photo: firstImage(node, 'field_photo', 'field_image', 'field_preview_photo'),
  videoId: youtubeId(text(node, 'field_youtube')),
  descriptions: ['field_description1', 'field_description2', 'field_description3', 'field_description4'].flatMap(
    (f) => html(node, f) ?? [],
  ),
  duration: text(node, 'field_duration'),
  price: text(node, 'field_price2'),
  innerPrices: html(node, 'field_prices_inner'),
  quantity: text(node, 'field_quantity'),
  promo: alternatePromo(node),
  showPromotions: node.flags.field_action_view !== false,
});
