import { bundleModule } from '../module';
import { simpleCard } from '../simple';
import { PromoLandingPage } from './Page';
import { PROMO_LANDING_WANTS, promoLandingView, type PromoLandingView } from './view';

/**
 * A promotional landing page (docs/adding-a-bundle.md): title, picture, body, and a button
 * that opens the appointment popup. It loads nothing beside the node and has no listing.
 */
export const promoLanding = bundleModule<PromoLandingView>({
  bundle: 'promo_landing',
  wants: PROMO_LANDING_WANTS,
  view: promoLandingView,
  Page: PromoLandingPage,
  card: simpleCard,
});
