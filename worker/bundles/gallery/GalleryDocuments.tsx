import type { Image } from '../../drupal/types';

/**
 * A licence gallery as documents: every scan whole (never cropped, never labelled
 * «До» / «После»), each a link to its full-size file in a new tab.
 */
export function GalleryDocuments({ documents, title }: { documents: { thumb: Image; full: Image }[]; title: string }) {
  if (documents.length === 0) return null;
  return (
    <ul className="document-grid" data-part="documents" aria-label={title}>
      {documents.map(({ thumb, full }, index) => {
        const name = thumb.alt || thumb.description || `${title}, документ ${index + 1}`;
        return (
          <li key={`${full.url}|${index}`} className="document-grid__item">
            <a
              className="document-grid__link"
              href={full.url}
              target="_blank"
              rel="noopener"
              aria-label={`${name}: открыть в полном размере`}
            >
              <img
                className="document-grid__image"
                src={thumb.url}
                alt={name}
                width={thumb.width ?? 300}
                height={thumb.height ?? 420}
                loading={index < 2 ? 'eager' : 'lazy'}
                decoding="async"
              />
            </a>
            <span className="document-grid__caption">{name}</span>
          </li>
        );
      })}
    </ul>
  );
}
