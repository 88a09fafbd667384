/**
 * The site on Cloudflare Workers: wrangler.toml's bindings satisfy the seams as they are
 * (KV, Queues, the rate limiting binding, static assets), except two that are built here:
 * the undelivered leads on the D1 database (undelivered.ts), and Drupal's files in the
 * Cache API (file-cache.ts) when no FILE_CACHE is bound.
 */
import type { Bindings } from '../../config/bindings';
import type { Platform } from '../platform';
import { edgeFileCache } from './file-cache';
import { d1UndeliveredLeads, isD1, type D1Like } from './undelivered';

/** What workerd hands each request: Bindings, with the D1 database where the site wants its undelivered leads. */
export type WorkersEnv = Omit<Bindings, 'UNDELIVERED'> & { UNDELIVERED?: D1Like | Bindings['UNDELIVERED'] };

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
      UNDELIVERED: isD1(raw.UNDELIVERED) ? d1UndeliveredLeads(raw.UNDELIVERED) : raw.UNDELIVERED,
    };
    built.set(env, bindings);
    return bindings;
  },
};
