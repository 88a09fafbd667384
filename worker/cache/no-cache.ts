import { isolate } from './isolate';
import type { KvCache } from './kv-cache-types';

/** What editors' clients learned of resource types (relationships.ts) is kept per isolate (isolate.ts) and relearned after this. */
const KNOWLEDGE_MS = 5 * 60_000;

/**
 * The cache an editor's requests go through: none. Every payload comes straight
 * from Drupal with the editor's session (drafts included), so the editor sees an
 * edit at once; and nothing fetched with that session is written where a visitor
 * could read it. Purging is a no-op here: the shared cache is purged through a
 * cached client (routes/editors.tsx).
 */
export const noCache: KvCache = {
  get: async (_url, load) => (await load()).value,
  // What a type's resources relate to (field names, never content) is kept in this isolate's memory only,
  // for editors' clients: learning it first would put a round before each node; until it is learned the
  // screens' own names are asked, as on a visitor's cold page.
  known: async <T>(url: string, load: () => Promise<{ value: T }>) => {
    const { learned: knowledge, learning } = isolate().knowledge;
    const learned = knowledge.get(url);
    if (learned && Date.now() - learned.at < KNOWLEDGE_MS) return learned.value as T;
    if (!learning.has(url)) {
      learning.add(url);
      load()
        .then(({ value }) => knowledge.set(url, { value, at: Date.now() }))
        .catch(() => undefined)
        .finally(() => learning.delete(url));
    }
    return learned?.value as T | undefined;
  },
  // Nothing learned is kept: each upload asks Drupal again.
  remember: async () => {},
  recall: async () => undefined,
  // Every payload is a call to Drupal.
  atHand: async () => false,
  // An editor's client keeps nothing; its guesses come from the shared cache (DrupalClientOptions.guesses).
  lastKnown: async () => undefined,
  purge: async () => {},
  purgeAll: async () => 0,
  purgeTags: async () => {},
};
