import { defer } from '../../components/deferred';
import { optional } from '../../drupal/optional';
import { bundleModule } from '../module';
import { simpleCard } from '../simple';
import { listing } from './listing';
import { NewsPage, type NewsExtras } from './Page';
import { NEWS_WANTS, newsView, type NewsView } from './view';

/** A news item: a picture, a date and the body, with the other news in its own content. */
export const news = bundleModule<NewsView, NewsExtras>({
  bundle: 'news',
  wants: NEWS_WANTS,
  view: newsView,
  load: ({ drupal, nid }) => ({ other: defer(optional('other news', drupal.otherList('news', nid, 'news'), [])) }),
  Page: NewsPage,
  card: simpleCard,
  listing,
  otherInContent: true,
});
