import { bundleModule } from '../module';
import { simpleCard } from '../simple';
import { BasicPage } from './Page';
import { PAGE_WANTS, pageView, type PageView } from './view';

/** A basic page (the contacts, the clinic's documents): a picture, the body and files to download. */
export const page = bundleModule<PageView>({
  bundle: 'page',
  wants: PAGE_WANTS,
  view: pageView,
  Page: BasicPage,
  card: simpleCard,
});
