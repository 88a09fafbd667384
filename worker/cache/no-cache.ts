import type { KvCache } from './kv-cache';

/**
 * The cache an editor's requests go through: none. Every payload comes straight
 * from Drupal with the editor's session (drafts included), so the editor sees an
 * edit at once; and nothing fetched with that session is written where a visitor
 * could read it. Purging is a no-op here: the shared cache is purged through a
 * cached client (routes/editors.tsx).
 */
export const noCache: KvCache = {
  get: async (_url, load) => (await load()).value,
  // Nothing is "known" without a cache: the page waits for the answer instead.
  known: async (_url, load) => (await load()).value,
  // Nothing learned is kept: each upload asks Drupal again.
  remember: async () => {},
  recall: async () => undefined,
  purge: async () => {},
  purgeAll: async () => 0,
  purgeTags: async () => {},
};
