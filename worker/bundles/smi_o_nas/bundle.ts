import { defer } from '../../components/deferred';
import { optional } from '../../drupal/optional';
import { bundleModule } from '../module';
import { simpleCard } from '../simple';
import { listing } from './listing';
import { PressPage, type PressExtras } from './Page';
import { PRESS_WANTS, pressView, type PressView } from './view';

/** A press mention: a picture, the body and the day it was published. */
export const smiONas = bundleModule<PressView, PressExtras>({
  bundle: 'smi_o_nas',
  wants: PRESS_WANTS,
  view: pressView,
  load: ({ drupal, nid }) => ({ other: defer(optional('other press', drupal.otherList('smi-o-nas', nid, 'smi_o_nas'), [])) }),
  Page: PressPage,
  card: simpleCard,
  listing,
});
