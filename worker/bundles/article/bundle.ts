import { defer } from '../../components/deferred';
import { optional } from '../../drupal/optional';
import { otherTeaser } from '../dated';
import { bundleModule } from '../module';
import { simpleCard } from '../simple';
import { OTHER_SHOWN } from '../other-items';
import { listing } from './listing';
import { ArticlePage, type ArticleExtras } from './Page';
import { ARTICLE_WANTS, articleView, type ArticleView } from './view';

/** An article: a news item's fields, its author and the service it is about. */
export const article = bundleModule<ArticleView, ArticleExtras>({
  bundle: 'article',
  wants: ARTICLE_WANTS,
  view: articleView,
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
  Page: ArticlePage,
  card: simpleCard,
  listing,
});
