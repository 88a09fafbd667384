import { DATED_WANTS, datedView, type DatedView } from '../dated';

/** An article reads a news item's fields, as every dated kind does (../dated.ts): a picture and a date. */
export type ArticleView = DatedView;

export const ARTICLE_WANTS = DATED_WANTS;

export const articleView = datedView;
