import type { ListingRule } from '../drupal/endpoints';
import type { Image, NodeData } from '../drupal/types';

/*
 * A bundle's listing, in a file of its own that imports nothing of the page: the
 * listing routes and the tools that walk them (test/real-drupal) read it alone.
 */

/** What a listing's card shows of a node: what a visitor chooses by (a doctor's post and face, a review's words). */
export interface ListingCard {
  image?: Image;
  summary?: string;
  portrait?: boolean;
  video?: boolean;
  /** YYYY-MM-DD: a promotion's last day. */
  until?: string;
}

/** docs/requirements.md §2: a bundle's listing route (reading A), newest first, with the page number as an optional last segment. */
export interface ListingRules {
  /** The bundle it lists. */
  bundle: string;
  path: string;
  title: string;
  dated: boolean;
  paged: boolean;
  /** docs/requirements.md §4: a rule beyond "published, newest first", as a JSON:API condition for today. */
  rule?: (today: string) => ListingRule;
  /** The same rule on what came back: a Drupal that could not filter (no such field) still shows only what it should. */
  visible?: (node: NodeData, today: string) => boolean;
  /** docs/requirements.md §2: the listing is of questions that open and close in place, not of cards. */
  questions?: boolean;
}
