import type { Image, NodeData } from '../drupal/types';
import type { BundleModule } from './index';
import { firstImage, html, text, youtubeId } from './fields';

export interface ServiceView {
  bundle: 'services';
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
}

export const services: BundleModule<ServiceView> = {
  wants: ['field_image', 'field_photo', 'field_preview_photo', 'field_popular_procedure_img'],
  view: (node: NodeData) => ({
    bundle: 'services',
    photo: firstImage(node, 'field_photo', 'field_image', 'field_preview_photo'),
    videoId: youtubeId(text(node, 'field_youtube')),
    descriptions: ['field_description1', 'field_description2', 'field_description3', 'field_description4'].flatMap((f) => html(node, f) ?? []),
    duration: text(node, 'field_duration'),
    price: text(node, 'field_price2'),
    innerPrices: html(node, 'field_prices_inner'),
    quantity: text(node, 'field_quantity'),
  }),
};
