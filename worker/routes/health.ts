import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { endpoints } from '../drupal/endpoints';
import { originBreaker } from '../drupal/from-config';
import { OriginError } from '../cache/origin-error';
import { fetchFromOrigin } from '../drupal/origin';
import { HEALTH_PATH } from '../paths/health-path';

/**
 * `GET /health` for monitoring: whether Drupal answers, how many
 * leads wait for delivery where the platform can tell, and nothing of any visitor
 * or lead. 200 while Drupal answers, 503 when it does not, so that a plain HTTP
 * check alerts on what visitors would notice: pages not yet cached failing.
 */
export interface Health {
  ok: boolean;
  target: 'workers' | 'node';
  drupal: { reachable: boolean; ms?: number; breaker?: 'open' };
  queue: { depth?: number };
  undelivered?: number;
}

export const healthRoutes = new Hono<AppEnv>();

healthRoutes.get(HEALTH_PATH, async (c) => {
  const { config } = c.var;
  const health: Health = {
    ok: false,
    target: c.env?.PLATFORM === 'node' ? 'node' : 'workers',
    drupal: await drupalHealth(c.var),
    queue: {},
  };
  const queue = config.leads.queue;
  if (queue?.depth) {
    // The count is a nicety: a queue that cannot say leaves it out rather than failing the check.
    health.queue.depth = await queue.depth().catch(() => undefined);
  }
  const store = config.undelivered.store;
  // Leads kept after their last retry (leads/undelivered.ts): a count only, for an alert above zero.
  if (store) health.undelivered = await store.count().catch(() => undefined);
  health.ok = health.drupal.reachable;
  return c.json(health, health.ok ? 200 : 503, { 'Cache-Control': 'no-store' });
});

/**
 * The cheapest call every Drupal of ours answers: the home page's path lookup,
 * through the breaker the pages use. While the breaker leaves Drupal alone, its
 * state is the answer and no call is made (a monitor polling a down Drupal must
 * not add to its load); when it would let a probe through, this check may be the
 * probe, and so closes it as soon as Drupal is back.
 */
async function drupalHealth(vars: AppEnv['Variables']): Promise<Health['drupal']> {
  const { config, drupalCalls } = vars;
  const breaker = originBreaker(config);
  if (!breaker.admit()) return { reachable: false, breaker: 'open' };
  const started = Date.now();
  try {
    await fetchFromOrigin(endpoints(config.drupalBaseUrl).translatePath('/'), {
      timeoutMs: config.origin.timeoutMs,
      credentials: config.drupalCredentials,
      recorder: drupalCalls,
    });
  } catch (error) {
    if (!(error instanceof OriginError) || error.unhealthy) {
      breaker.failed();
      return { reachable: false };
    }
  }
  breaker.succeeded();
  return { reachable: true, ms: Date.now() - started };
}
