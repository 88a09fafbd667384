import { simpleBundle } from '../simple';

export const problem = simpleBundle('problem');
