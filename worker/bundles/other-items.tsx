import { formatDay } from '../components/format';
import { Streamed } from '../components/Streamed';
import { SectionTitle } from '../components/ui/SectionTitle';
import type { NodeData, Teaser } from '../drupal/types';
import type { Deferred } from '../components/deferred';

/** docs/requirements.md §2: how many others a news item's, article's or press mention's page lists. */
export const OTHER_SHOWN = 4;

/** The heading of a bundle's «other» list, and the link to its listing. */
export interface OtherHeading {
  title: string;
  more: string;
  /** The bundle's listing, when it has one. */
  listing?: string;
}

/**
 * The newest others of the node's kind, newest first as Drupal sends them. The
 * node itself is left out here too (a view configured otherwise, or the article
 * list, which is the same for every article), and nothing is shown when none remain.
 */
export function OtherItems({ node, items, heading }: { node: NodeData; items: Teaser[]; heading: OtherHeading }) {
  const shown = items.filter((item) => item.nid !== node.nid && (item.url === undefined || item.url !== node.path)).slice(0, OTHER_SHOWN);
  if (shown.length === 0) return null;
  return (
    <section className="node-part" data-part="other" aria-labelledby="part-other">
      <SectionTitle
        title={heading.title}
        id="part-other"
        action={heading.listing ? { href: heading.listing, label: heading.more } : undefined}
      />
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

/** The «other» list from its own call, streamed into its place when the call settles. */
export function StreamedOthers({ node, others, heading }: { node: NodeData; others: Deferred<Teaser[]>; heading: OtherHeading }) {
  return <Streamed data={others}>{(items) => <OtherItems node={node} items={items} heading={heading} />}</Streamed>;
}
