/**
 * The site on Cloudflare Workers: wrangler.toml's bindings satisfy the seams as they are
 * (KV, Queues, the rate limiting binding, static assets), except three that are built here:
 * the undelivered leads on the D1 database (undelivered.ts), Drupal's files in the
 * Cache API (file-cache.ts) when no FILE_CACHE is bound, and the booking times' holds
 * on the SLOT_HOLDS Durable Object namespace (slot-holds.ts).
 */
import type { Bindings } from '../../config/bindings';
import type { Platform } from '../platform';
import { edgeFileCache } from './file-cache';
import { consoleLogLines } from './log-lines';
import { edgePageCompressor } from './page-compressor';
import { durableSlotHolds, isSlotHoldNamespace, type SlotHoldNamespace } from './slot-holds';
import { d1UndeliveredLeads, isD1, type D1Like } from './undelivered';

/**
 * What workerd hands each request: Bindings, with the D1 database where the site wants its undelivered leads and the
 * Durable Object namespace where it wants its slot holds.
 */
export type WorkersEnv = Omit<Bindings, 'UNDELIVERED' | 'SLOT_HOLDS'> & {
  UNDELIVERED?: D1Like | Bindings['UNDELIVERED'];
  SLOT_HOLDS?: SlotHoldNamespace | Bindings['SLOT_HOLDS'];
};

// workerd hands an isolate's requests the same env object: its bindings are built once.
const built = new WeakMap<object, Bindings>();

export const workersPlatform: Platform = {
  name: 'workers',
  bindings(env) {
    const known = built.get(env);
    if (known) return known;
    const raw = env as WorkersEnv;
    const bindings: Bindings = {
      ...raw,
      PLATFORM: 'workers',
      FILE_CACHE: raw.FILE_CACHE ?? edgeFileCache(),
      PAGE_COMPRESSOR: raw.PAGE_COMPRESSOR ?? edgePageCompressor(),
      LOG_LINES: raw.LOG_LINES ?? consoleLogLines(),
      UNDELIVERED: isD1(raw.UNDELIVERED) ? d1UndeliveredLeads(raw.UNDELIVERED) : raw.UNDELIVERED,
      SLOT_HOLDS: isSlotHoldNamespace(raw.SLOT_HOLDS) ? durableSlotHolds(raw.SLOT_HOLDS) : raw.SLOT_HOLDS,
    };
    built.set(env, bindings);
    return bindings;
  },
};
