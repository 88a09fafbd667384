/**
 * What the pages and the service worker (client/sw.ts) agree on for reading offline
 *. The service worker takes only types from here: a value it shared with the
 * pages would be split into a chunk of its own, which a classic worker script cannot import.
 */

/** The service worker's address: at the root, so that its scope is the whole site. */
export const SERVICE_WORKER_URL = '/sw.js';

/** A page asks the service worker to keep these (its own address when it was not yet controlled, the pinned pages, what it loaded). */
export interface KeepMessage {
  type: 'keep';
  /** Pages kept apart, never pushed out by newer ones: the price list, the contacts page. */
  pinned: string[];
  /** The page itself, when the service worker did not see it come. */
  pages: string[];
  /** Scripts, styles, fonts and images the page loaded before the service worker saw it. */
  assets: string[];
}

/** docs/requirements.md §2: price list and contacts page: readable offline even if never opened. */
export const PINNED_PAGES = ['/price.html', '/contacts.html'];

/** Fired on window when popup forms kept on the device (client/runtime/outbox.ts) have been sent: `detail` is how many. */
export const LEADS_SENT_EVENT = 'offline-leads:sent';
