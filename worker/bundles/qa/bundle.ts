import { bundleModule } from '../module';
import { listing } from './listing';
import { QaPage } from './Page';
import { QA_WANTS, qaView, type QaView } from './view';

/** A visitor's question and the clinic's answer. */
export const qa = bundleModule<QaView>({
  bundle: 'qa',
  wants: QA_WANTS,
  view: qaView,
  Page: QaPage,
  card: (_node, view) => ({ summary: view.question }),
  listing,
});
