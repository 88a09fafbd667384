import { excerpt } from '../fields';
import { bundleModule } from '../module';
import { listing } from './listing';
import { ReviewPage } from './Page';
import { REVIEW_WANTS, reviewView, type ReviewView } from './view';

/** A visitor's review, and the doctor it is about when it names one. */
export const reviews = bundleModule<ReviewView>({
  bundle: 'reviews',
  wants: REVIEW_WANTS,
  view: reviewView,
  Page: ReviewPage,
  card: (node) => ({ summary: excerpt(node.body?.html) }),
  listing,
});
