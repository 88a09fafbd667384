import type { ServiceList } from '../../drupal/endpoints';
import { optional } from '../../drupal/optional';
import type { PriceGroup } from '../../drupal/schemas/price';
import type { Block, ViewRow } from '../../drupal/types';
import type { OnlineLink } from '../../components/online-offer';
import { briefly } from '../online-booking';
import { defer, type Deferred } from '../../components/deferred';
import type { PageCalls } from '../module';

/** The parts of a service page that come from their own calls (docs/requirements.md §7), each arriving on its own. */
export interface ServicePageData {
  children: Deferred<ViewRow[]>;
  promotions: Deferred<ViewRow[]>;
  questions: Deferred<ViewRow[]>;
  doctors: Deferred<ViewRow[]>;
  patients: Deferred<ViewRow[]>;
  beforeAfter: Deferred<ViewRow[]>;
  feedback: Deferred<ViewRow[]>;
  articles: Deferred<ViewRow[]>;
  licences: Deferred<ViewRow[]>;
  section: Deferred<{ items: ViewRow[]; title?: string; url?: string }>;
  /** «Цены на процедуру»: the price list's rows for this service's page. */
  prices: Deferred<PriceGroup[]>;
  /** docs/requirements.md §2: advantages slot: the blocks Drupal placed in a region the service page shows itself. */
  blocks: Deferred<Block[]>;
  /** «Записаться онлайн», when the schedule has this service (docs/booking.md). */
  online: Deferred<OnlineLink | null>;
}

/**
 * Regions whose blocks the service page shows among its own parts (docs/requirements.md §2: the
 * advantages after the procedure's reviews); the layout leaves them out there.
 */
export const SERVICE_PAGE_REGIONS: readonly string[] = ['content'];

/** The bundle each of docs/requirements.md §7's per-service lists shows (its cache tags name it). */
const SERVICE_LIST_BUNDLE: Record<ServiceList, string> = {
  doctors: 'doctors',
  actions: 'actions',
  patients: 'patients',
  'do-i-posle': 'gallery',
  feedback: 'reviews',
  articles: 'article',
  qa: 'qa',
};

/**
 * Starts every per-service call of docs/requirements.md §7 at once, beside the node and the
 * frame. Each is optional: a list Drupal cannot give leaves out its section.
 */
export async function loadServicePage({ drupal, nid, path, frameBlocks, node, online }: PageCalls): Promise<ServicePageData> {
  const list = (name: ServiceList) =>
    defer(optional(`service ${name}`, drupal.viewRows(`service-${name}`, { nid, shows: SERVICE_LIST_BUNDLE[name] }), []));
  const link = defer(optional('online booking', online?.service(node) ?? Promise.resolve(null), null));
  // Every list starts before the online link is awaited: they need only the node's id and path, not its answer,
  // so they go to Drupal in the node's round rather than one after it (docs/architecture.md, "What a page costs Drupal").
  const data: ServicePageData = {
    children: defer(optional('services childs', drupal.serviceChildren(path), [])),
    promotions: list('actions'),
    questions: list('qa'),
    doctors: list('doctors'),
    patients: list('patients'),
    beforeAfter: list('do-i-posle'),
    feedback: list('feedback'),
    articles: list('articles'),
    licences: defer(optional('license images', drupal.viewRows('license-images', { shows: 'gallery' }), [])),
    section: defer(optional('services subtree', drupal.serviceSection(path), { items: [] })),
    prices: defer(optional('service prices', drupal.priceList(path), [])),
    blocks: defer(
      frameBlocks.then(
        (blocks) => blocks.filter((block) => SERVICE_PAGE_REGIONS.includes(block.region)),
        () => [],
      ),
    ),
    online: link,
  };
  await briefly(link, node);
  return data;
}
