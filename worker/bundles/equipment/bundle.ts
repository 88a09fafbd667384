import { simpleBundle } from '../simple';
import { listing } from './listing';

/** The clinic's equipment: a picture and the body, the simple module's view and page (../simple.tsx), with a listing. */
export const equipment = simpleBundle('equipment', {
  listing,
});
