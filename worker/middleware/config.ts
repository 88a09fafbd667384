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
    c.set(
      'drupal',
      drupalClientFor(config, {
        waitUntil: (promise) => c.executionCtx.waitUntil(promise),
        report: cacheReport,
        recorder: c.var.drupalCalls,
        wants: wantedRelationships,
      }),
    );
    await next();
  };
}
