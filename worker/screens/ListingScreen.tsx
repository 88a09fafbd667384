import { Play } from 'lucide-react';
import { Suspense, use } from 'react';
import type { BundleView } from '../bundles';
import { formatDate, formatDay } from '../components/format';
import { Pager, type PagerView } from '../components/Pager';
import { QaList } from '../components/QaList';
import { Card } from '../components/ui/Card';
import { Icon } from '../components/ui/Icon';
import { htmlToText } from '../drupal/entities';
import type { Image, NodeData } from '../drupal/types';
import type { Deferred } from '../render/deferred';
import { PAGE_SIZE } from '../routes/listing-table';

export interface ListingItem {
  node: NodeData;
  view: BundleView;
}

export interface ListingView {
  title: string;
  items: ListingItem[];
  pager: PagerView;
  /** How many items the listing has, when Drupal did not say so with the page (counted beside it). */
  count?: Deferred<number | undefined>;
  showDates: boolean;
}

/** Cards in the first screen load at once; the rest when scrolled to. */
const EAGER_CARDS = 3;

/** A review's card shows the start of its text. */
const EXCERPT = 220;

const excerpt = (html: string | undefined): string | undefined => {
  const text = html ? htmlToText(html) : '';
  if (!text) return undefined;
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT).replace(/\s+\S*$/, '')}…` : text;
};

/** What a visitor chooses by, per bundle: a doctor's post and face, a review's words, a video's poster. */
function cardOf({ node, view }: ListingItem): { image?: Image; summary?: string; portrait?: boolean; video?: boolean; until?: string } {
  switch (view.bundle) {
    case 'doctors':
      return { image: view.photo, summary: view.post, portrait: true };
    case 'reviews':
      return { summary: excerpt(node.body?.html) };
    case 'patients':
      return { image: view.photo, summary: excerpt(view.feedback ?? node.body?.html) };
    case 'video':
      return { image: view.poster, video: true, summary: node.body?.summary };
    case 'vacancy':
      return { summary: view.subtitle ?? node.body?.summary };
    case 'actions':
      return { image: view.image, summary: view.subtitle, until: view.until };
    case 'qa':
      return { summary: view.question };
    case 'gallery':
      return { image: view.images[0] };
    case 'services':
      return { image: view.photo, summary: view.price ?? node.body?.summary };
    case 'news':
    case 'article':
    case 'page':
    case 'equipment':
    case 'smi_o_nas':
    case 'problem':
    case 'sliders':
    case 'generic':
      return { image: view.image, summary: node.body?.summary };
  }
}

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
      ) : listing.items.every((item) => item.view.bundle === 'qa') ? (
        // docs/requirements.md §2: questions open and close in place.
        <QaList
          items={listing.items.map(({ node, view }) => ({
            key: node.uuid,
            question: (view.bundle === 'qa' && view.question) || node.title,
            answer: node.body?.html,
            url: node.path,
          }))}
        />
      ) : (
        <ul className="cards">
          {listing.items.map((item, index) => {
            const card = cardOf(item);
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
