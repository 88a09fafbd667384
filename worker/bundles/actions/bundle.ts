import { bundleModule } from '../module';
import { listing } from './listing';
import { ActionPage } from './Page';
import { ACTION_WANTS, actionView, type ActionView } from './view';

/** A promotion (docs/requirements.md §4): shown until its last day has passed. */
export const actions = bundleModule<ActionView>({
  bundle: 'actions',
  wants: ACTION_WANTS,
  view: actionView,
  Page: ActionPage,
  card: (_node, view) => ({ image: view.image, summary: view.subtitle, until: view.until }),
  listing,
});
