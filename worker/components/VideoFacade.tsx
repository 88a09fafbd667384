import { Play } from 'lucide-react';
import type { Image } from '../drupal/types';
import { Behavior } from './Behavior';
import { Icon } from './ui/Icon';

const EMBED_BASE = 'https://www.youtube-nocookie.com/embed/';

/**
 * A YouTube video that costs nothing until it is asked for: the clinic's poster
 * (or a calm panel) and a play button; the player loads on the click.
 */
export function VideoFacade({ videoId, title, poster }: { videoId: string; title: string; poster?: Image }) {
  return (
    <Behavior name="VideoFacade" props={{ embedBase: EMBED_BASE }}>
      {/* The behaviour's marker takes no box (display: contents): the facade's frame is its own element. */}
      <div className="video-facade">
        <a
          className="video-facade__link"
          href={`https://www.youtube.com/watch?v=${videoId}`}
          target="_blank"
          rel="noopener"
          data-video-id={videoId}
          aria-label={`Смотреть видео: ${title}`}
        >
          {poster && (
            <img
              className="video-facade__poster"
              src={poster.url}
              alt=""
              decoding="async"
              width={poster.width ?? 960}
              height={poster.height ?? 540}
            />
          )}
          <span className="play-badge video-facade__play" aria-hidden="true">
            <Icon icon={Play} size={30} />
          </span>
        </a>
      </div>
    </Behavior>
  );
}
