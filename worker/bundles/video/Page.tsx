import { VideoFacade } from '../../components/VideoFacade';
import type { PageProps } from '../module';
import { Body, Lead, NodeArticle } from '../page-parts';
import type { VideoView } from './view';

/** A video's page: the video behind its poster (only the poster when there is no video), then the body. */
export function VideoPage({ node, view }: PageProps<VideoView>) {
  return (
    <NodeArticle node={node}>
      {view.videoId ? (
        <VideoFacade videoId={view.videoId} title={node.title} poster={view.poster} />
      ) : (
        <Lead image={view.poster} title={node.title} />
      )}
      <Body node={node} />
    </NodeArticle>
  );
}
