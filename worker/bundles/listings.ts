import { listing as actions } from './actions/listing';
import { listing as article } from './article/listing';
import { listing as doctors } from './doctors/listing';
import { listing as equipment } from './equipment/listing';
import { listing as gallery } from './gallery/listing';
import type { ListingRules } from './listing';
import { listing as news } from './news/listing';
import { listing as qa } from './qa/listing';
import { listing as reviews } from './reviews/listing';
import { listing as smiONas } from './smi_o_nas/listing';
import { listing as vacancy } from './vacancy/listing';
import { listing as video } from './video/listing';

/** docs/requirements.md §2: the bundles that have a listing route, one line each, in the site's order. */
export const LISTINGS: readonly ListingRules[] = [
  news,
  article,
  reviews,
  equipment,
  smiONas,
  actions,
  vacancy,
  video,
  qa,
  doctors,
  gallery,
];
