import { optional } from '../../drupal/optional';
import { defer } from '../../render/deferred';
import { listing } from './listing';
import { bundleModule } from '../module';
import { DoctorPage, type DoctorExtras } from './Page';
import { DOCTOR_WANTS, doctorView, type DoctorView } from './view';

export const doctors = bundleModule<DoctorView, DoctorExtras>({
  bundle: 'doctors',
  wants: DOCTOR_WANTS,
  view: doctorView,
  load: ({ drupal, nid, node, online }) => ({
    reviews: defer(optional('doctor feedback', drupal.viewRows('doctor-feedback', { nid, shows: 'reviews' }), [])),
    online: defer(optional('online booking', online?.doctor(node) ?? Promise.resolve(null), null)),
  }),
  Page: DoctorPage,
  card: (_node, view) => ({ image: view.photo, summary: view.post, portrait: true }),
  listing,
});
