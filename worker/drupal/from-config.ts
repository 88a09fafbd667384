import type { Config } from '../config/config';
import type { CacheReport } from '../cache/cache-report';
import { createKvCache } from '../cache/kv-cache';
import { createDrupalClient, type DrupalClient } from './client';

/** The Drupal client a request uses: the configured origin behind the configured KV cache. */
export function drupalClientFor(
  config: Config,
  { waitUntil, report }: { waitUntil: (promise: Promise<unknown>) => void; report?: CacheReport },
): DrupalClient {
  const cache = createKvCache({ kv: config.kv, settings: config.cache, waitUntil, report });
  return createDrupalClient({
    baseUrl: config.drupalBaseUrl,
    cache,
    timeoutMs: config.originTimeoutMs,
    credentials: config.drupalCredentials,
  });
}
