import type { Image, NodeData } from '../drupal/types';
import type { BundleModule } from './index';
import { firstImage, text, youtubeId } from './fields';

export interface VideoView {
  bundle: 'video';
  videoId?: string;
  /** The clinic's own poster: YouTube's would be fetched from YouTube before the visitor asked for the video. */
  poster?: Image;
}

export const video: BundleModule<VideoView> = {
  wants: ['field_image'],
  view: (node: NodeData) => ({
    bundle: 'video',
    videoId: youtubeId(text(node, 'field_youtube')),
    poster: firstImage(node, 'field_image', 'field_photo'),
  }),
};
