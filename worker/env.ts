import type { Config } from './config/config';
import type { DrupalClient } from './drupal/client';
import type { CacheReport } from './cache/cache-report';
import type { PagePathVariables } from './middleware/page-path';
import type { SecurityVariables } from './middleware/security-headers';

/** Bindings as wrangler.toml, `wrangler secret` and .dev.vars provide them: unvalidated strings. */
export interface Bindings {
  DRUPAL_CACHE?: KVNamespace;
  ASSETS?: Fetcher;
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
}

/** What the middlewares put on the context for the routes. */
export interface Variables extends SecurityVariables, PagePathVariables {
  config: Config;
  drupal: DrupalClient;
  cacheReport: CacheReport;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
