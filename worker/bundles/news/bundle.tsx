import { optional } from '../../drupal/optional';
import type { Teaser } from '../../drupal/types';
import { defer, type Deferred } from '../../components/deferred';
import { DATED_WANTS, datedView, type DatedView } from '../dated';
import { listing } from './listing';
import { bundleModule } from '../module';
import { StreamedOthers } from '../other-items';
import { Body, DateLine, Lead, NodeArticle } from '../page-parts';

/** docs/requirements.md §2: a news item's «other» list. */
interface NewsExtras {
  other: Deferred<Teaser[]>;
}

export const news = bundleModule<DatedView, NewsExtras>({
  bundle: 'news',
  wants: DATED_WANTS,
  view: datedView,
  load: ({ drupal, nid }) => ({ other: defer(optional('other news', drupal.otherList('news', nid, 'news'), [])) }),
  Page: ({ node, view, extras }) => (
    <NodeArticle node={node} header={<DateLine day={view.date} />}>
      <Lead image={view.image} title={node.title} />
      <Body node={node} />
      <StreamedOthers node={node} others={extras.other} heading={{ title: 'Другие новости', more: 'Все новости', listing: listing.path }} />
    </NodeArticle>
  ),
  card: (node, view) => ({ image: view.image, summary: node.body?.summary }),
  listing,
  otherInContent: true,
});
