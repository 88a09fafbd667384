import type { Deferred } from '../../components/deferred';
import type { Teaser } from '../../drupal/types';
import type { PageProps } from '../module';
import { StreamedOthers } from '../other-items';
import { Body, DateLine, Lead, NodeArticle } from '../page-parts';
import { listing } from './listing';
import type { NewsView } from './view';

/** docs/requirements.md §2: a news item's «other» list. */
export interface NewsExtras {
  other: Deferred<Teaser[]>;
}

/** A news item's page: its date, picture and body, and the other news. */
export function NewsPage({ node, view, extras }: PageProps<NewsView, NewsExtras>) {
  return (
    <NodeArticle node={node} header={<DateLine day={view.date} />}>
      <Lead image={view.image} title={node.title} />
      <Body node={node} />
      <StreamedOthers node={node} others={extras.other} heading={{ title: 'Другие новости', more: 'Все новости', listing: listing.path }} />
    </NodeArticle>
  );
}
