/**
 * The two purge records the shared store holds beside the payloads (generation.ts, tags.ts):
 * their keys and shapes, apart from the code that reads and writes them, so that the
 * isolate's state (isolate.ts) can tell which memo an announced change reaches.
 */

/** When everything was last purged, and how many times (generation.ts). */
export const PURGE_ALL_KEY = 'cache-purge-all';

/** Tag → when it was last purged (tags.ts). */
export const TAGS_KEY = 'cache-tag-purges';

export interface PurgeAllRecord {
  /** When everything was last purged, epoch ms (0: never). */
  at: number;
  /** How many times everything has been purged: the editors' "generation". */
  count: number;
}

/** Tag → when it was last purged, epoch ms. */
export type TagPurges = Readonly<Record<string, number>>;
