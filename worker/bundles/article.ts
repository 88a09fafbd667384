import { dated } from './news';

/** An article reads a news item's fields; its author and service link come from their own calls (docs/requirements.md §7), which the route starts. */
export const article = dated('article');
