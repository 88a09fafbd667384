import { simpleBundle } from '../simple';

/** A problem node: a picture and the body, the simple module's view and page (../simple.tsx). */
export const problem = simpleBundle('problem');
