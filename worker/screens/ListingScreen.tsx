import { Play } from 'lucide-react';
import { Suspense, use } from 'react';
import type { ListingCard } from '../bundles/listing';
import { formatDate, formatDay } from '../components/format';
import { Pager, type PagerView } from '../components/Pager';
import { QaList } from '../components/QaList';
import { Card } from '../components/ui/Card';
import { Icon } from '../components/ui/Icon';
import type { NodeData } from '../drupal/types';
import type { Deferred } from '../components/deferred';
import { PAGE_SIZE } from './listing-page';

/** A node of the listing, and what its card shows of it (its bundle's module says). */
export interface ListingItem {
  node: NodeData;
  card: ListingCard;
}

export interface ListingView {
  title: string;
  items: ListingItem[];
  pager: PagerView;
  /** How many items the listing has, when Drupal did not say so with the page (counted beside it). */
  count?: Deferred<number | undefined>;
  showDates: boolean;
  /** docs/requirements.md §2: questions that open and close in place, rather than cards. */
  questions: boolean;
}

/** Cards in the first screen load at once; the rest when scrolled to. */
const EAGER_CARDS = 3;

function CountedPager({ pager, count }: { pager: PagerView; count: Deferred<number | undefined> }) {
  const total = use(count);
  return <Pager pager={total === undefined ? pager : { ...pager, last: Math.max(1, Math.ceil(total / PAGE_SIZE)) }} />;
}

export function ListingScreen({ listing }: { listing: ListingView }) {
  return (
    <section className="listing">
      <header className="page-header">
        <h1>{listing.title}</h1>
      </header>
      {listing.items.length === 0 ? (
        <p className="empty-note">Здесь пока ничего нет.</p>
      ) : listing.questions ? (
        <QaList
          items={listing.items.map(({ node, card }) => ({
            key: node.uuid,
            question: card.summary || node.title,
            answer: node.body?.html,
            url: node.path,
          }))}
        />
      ) : (
        <ul className="cards">
          {listing.items.map((item, index) => {
            const { card } = item;
            const until = formatDay(card.until);
            return (
              <Card
                key={item.node.uuid}
                title={item.node.title}
                href={item.node.path}
                image={card.image}
                portrait={card.portrait}
                eager={index < EAGER_CARDS}
                priority={index === 0}
                date={until ? `до ${until}` : listing.showDates ? formatDate(item.node.created) : undefined}
                dateTime={until ? card.until : item.node.created}
                summary={card.summary}
                badge={
                  card.video ? (
                    <span className="play-badge card__play" aria-hidden="true">
                      <Icon icon={Play} size={24} />
                    </span>
                  ) : undefined
                }
              />
            );
          })}
        </ul>
      )}
      {listing.count ? (
        <Suspense fallback={<Pager pager={listing.pager} />}>
          <CountedPager pager={listing.pager} count={listing.count} />
        </Suspense>
      ) : (
        <Pager pager={listing.pager} />
      )}
    </section>
  );
}
