import { VideoFacade } from '../../components/VideoFacade';
import type { Image } from '../../drupal/types';
import { firstImage, text, youtubeId } from '../fields';
import { listing } from './listing';
import { bundleModule } from '../module';
import { Body, Lead, NodeArticle } from '../page-parts';

interface VideoView {
  videoId?: string;
  /** The clinic's own poster: YouTube's would be fetched from YouTube before the visitor asked for the video. */
  poster?: Image;
}

export const video = bundleModule<VideoView>({
  bundle: 'video',
  wants: ['field_image'],
  view: (node) => ({ videoId: youtubeId(text(node, 'field_youtube')), poster: firstImage(node, 'field_image', 'field_photo') }),
  Page: ({ node, view }) => (
    <NodeArticle node={node}>
      {view.videoId ? (
        <VideoFacade videoId={view.videoId} title={node.title} poster={view.poster} />
      ) : (
        <Lead image={view.poster} title={node.title} />
      )}
      <Body node={node} />
    </NodeArticle>
  ),
  card: (node, view) => ({ image: view.poster, video: true, summary: node.body?.summary }),
  listing,
});
