import type { NodeData } from '../drupal/types';
import { formatDate } from '../components/format';
import { Pager, type PagerView } from '../components/Pager';

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
    <section>
      <h1>{listing.title}</h1>
      {listing.items.length === 0 ? (
        <p>Здесь пока ничего нет.</p>
      ) : (
        <ul className="cards">
          {listing.items.map((item, index) => {
            const image = CARD_IMAGE_FIELDS.map((f) => item.images[f]?.[0]).find(Boolean);
            const date = listing.showDates ? formatDate(item.created) : undefined;
            return (
              <li key={item.uuid} className="card">
                {image && <img src={image.url} alt={image.alt} loading={index < EAGER_CARDS ? 'eager' : 'lazy'} width={image.width} height={image.height} />}
                <h2>{item.path ? <a href={item.path}>{item.title}</a> : item.title}</h2>
                {date && <p className="card__date">{date}</p>}
                {item.body?.summary && <p>{item.body.summary}</p>}
              </li>
            );
          })}
        </ul>
      )}
      <Pager pager={listing.pager} />
    </section>
  );
}
