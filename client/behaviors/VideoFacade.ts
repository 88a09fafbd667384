import { defineBehavior } from '../runtime/behavior';

/**
 * A video facade: a poster and a play button until the visitor asks
 * for the video; only then the player's iframe loads, already playing. Without
 * JavaScript the facade is a link to the video on YouTube.
 */
export default defineBehavior('VideoFacade', (root, { embedBase }) => {
  const link = root.querySelector<HTMLAnchorElement>('a[data-video-id]');
  const id = link?.dataset.videoId;
  if (!link || !id || !/^[\w-]{11}$/.test(id)) return;
  link.addEventListener('click', (event) => {
    event.preventDefault();
    const frame = document.createElement('iframe');
    frame.src = `${embedBase}${id}?autoplay=1&rel=0`;
    frame.title = link.getAttribute('aria-label') ?? 'Видео';
    frame.allow = 'autoplay; encrypted-media; picture-in-picture';
    frame.allowFullscreen = true;
    frame.className = 'video-facade__player';
    link.replaceWith(frame);
    frame.focus();
  });
});
