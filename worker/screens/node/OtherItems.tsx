import type { NodeData, Teaser } from '../../drupal/types';
import { formatDay } from '../../components/format';
import { SectionTitle } from '../../components/ui/SectionTitle';
import { LISTING_ROUTES } from '../../routes/listing-table';

/** docs/requirements.md §2: how many others a news item's, article's or press mention's page lists. */
export const OTHER_SHOWN = 4;

/** The heading and the listing link of each bundle's «other» list. */
const HEADINGS: Readonly<Record<string, { title: string; more: string }>> = {
  news: { title: 'Другие новости', more: 'Все новости' },
  article: { title: 'Другие статьи', more: 'Все статьи' },
  smi_o_nas: { title: 'Другие публикации', more: 'Все публикации' },
};

/**
 * The newest others of the node's kind, newest first as Drupal sends them. The
 * node itself is left out here too (a view configured otherwise, or the article
 * list, which is the same for every article), and nothing is shown when none remain.
 */
export function OtherItems({ node, items }: { node: NodeData; items: Teaser[] }) {
  const shown = items.filter((item) => item.nid !== node.nid && (item.url === undefined || item.url !== node.path)).slice(0, OTHER_SHOWN);
  const heading = HEADINGS[node.bundle];
  if (shown.length === 0 || !heading) return null;
  const listing = LISTING_ROUTES.find((route) => route.bundle === node.bundle);
  return (
    <section className="node-part" data-part="other" aria-labelledby="part-other">
      <SectionTitle title={heading.title} id="part-other" action={listing && { href: listing.path, label: heading.more }} />
      <ul className="other-list">
        {shown.map((item, index) => {
          const day = formatDay(item.date);
          return (
            <li key={item.nid ?? item.url ?? index} className="other-list__item">
              {item.image ? (
                // The title beside it says what the picture shows.
                <img className="other-list__image" src={item.image.url} alt="" width={120} height={80} loading="lazy" decoding="async" />
              ) : (
                <span className="other-list__image other-list__image--none" aria-hidden="true" />
              )}
              <div className="other-list__text">
                {day && (
                  <time className="other-list__date" dateTime={item.date}>
                    {day}
                  </time>
                )}
                {item.url ? (
                  <a className="other-list__link" href={item.url}>
                    {item.title}
                  </a>
                ) : (
                  <span className="other-list__link">{item.title}</span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
