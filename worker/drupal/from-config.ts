import type { Config } from '../config/config';
import type { CacheReport } from '../cache/cache-report';
import { circuitBreaker } from '../cache/circuit-breaker';
import { createKvCache, type KvCache } from '../cache/kv-cache';
import { createDrupalClient, type DrupalClient } from './client';
import type { OriginRecorder } from './origin';
import { knowSiteUrl } from './popup-links';

/** The breaker that guards the configured Drupal, shared by every request of the isolate. */
export const originBreaker = (config: Config) =>
  circuitBreaker(config.drupalBaseUrl, { openMs: config.origin.retryMs, probeTimeoutMs: config.origin.timeoutMs });

/** The configured KV cache every visitor's payloads go through, guarded by the isolate's breaker. */
function sharedCache(
  config: Config,
  waitUntil: (promise: Promise<unknown>) => void,
  report?: CacheReport,
  answered?: Promise<unknown>,
): KvCache {
  const guard = { breaker: originBreaker(config), timeoutMs: config.origin.timeoutMs, retryMs: config.origin.retryMs };
  return createKvCache({ kv: config.kv, settings: config.cache, guard, waitUntil, report, answered });
}

/** The Drupal client a request uses: the configured origin behind the configured KV cache. */
export function drupalClientFor(
  config: Config,
  {
    waitUntil,
    report,
    recorder,
    wants,
    answered,
  }: {
    waitUntil: (promise: Promise<unknown>) => void;
    report?: CacheReport;
    recorder?: OriginRecorder;
    wants?: (bundle: string) => readonly string[];
    /** The request's answer is out: the cache's own work waits for it (cache/kv-cache-types.ts). */
    answered?: Promise<unknown>;
  },
): DrupalClient {
  const cache = sharedCache(config, waitUntil, report, answered);
  // Editors' popup links written with the site's own address open the popup too (popup-links.ts).
  knowSiteUrl(config.siteUrl);
  return createDrupalClient({
    baseUrl: config.drupalBaseUrl,
    cache,
    timeoutMs: config.origin.timeoutMs,
    credentials: config.drupalCredentials,
    recorder,
    wants,
    modules: config.frame.modules,
    menus: config.frame.menus,
    placedBlocks: config.frame.blocks,
  });
}

/**
 * The shared cache's copies, read only, for a client that keeps nothing itself (an editor's):
 * what a path resolved to for visitors is a good guess of what it resolves to for an editor.
 */
export function sharedGuesses(config: Config): Pick<KvCache, 'lastKnown'> {
  // Only read from: nothing is written, so there is no background work to hand the platform.
  const shared = sharedCache(config, () => {});
  return { lastKnown: (url) => shared.lastKnown(url) };
}
