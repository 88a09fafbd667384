import type { NodeData } from '../drupal/types';
import { actions, type ActionView } from './actions';
import { article } from './article';
import { doctors, type DoctorView } from './doctors';
import { gallery, type GalleryView } from './gallery';
import { generic, type GenericView } from './generic';
import { news, type DatedView } from './news';
import { page, type PageView } from './page';
import { patients, type PatientView } from './patients';
import { qa, type QaView } from './qa';
import { reviews, type ReviewView } from './reviews';
import { services, type ServiceView } from './services';
import { simple, type SimpleView } from './simple';
import { vacancy, type VacancyView } from './vacancy';
import { video, type VideoView } from './video';

/** docs/requirements.md §3: bundles. */
export const BUNDLES = [
  'services',
  'doctors',
  'patients',
  'news',
  'smi_o_nas',
  'page',
  'vacancy',
  'actions',
  'article',
  'gallery',
  'video',
  'problem',
  'sliders',
  'qa',
  'reviews',
  'equipment',
] as const;

export type Bundle = (typeof BUNDLES)[number];

export const isBundle = (name: string): name is Bundle => (BUNDLES as readonly string[]).includes(name);

/** What one bundle's module says: the relationships its page reads, and how a node becomes its view. */
export interface BundleModule<V> {
  wants: readonly string[];
  view(node: NodeData): V;
}

export type BundleView =
  | ServiceView
  | DoctorView
  | PatientView
  | DatedView
  | GalleryView
  | VideoView
  | PageView
  | VacancyView
  | ActionView
  | QaView
  | ReviewView
  | SimpleView
  | GenericView;

const MODULES: { readonly [B in Bundle]: BundleModule<BundleView> } = {
  services,
  doctors,
  patients,
  news,
  article,
  gallery,
  video,
  page,
  vacancy,
  actions,
  qa,
  reviews,
  equipment: simple('equipment'),
  smi_o_nas: simple('smi_o_nas'),
  problem: simple('problem'),
  sliders: simple('sliders'),
};

const moduleOf = (bundle: string): BundleModule<BundleView> => (isBundle(bundle) ? MODULES[bundle] : generic);

/** The relationship fields a bundle's page reads (asked for only when Drupal's bundle has them). */
export const wantedRelationships = (bundle: string): readonly string[] => moduleOf(bundle).wants;

/** A node as its bundle's page shows it; a bundle Drupal adds later gets the generic view. */
export const viewOf = (node: NodeData): BundleView => moduleOf(node.bundle).view(node);
