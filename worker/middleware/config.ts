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
function lazily<T extends object>(make: () => T): { value: T; made: () => boolean } {
  let made: T | undefined;
  return { value: new Proxy({} as T, { get: (_, name) => Reflect.get((made ??= make()), name) }), made: () => made !== undefined };
}

/**
 * The response as it was, and a promise that settles a task after the runtime took its body's last byte (it asked
 * for more once there was none), so that the runtime sends it on before what waits for this; or once the visitor
 * went away. Only a page's: any other answer (JSON, a redirect, a file), one without a body, or one whose bytes are
 * encoded already (a kept page's, which a new Response could send encoded twice): at once.
 */
function withEndSignal(res: Response): { res: Response; ended: Promise<unknown> } {
  const body = res.body;
  if (!body || res.headers.has('Content-Encoding') || !res.headers.get('Content-Type')?.startsWith('text/html'))
    return { res, ended: Promise.resolve() };
  let end: () => void = () => {};
  const ended = new Promise<void>((resolve) => (end = resolve)).then(() => new Promise((resolve) => setTimeout(resolve, 0)));
  const reader = body.getReader();
  const tracked = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (!done) return controller.enqueue(value);
          controller.close();
        } catch (error) {
          controller.error(error);
        }
        end();
      },
      cancel(reason) {
        end();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
  return { res: new Response(tracked, res), ended };
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
    let answer: (ended: Promise<unknown>) => void = () => {};
    const answered = new Promise<unknown>((resolve) => (answer = resolve));
    const drupal = lazily(() =>
      drupalClientFor(config, {
        waitUntil: (promise) => c.executionCtx.waitUntil(promise),
        report: cacheReport,
        recorder,
        wants: wantedRelationships,
        answered,
      }),
    );
    c.set('drupal', drupal.value);
    try {
      await next();
    } catch (error) {
      answer(Promise.resolve());
      throw error;
    }
    // The cache writes its copies once the page is out, not between the parts of its render (cache/kv-cache-types.ts).
    // A store whose copies other processes wait on writes them at once, whatever this says.
    if (!drupal.made() || config.kv.claims) return answer(Promise.resolve());
    const { res, ended } = withEndSignal(c.res);
    c.res = res;
    answer(ended);
  };
}
