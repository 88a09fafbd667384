import type { Image } from '../../drupal/types';

/**
 * An image from Drupal with its width and height, so the page reserves its room
 * before it arrives. Drupal's image as we read it has no image-style derivatives,
 * so there is no `srcset` to offer: inventing derivative URLs would fetch 404s.
 */
export function ContentImage({
  image,
  alt,
  className,
  eager = false,
  priority = false,
}: {
  image: Image;
  /** Drupal's alt text wins; this is said when it has none. */
  alt?: string;
  className?: string;
  /** In the first screen: load at once. */
  eager?: boolean;
  /** The page's largest first-screen image (its LCP). */
  priority?: boolean;
}) {
  return (
    <img
      className={className}
      src={image.url}
      alt={image.alt || alt || ''}
      width={image.width}
      height={image.height}
      loading={eager || priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
