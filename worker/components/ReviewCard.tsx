import { Quote } from 'lucide-react';
import type { ViewRow } from '../drupal/types';
import { formatDay } from './format';
import { Icon } from './ui/Icon';

/** A patient's words: their photo when there is one, the text, their name, the doctor and the date. */
export function ReviewCard({ row }: { row: ViewRow }) {
  const photo = row.images[0];
  const date = formatDay(row.date);
  return (
    <figure className="review-card">
      <Icon icon={Quote} size={22} className="review-card__quote" />
      {row.html && <blockquote className="content-body review-card__text" dangerouslySetInnerHTML={{ __html: row.html }} />}
      <figcaption className="review-card__author">
        {photo && <img className="review-card__photo" src={photo.url} alt="" loading="lazy" decoding="async" width={56} height={56} />}
        <span className="review-card__who">
          <span className="review-card__name">{row.url ? <a href={row.url}>{row.title}</a> : row.title}</span>
          {(row.author || date) && (
            <span className="review-card__meta">{[row.author && `Врач: ${row.author}`, date].filter(Boolean).join(' · ')}</span>
          )}
        </span>
      </figcaption>
    </figure>
  );
}

/** Reviews one under another (two columns on wide screens). */
export function ReviewList({ rows }: { rows: ViewRow[] }) {
  return (
    <ul className="review-list">
      {rows.map((row, index) => (
        <li key={`${row.nid ?? index}`}>
          <ReviewCard row={row} />
        </li>
      ))}
    </ul>
  );
}
