/**
 * A visitor of a page the site has a copy of gets that copy while Drupal hangs, whatever other visitors'
 * requests are waiting for (docs/benchmarks.md "bench:faults"): not after another visitor's fetch of the same
 * payload gives up, and without a write to the store per visitor. Each "request" here is a cache object of its
 * own in one isolate, as each request of a worker makes its own.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { cacheKey } from '../../../worker/cache/cache-key';
import { OriginError } from '../../../worker/cache/origin-error';
import { createKvCache } from '../../../worker/cache/kv-cache';
import { readConfig } from '../../../worker/config/config';
import { originBreaker } from '../../../worker/drupal/from-config';
import type { KeyValueStore } from '../../../worker/seams/seams';
import { isolate } from '../../../worker/cache/isolate';
import { bindings, eventually, freshStart, siteBindings } from '../helpers';

beforeEach(freshStart);

/**
 * Copies expired as soon as they are stored, so that every read asks Drupal first. The origin timeout is also how long
 * a fetch under way counts as alive for another visitor (worker/cache/flights.ts): long enough that on a loaded
 * machine the first visitor's fetch is still under way when the second asks, however slowly the test gets there.
 */
function settings() {
  const result = readConfig({ ...siteBindings, CACHE_FRESH_SECONDS: '0', CACHE_STALE_SECONDS: '0', ORIGIN_TIMEOUT_MS: '5000' });
  if (!result.ok) throw new Error('test configuration is invalid');
  return result.config;
}

type Config = ReturnType<typeof settings>;

/** One request's cache, over `kv`; what it hands to waitUntil is collected in `background`. */
function requestCache(config: Config, kv: KeyValueStore, background: Promise<unknown>[]) {
  const guard = { breaker: originBreaker(config), timeoutMs: config.origin.timeoutMs, retryMs: config.origin.retryMs };
  return createKvCache({ kv, settings: config.cache, guard, waitUntil: (p) => background.push(p), log: () => {} });
}

const payloadUrl = () => `${bindings.DRUPAL_BASE_URL}/stale-while-hanging?id=${crypto.randomUUID()}`;

describe('a copy while Drupal hangs', () => {
  it("is answered while another visitor's fetch of it still hangs, without a fetch of its own", async () => {
    const config = settings();
    const background: Promise<unknown>[] = [];
    const url = payloadUrl();
    expect(await requestCache(config, config.kv, background).get(url, async () => ({ value: 'старая копия' }))).toBe('старая копия');
    await Promise.all(background);

    // The first visitor's fetch hangs until the test lets it go.
    let letGo: (value: { value: string }) => void = () => {};
    let firstDone = false;
    const first = requestCache(config, config.kv, background)
      .get(url, () => new Promise<{ value: string }>((resolve) => (letGo = resolve)))
      .finally(() => (firstDone = true));
    // Once the first visitor's fetch is under way.
    const key = await cacheKey(url);
    await eventually(
      async () => isolate().flights.inFlight(key, config.origin.timeoutMs),
      (yes) => yes,
    );

    let fetchedAgain = false;
    const second = await requestCache(config, config.kv, background).get(url, async () => {
      fetchedAgain = true;
      return { value: 'новая копия' };
    });
    expect(second).toBe('старая копия');
    expect(fetchedAgain).toBe(false);
    expect(firstDone).toBe(false);

    letGo({ value: 'новая копия' });
    expect(await first).toBe('новая копия');
    await Promise.all(background);
  });

  it('is marked as failing in the store once, however many visitors meet the failure at once', async () => {
    const config = settings();
    let puts = 0;
    const kv = new Proxy(config.kv, {
      get(target, prop, receiver) {
        if (prop === 'put') puts++;
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const background: Promise<unknown>[] = [];
    const url = payloadUrl();
    await requestCache(config, kv, background).get(url, async () => ({ value: 'копия' }));
    await Promise.all(background);
    const stored = puts;

    // Drupal failed three times in a row: the breaker leaves it alone, and every visitor gets the copy.
    const breaker = originBreaker(config);
    for (let i = 0; i < 3; i++) breaker.failed();
    const failing = async (): Promise<{ value: string }> => {
      throw new OriginError('Drupal не ответил');
    };
    const answers = await Promise.all(Array.from({ length: 10 }, () => requestCache(config, kv, background).get(url, failing)));
    expect(answers).toEqual(Array(10).fill('копия'));
    await Promise.all(background);
    expect(puts - stored).toBe(1);
  });
});
