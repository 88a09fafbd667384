import { optional } from '../../drupal/optional';
import { briefly } from '../online-booking';
import { defer } from '../../components/deferred';
import { listing } from './listing';
import { bundleModule } from '../module';
import { DoctorPage, type DoctorExtras } from './Page';
import { DOCTOR_WANTS, doctorView, type DoctorView } from './view';

export const doctors = bundleModule<DoctorView, DoctorExtras>({
  bundle: 'doctors',
  wants: DOCTOR_WANTS,
  view: doctorView,
  async load({ drupal, nid, node, online }) {
    const link = defer(optional('online booking', online?.doctor(node) ?? Promise.resolve(null), null));
    const nearest = defer(
      optional(
        'nearest free times',
        link.then((l) => (l?.staffId && online ? online.nearest(l.staffId) : null)),
        null,
      ),
    );
    const reviews = defer(optional('doctor feedback', drupal.viewRows('doctor-feedback', { nid, shows: 'reviews' }), []));
    await briefly(link, node);
    return { reviews, online: link, nearest };
  },
  Page: DoctorPage,
  card: (_node, view) => ({ image: view.photo, summary: view.post, portrait: true }),
  listing,
});
