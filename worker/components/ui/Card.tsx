import type { ReactNode } from 'react';
import type { Image } from '../../drupal/types';
import { ContentImage } from './ContentImage';

/**
 * One item of a list: a photo, the title (a link when the item has a page; the
 * whole card is then clickable), a date and a summary. A list item, so cards sit
 * in a <ul className="cards">.
 */
export function Card({
  title,
  href,
  image,
  eager = false,
  priority = false,
  date,
  dateTime,
  summary,
  level = 2,
  portrait = false,
  badge,
  children,
}: {
  title: string;
  href?: string;
  image?: Image;
  eager?: boolean;
  /** The first card of a listing: its image is the page's LCP. */
  priority?: boolean;
  /** Already formatted DD.MM.YYYY. */
  date?: string;
  /** The machine-readable date for <time>. */
  dateTime?: string;
  summary?: string;
  level?: 2 | 3;
  /** Portraits (doctors) keep the whole face: upright and uncropped. */
  portrait?: boolean;
  /** Drawn over the picture (a video's play button). */
  badge?: ReactNode;
  children?: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <li className={['card', image && 'card--with-image', portrait && 'card--portrait'].filter(Boolean).join(' ')}>
      {/* A video without a poster still says it plays: its badge on a plain panel. */}
      {(image || badge) && (
        <div className="card__media">
          {image && <ContentImage image={image} alt={title} eager={eager} priority={priority} />}
          {badge}
        </div>
      )}
      <div className="card__body">
        <Heading className="card__title">
          {href ? (
            <a className="card__link" href={href}>
              {title}
            </a>
          ) : (
            title
          )}
        </Heading>
        {date && (
          <p className="card__date">
            <time dateTime={dateTime}>{date}</time>
          </p>
        )}
        {summary && <p className="card__summary">{summary}</p>}
        {children}
      </div>
    </li>
  );
}
