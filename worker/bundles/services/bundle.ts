import { bundleModule } from '../module';
import { loadServicePage, SERVICE_PAGE_REGIONS, type ServicePageData } from './load';
import { ServicePage } from './Page';
import { SERVICE_WANTS, serviceView, type ServiceView } from './view';

/** A service (a procedure): docs/requirements.md §2's page of its own parts, each list from its own call. */
export const services = bundleModule<ServiceView, ServicePageData>({
  bundle: 'services',
  wants: SERVICE_WANTS,
  view: serviceView,
  load: loadServicePage,
  Page: ServicePage,
  card: (node, view) => ({ image: view.photo, summary: view.price ?? node.body?.summary }),
  ownRegions: SERVICE_PAGE_REGIONS,
});
