import { DATED_WANTS, datedView, type DatedView } from '../dated';

/** A news item reads the fields every dated kind reads (../dated.ts): a picture and a date. */
export type NewsView = DatedView;

export const NEWS_WANTS = DATED_WANTS;

export const newsView = datedView;
