import { Suspense, use, useId } from 'react';
import type { Teaser } from '../../drupal/types';
import type { PreFooterData } from './layout-data';
import type { Deferred } from '../deferred';
import { Carousel } from '../Carousel';
import { TeaserCard, anyPictured, type TeaserShape } from '../TeaserCard';
import { SectionTitle } from '../ui/SectionTitle';

interface Shelf {
  list: keyof PreFooterData;
  title: string;
  /** The listing the section leads to. */
  href: string;
  more: string;
  shape: TeaserShape;
  dated?: boolean;
}

/** docs/requirements.md §2: three carousels, in its order, each with its listing. */
const SHELVES: readonly Shelf[] = [
  { list: 'doctors', title: 'Наши врачи', href: '/doctors.html', more: 'Все врачи', shape: 'portrait' },
  { list: 'news', title: 'Новости клиники', href: '/news.html', more: 'Все новости', shape: 'landscape', dated: true },
  { list: 'promotions', title: 'Акции', href: '/special.html', more: 'Все акции', shape: 'landscape' },
];

function TeaserShelf({ shelf, items }: { shelf: Shelf; items: Deferred<Teaser[]> }) {
  const teasers = use(items);
  const headingId = useId();
  // Drupal has nothing here, or the call failed: the section is left out.
  if (teasers.length === 0) return null;
  const pictured = anyPictured(teasers);
  return (
    <div className={`pre-footer__shelf pre-footer__shelf--${shelf.list}`}>
      <SectionTitle id={headingId} title={shelf.title} action={{ href: shelf.href, label: shelf.more }} />
      <Carousel
        kind="general"
        labelledBy={headingId}
        slides={teasers.map((teaser, index) => ({
          key: `${teaser.nid ?? teaser.url ?? teaser.title}|${index}`,
          content: <TeaserCard teaser={teaser} shape={shelf.shape} dated={shelf.dated} pictureRoom={pictured} />,
        }))}
      />
    </div>
  );
}

/**
 * docs/requirements.md §2: other doctors, other news and current promotions before the banner.
 * Each arrives on its own behind a boundary; none of them can hold up or fail the page.
 */
export function PreFooter({ lists }: { lists?: PreFooterData }) {
  if (!lists) return null;
  return (
    <div className="pre-footer container">
      {SHELVES.map((shelf) => (
        <Suspense key={shelf.list} fallback={null}>
          <TeaserShelf shelf={shelf} items={lists[shelf.list]} />
        </Suspense>
      ))}
    </div>
  );
}
