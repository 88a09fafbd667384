import { actions } from './actions/bundle';
import { article } from './article/bundle';
import { doctors } from './doctors/bundle';
import { equipment } from './equipment/bundle';
import { gallery } from './gallery/bundle';
import { generic } from './generic/bundle';
import type { BundleModule } from './module';
import { news } from './news/bundle';
import { page } from './page/bundle';
import { patients } from './patients/bundle';
import { problem } from './problem/bundle';
import { promoLanding } from './promo_landing/bundle';
import { qa } from './qa/bundle';
import { reviews } from './reviews/bundle';
import { services } from './services/bundle';
import { sliders } from './sliders/bundle';
import { smiONas } from './smi_o_nas/bundle';
import { vacancy } from './vacancy/bundle';
import { video } from './video/bundle';

/** docs/requirements.md §3: the bundles the site knows, one line each (docs/adding-a-bundle.md). */
export const BUNDLE_MODULES: readonly BundleModule[] = [
  services,
  doctors,
  patients,
  news,
  smiONas,
  page,
  vacancy,
  actions,
  article,
  gallery,
  video,
  problem,
  sliders,
  qa,
  reviews,
  equipment,
  promoLanding,
];

const byName = new Map(BUNDLE_MODULES.map((module) => [module.bundle, module]));

/** A bundle's module; a bundle Drupal adds later gets the generic one: its title, first picture and body. */
export const moduleOf = (bundle: string): BundleModule => byName.get(bundle) ?? generic;

/** The relationship fields a bundle's page reads, for the Drupal client to include. */
export const wantedRelationships = (bundle: string): readonly string[] => moduleOf(bundle).wants;
