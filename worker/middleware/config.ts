import type { MiddlewareHandler } from 'hono';
import { wantedRelationships } from '../bundles/registry';
import { CacheReport } from '../cache/cache-report';
import type { Bindings } from '../config/bindings';
import { readConfig, type Config } from '../config/config';
import { misconfiguredHealth, misconfiguredPage } from '../config/misconfigured-page';
import { HEALTH_PATH } from '../paths/health-path';
import type { DrupalClient } from '../drupal/client';
import { drupalClientFor } from '../drupal/from-config';
import type { RequestLogVariables } from './request-log';

/** What this middleware puts on the context: the validated settings and this request's Drupal client. */
export interface ConfigVariables {
  config: Config;
  drupal: DrupalClient;
  /** How each of this request's cached Drupal calls was answered, for X-Cache. */
  cacheReport: CacheReport;
}

/**
 * The client made on the first use of any of its calls: a page served from what was rendered a moment ago asks
 * Drupal nothing, and making a client (its cache, its every endpoint's calls) was a fifth of such a request's work.
 * The client's calls are closures over it, so they are taken from the made client as they are.
 */
function lazily<T extends object>(make: () => T): T {
  let made: T | undefined;
  return new Proxy({} as T, { get: (_, name) => Reflect.get((made ??= make()), name) });
}

/** Validates the settings (a missing one answers a 500 page that names it) and makes the request's Drupal client. */
export function configured(): MiddlewareHandler<{ Bindings: Bindings; Variables: ConfigVariables & Partial<RequestLogVariables> }> {
  return async (c, next) => {
    const result = readConfig(c.env);
    if (!result.ok) {
      if (new URL(c.req.url).pathname === HEALTH_PATH)
        return misconfiguredHealth(result.problems, c.env?.PLATFORM === 'node' ? 'node' : 'workers');
      return misconfiguredPage(result.problems);
    }
    const { config } = result;
    const cacheReport = new CacheReport();
    c.set('config', config);
    c.set('cacheReport', cacheReport);
    const recorder = c.var.drupalCalls;
    c.set(
      'drupal',
      lazily(() =>
        drupalClientFor(config, {
          waitUntil: (promise) => c.executionCtx.waitUntil(promise),
          report: cacheReport,
          recorder,
          wants: wantedRelationships,
        }),
      ),
    );
    await next();
  };
}
