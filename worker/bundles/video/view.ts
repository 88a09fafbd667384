import type { Image, NodeData } from '../../drupal/types';
import { firstImage, text, youtubeId } from '../fields';

/** What a video's page reads: the YouTube video and the clinic's poster for it. */
export interface VideoView {
  videoId?: string;
  /** The clinic's own poster: YouTube's would be fetched from YouTube before the visitor asked for the video. */
  poster?: Image;
}

export const VIDEO_WANTS = ['field_image'];

export const videoView = (node: NodeData): VideoView => ({
  videoId: youtubeId(text(node, 'field_youtube')),
  poster: firstImage(node, 'field_image', 'field_photo'),
});
