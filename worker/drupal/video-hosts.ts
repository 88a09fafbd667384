/**
 * The video players editors embed in Drupal's HTML. Only iframes from these
 * origins survive sanitising, and the Content-Security-Policy frames nothing else.
 */
export const VIDEO_EMBED_ORIGINS = [
  'https://www.youtube.com',
  'https://youtube.com',
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://rutube.ru',
  'https://vk.com',
  'https://vkvideo.ru',
] as const;
