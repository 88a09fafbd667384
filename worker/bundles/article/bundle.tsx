import { Streamed } from '../../components/Streamed';
import { optional } from '../../drupal/optional';
import type { Teaser, ViewRow } from '../../drupal/types';
import { defer, type Deferred } from '../../components/deferred';
import { DATED_WANTS, datedView, otherTeaser, type DatedView } from '../dated';
import { listing } from './listing';
import { bundleModule } from '../module';
import { OTHER_SHOWN, StreamedOthers } from '../other-items';
import { Body, DateLine, Lead, NodeArticle } from '../page-parts';
import { AuthorBlock } from './AuthorBlock';

/** docs/requirements.md §7: an article's author and the service it is about come from their own calls. */
interface ArticleExtras {
  author: Deferred<ViewRow | undefined>;
  service: Deferred<ViewRow | undefined>;
  /** docs/requirements.md §2: the article's «other» list. */
  other: Deferred<Teaser[]>;
}

/** An article reads a news item's fields. */
export const article = bundleModule<DatedView, ArticleExtras>({
  bundle: 'article',
  wants: DATED_WANTS,
  view: datedView,
  load: ({ drupal, nid }) => ({
    author: defer(optional('article author', drupal.viewRows('article-author', { nid }), []).then((rows) => rows[0])),
    service: defer(optional('article service', drupal.viewRows('article-service', { nid }), []).then((rows) => rows[0])),
    // docs/requirements.md §7 names no 'other' view for articles: the newest of Drupal's own list, the same payload for every
    // article (tagged node_list:article, so a new article refreshes it); the page leaves its own out.
    other: defer(
      optional('other articles', drupal.nodes('article', { sort: '-created', limit: OTHER_SHOWN + 1 }), {
        items: [],
        hasNext: false,
      }).then((list) => list.items.map(otherTeaser)),
    ),
  }),
  Page: ({ node, view, extras, site }) => (
    <NodeArticle node={node} header={<DateLine day={view.date} />}>
      <Lead image={view.image} title={node.title} />
      <Body node={node} />
      <Streamed data={extras.service}>
        {(service) =>
          service && (
            <p className="service-link" data-part="service-link">
              Подробнее о процедуре: {service.url ? <a href={service.url}>{service.title}</a> : service.title}
            </p>
          )
        }
      </Streamed>
      <Streamed data={extras.author}>{(author) => <AuthorBlock author={author} clinic={site.name} />}</Streamed>
      <StreamedOthers node={node} others={extras.other} heading={{ title: 'Другие статьи', more: 'Все статьи', listing: listing.path }} />
    </NodeArticle>
  ),
  card: (node, view) => ({ image: view.image, summary: node.body?.summary }),
  listing,
});
