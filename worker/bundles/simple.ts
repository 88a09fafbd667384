import type { Image, NodeData } from '../drupal/types';
import type { BundleModule } from './index';
import { day, firstImage } from './fields';

/** Equipment, press mentions, problems, slides: a picture and the body. */
export interface SimpleView {
  bundle: 'equipment' | 'smi_o_nas' | 'problem' | 'sliders';
  image?: Image;
  /** YYYY-MM-DD, shown for press mentions. */
  date?: string;
}

export const simple = (bundle: SimpleView['bundle']): BundleModule<SimpleView> => ({
  wants: bundle === 'sliders' ? ['field_photo3', 'field_photos_mobile'] : ['field_image'],
  view: (node: NodeData) => ({
    bundle,
    image: firstImage(node, 'field_image', 'field_photo3', 'field_photo'),
    date: bundle === 'smi_o_nas' ? day(node.created) : undefined,
  }),
});
