import { bundleModule } from '../module';
import { listing } from './listing';
import { VideoPage } from './Page';
import { VIDEO_WANTS, videoView, type VideoView } from './view';

/** A video: the YouTube video behind the clinic's own poster, and the body. */
export const video = bundleModule<VideoView>({
  bundle: 'video',
  wants: VIDEO_WANTS,
  view: videoView,
  Page: VideoPage,
  card: (node, view) => ({ image: view.poster, video: true, summary: node.body?.summary }),
  listing,
});
