import type { NodeData } from '../drupal/types';
import { formatDate } from '../components/format';
import { Pager, type PagerView } from '../components/Pager';
import { Card } from '../components/ui/Card';

export interface ListingView {
  title: string;
  items: NodeData[];
  pager: PagerView;
  showDates: boolean;
}

/** Cards in the first screen load at once; the rest when scrolled to. */
const EAGER_CARDS = 3;

const CARD_IMAGE_FIELDS = ['field_image', 'field_preview_photo', 'field_photo', 'field_gallery_image'];

export function ListingScreen({ listing }: { listing: ListingView }) {
  return (
    <section className="listing">
      <header className="page-header">
        <h1>{listing.title}</h1>
      </header>
      {listing.items.length === 0 ? (
        <p className="empty-note">Здесь пока ничего нет.</p>
      ) : (
        <ul className="cards">
          {listing.items.map((item, index) => (
            <Card
              key={item.uuid}
              title={item.title}
              href={item.path}
              image={CARD_IMAGE_FIELDS.map((f) => item.images[f]?.[0]).find(Boolean)}
              eager={index < EAGER_CARDS}
              priority={index === 0}
              date={listing.showDates ? formatDate(item.created) : undefined}
              dateTime={item.created}
              summary={item.body?.summary}
            />
          ))}
        </ul>
      )}
      <Pager pager={listing.pager} />
    </section>
  );
}
