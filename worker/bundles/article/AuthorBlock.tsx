import type { ViewRow } from '../../drupal/types';

/** docs/requirements.md §2: the article's author, or the clinic's specialists when it names none. */
export function AuthorBlock({ author, clinic }: { author?: ViewRow; clinic: string }) {
  const photo = author?.images[0];
  return (
    <aside className="author-block" data-part="author" aria-label="Автор статьи">
      {photo && <img className="author-block__photo" src={photo.url} alt="" width={64} height={64} loading="lazy" decoding="async" />}
      <p className="author-block__text">
        <span className="author-block__label">Автор статьи:</span>{' '}
        {author ? (
          <>
            {author.url ? <a href={author.url}>{author.title}</a> : author.title}
            {author.note && <span className="author-block__post">{author.note}</span>}
          </>
        ) : (
          // The clinic's name is the site's, in the nominative: on a line of its own it needs no other case.
          <>
            <span>Специалисты клиники</span>
            <span className="author-block__post">{clinic}</span>
          </>
        )}
      </p>
    </aside>
  );
}
