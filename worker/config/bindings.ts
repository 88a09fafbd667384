import type { FileCache, KeyValueStore, LeadQueue, RateLimiter, StaticAssets } from '../platform/seams';

/**
 * Bindings as wrangler.toml, `wrangler secret` and .dev.vars provide them (unvalidated
 * strings), or as the Node target builds them from the environment (platform/node/).
 */
export interface Bindings {
  DRUPAL_CACHE?: KeyValueStore;
  ASSETS?: StaticAssets;
  /** Drupal's files kept for outages; on Workers the Cache API's default cache when not given. */
  FILE_CACHE?: FileCache;
  DRUPAL_BASE_URL?: string;
  SITE_URL?: string;
  SITE_NAME?: string;
  SITE_PHONE?: string;
  SHOP_URL?: string;
  CACHE_FRESH_SECONDS?: string;
  CACHE_STALE_SECONDS?: string;
  CACHE_MAX_AGE_SECONDS?: string;
  CACHE_NOT_FOUND_SECONDS?: string;
  ORIGIN_TIMEOUT_MS?: string;
  ORIGIN_RETRY_SECONDS?: string;
  ANALYTICS_ORIGINS?: string;
  DRUPAL_API_USER?: string;
  DRUPAL_API_PASSWORD?: string;
  CRM_WEBHOOK_URL?: string;
  CRM_WEBHOOK_TOKEN?: string;
  PURGE_SECRET?: string;
  /** The leads queue (producer); the same worker consumes it (worker/leads/deliver.ts). */
  LEADS?: LeadQueue;
  /** Posts per client and minute to the forms (wrangler.toml [[ratelimits]]). */
  FORM_LIMITER?: RateLimiter;
  /** The first retry of an undelivered lead waits this long, then twice as long each time. */
  LEAD_RETRY_SECONDS?: string;
  /** Yandex Metrica counter id: goals are sent after accepted forms; none, no call. */
  METRIKA_ID?: string;
}
