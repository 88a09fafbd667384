import { bundleModule } from '../module';
import { simpleCard } from '../simple';
import { GenericPage } from './Page';
import { GENERIC_WANTS, genericView, type GenericView } from './view';

/** The module of a bundle the site does not know (registry.ts gives it to any other bundle). */
export const generic = bundleModule<GenericView>({
  bundle: 'generic',
  wants: GENERIC_WANTS,
  view: genericView,
  Page: GenericPage,
  card: simpleCard,
});
