import { simpleBundle } from '../simple';
import { listing } from './listing';

export const equipment = simpleBundle('equipment', {
  listing,
});
