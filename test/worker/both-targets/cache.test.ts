import { describe, expect, it, beforeEach } from 'vitest';
import { cacheKey, normaliseUrl } from '../../../worker/cache/cache-key';
import { createKvCache } from '../../../worker/cache/kv-cache';
import { resetIsolate } from '../../../worker/cache/isolate';
import { readConfig, type Config } from '../../../worker/config/config';
import { drupalClientFor, originBreaker } from '../../../worker/drupal/from-config';
import type { FetchClaims } from '../../../worker/seams/seams';
import { eventually } from '../../setup/eventually';
import { bindings, demo, firstAlias, freshStart, page, request, siteBindings } from '../helpers';

beforeEach(freshStart);

/** The site's settings, the clinic's modules named, not probed: the probe asks the main menu's endpoint too (docs/drupal.md "Where the frame comes from"). */
function siteConfig(): Config {
  const result = readConfig({ ...siteBindings, DRUPAL_MODULES: 'clinic' });
  if (!result.ok) throw new Error('test configuration is invalid');
  return result.config;
}

/** The origin guard a request's cache gets from these settings (drupal/from-config.ts). */
const guardOf = (config: Config) => ({
  breaker: originBreaker(config),
  timeoutMs: config.origin.timeoutMs,
  retryMs: config.origin.retryMs,
});

function drupalClient() {
  const pending: Promise<unknown>[] = [];
  const client = drupalClientFor(siteConfig(), { waitUntil: (p) => pending.push(p) });
  return { client, settled: () => Promise.all(pending) };
}

/** The news listing's own call (not the sample that learns what news can include, nor its count). */
const NEWS_LISTING = '/jsonapi/node/news?filter[status]=1&sort=-created';

describe('KV cache of Drupal payloads', () => {
  it('answers MISS from Drupal, then HIT from KV without asking Drupal again', async () => {
    const first = await page('/news.html');
    expect(first.status).toBe(200);
    expect(first.headers.get('X-Cache')).toBe('MISS');
    const asked = await demo.count(NEWS_LISTING);
    expect(asked).toBe(1);

    const second = await page('/news.html');
    expect(second.headers.get('X-Cache')).toBe('HIT');
    expect(essence(second.html)).toEqual(essence(first.html));
    expect(await demo.count(NEWS_LISTING)).toBe(asked);
  });

  it('serves a STALE copy past its TTL and refreshes it in the background', async () => {
    const stale = { CACHE_FRESH_SECONDS: '0' };
    await page('/news.html', stale);
    expect(await demo.count(NEWS_LISTING)).toBe(1);

    // The refresh is slow (3 s); the page, whole before Drupal answered it, did not wait for it, however busy the machine.
    await demo.faults({ rules: [{ match: '/jsonapi/node/news', delayMs: 3_000 }] });
    const before = (await demo.requests()).total;
    const { response, settled } = await request('/news.html', stale);
    expect(response.headers.get('X-Cache')).toBe('STALE');
    await response.text();
    const refreshes = (await demo.callsSince(before)).filter((call) => decodeURIComponent(call.url).startsWith('/jsonapi/node/news'));
    expect(refreshes.filter((call) => call.done !== undefined)).toEqual([]);
    await settled();
    expect(await demo.count(NEWS_LISTING)).toBe(2);
  });

  it('serves the last good copy when Drupal answers 5xx after the stale window (stale-if-error)', async () => {
    const expired = { CACHE_FRESH_SECONDS: '0', CACHE_STALE_SECONDS: '0' };
    const good = await page('/news.html', expired);
    await demo.faults({ rules: [{ match: '/', status: 503 }] });
    const res = await page('/news.html', expired);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Cache')).toBe('STALE');
    expect(essence(res.html)).toEqual(essence(good.html));
  });

  it('serves the last good copy when Drupal exceeds the origin timeout', async () => {
    const expired = { CACHE_FRESH_SECONDS: '0', CACHE_STALE_SECONDS: '0' };
    // Cached with the usual timeout: on a busy machine a healthy Drupal may take longer than the short one below.
    await page('/news.html', expired);
    await demo.faults({ rules: [{ match: '/', hang: true }] });
    const started = Date.now();
    const res = await page('/news.html', { ...expired, ORIGIN_TIMEOUT_MS: '300' });
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Cache')).toBe('STALE');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('shows the error page of docs/requirements.md §8 when Drupal is down and nothing is cached', async () => {
    await demo.faults({ rules: [{ match: '/', status: 502 }] });
    const res = await page('/news.html');
    expect(res.status).toBe(503);
    expect(res.html).toContain('<html lang="ru"');
    expect(res.html).toContain('Сайт временно недоступен');
  });

  it('purges everything by bumping the generation', async () => {
    const { client } = drupalClient();
    await page('/news.html');
    expect((await page('/news.html')).headers.get('X-Cache')).toBe('HIT');
    await client.purgeAll();
    expect((await page('/news.html')).headers.get('X-Cache')).toBe('MISS');
    expect(await demo.count(NEWS_LISTING)).toBe(2);
  });

  it("purges one path's payloads and leaves the others cached", async () => {
    const { client } = drupalClient();
    const path = await firstAlias('news');
    await page(path);
    await page('/news.html');
    expect((await page(path)).headers.get('X-Cache')).toBe('HIT');

    await client.purgePath(path);
    const translations = await demo.count(`translate-path?path=${path}`);
    const again = await page(path);
    expect(again.status).toBe(200);
    expect(again.headers.get('X-Cache')).toBe('MISS');
    expect(await demo.count(`translate-path?path=${path}`)).toBe(translations + 1);
    expect((await page('/news.html')).headers.get('X-Cache')).toBe('HIT');
  });

  it('lets identical concurrent requests in one isolate share one origin fetch', async () => {
    const path = await firstAlias('doctors');
    await demo.faults({ delayMs: 300 });
    const responses = await Promise.all(Array.from({ length: 6 }, () => page(path)));
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(await demo.count(`translate-path?path=${path}`)).toBe(1);
    expect(await demo.count('/jsonapi/node/doctors/')).toBe(1);
  });

  it("caches Drupal's 404 for a path briefly, so repeated bad URLs do not reach Drupal", async () => {
    const bad = '/net-takoi-stranicy.html';
    expect((await page(bad)).status).toBe(404);
    expect((await page(bad)).status).toBe(404);
    expect((await page(bad)).status).toBe(404);
    expect(await demo.count(`translate-path?path=${bad}`)).toBe(1);
  });

  it('answers a repeated lookup in the same isolate from memory, without another KV read', async () => {
    const config = siteConfig();
    let reads = 0;
    const kv = new Proxy(config.kv, {
      get(target, prop, receiver) {
        if (prop === 'getWithMetadata') reads++;
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const writes: Promise<unknown>[] = [];
    const cache = createKvCache({ kv, settings: config.cache, guard: guardOf(config), waitUntil: (p) => writes.push(p) });
    const load = async () => ({ value: { title: 'Пилинги' } });
    const url = `${bindings.DRUPAL_BASE_URL}/memory-tier-probe?id=${crypto.randomUUID()}`;
    expect(await cache.get(url, load)).toEqual({ title: 'Пилинги' });
    expect(reads).toBe(1);
    expect(await cache.get(url, async () => ({ value: { title: 'другое' } }))).toEqual({ title: 'Пилинги' });
    expect(reads).toBe(1);
    await Promise.all(writes);
    await cache.purge(url);
    expect(await cache.get(url, async () => ({ value: { title: 'после очистки' } }))).toEqual({ title: 'после очистки' });
    expect(reads).toBe(2);
  });

  it("writes a copy once the request's answer is out, or at once where other processes may be waiting for it", async () => {
    const config = siteConfig();
    const guard = guardOf(config);
    const written: string[] = [];
    // The store as it is, its claims as given: none (Workers' KV), or a process's that always wins them (Valkey's).
    const store = (claims: FetchClaims | undefined) =>
      new Proxy(config.kv, {
        get(target, prop, receiver) {
          if (prop === 'claims') return claims;
          if (prop === 'put') return (key: string, ...rest: [string]) => (written.push(key), target.put(key, ...rest));
          const value = Reflect.get(target, prop, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    const claims: FetchClaims = { claim: async () => true, release: async () => {}, held: async () => false };
    const tasks = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    };
    const load = async () => ({ value: { title: 'Пилинги' } });

    for (const stored of [store(undefined), store(claims)]) {
      written.length = 0;
      let answer: () => void = () => {};
      const answered = new Promise<void>((resolve) => (answer = resolve));
      const background: Promise<unknown>[] = [];
      const cache = createKvCache({ kv: stored, settings: config.cache, guard, waitUntil: (p) => background.push(p), answered });
      const url = `${bindings.DRUPAL_BASE_URL}/answer-first-probe?id=${crypto.randomUUID()}`;
      expect(await cache.get(url, load)).toEqual({ title: 'Пилинги' });
      // Its fetch is over, and a few tasks have passed: the write is made, or waits for the answer.
      await tasks(5);
      expect(written).toEqual(stored.claims ? [await cacheKey(url)] : []);
      answer();
      await Promise.all(background);
      expect(written).toEqual([await cacheKey(url)]);
    }
  });

  it("writes a page's copies once the runtime has taken its last byte, where no other process waits on them", async () => {
    const { claims } = siteConfig().kv;
    const service = await firstAlias('services');
    const nodeCopies = async () => {
      const prefix = await cacheKey(`${bindings.DRUPAL_BASE_URL}/jsonapi/node/services/`);
      return (await bindings.DRUPAL_CACHE.list({ prefix })).keys.length;
    };
    const { response, settled } = await request(service);
    // Its body not read: Workers' KV keeps no copy meanwhile (looked for 600 ms); Valkey's claims (another process may
    // be waiting on a copy) have it written once the page's calls are answered, as soon as a loaded machine gets there.
    const early = await eventually(nodeCopies, (copies) => copies > 0, claims ? 15_000 : 600);
    expect(early).toBe(claims ? 1 : 0);
    await response.text();
    await settled();
    expect(await nodeCopies()).toBe(1);
  });

  it('keys by normalised URL, hashed when KV would refuse the length', async () => {
    expect(normaliseUrl('http://d/x?b=2&a=1#f')).toBe('http://d/x?a=1&b=2');
    expect(await cacheKey('http://d/x?b=2&a=1')).toBe(await cacheKey('http://d/x?a=1&b=2'));
    const long = `http://d/search?keys=${'ботокс'.repeat(200)}`;
    const key = await cacheKey(long);
    expect(new TextEncoder().encode(key).byteLength).toBeLessThanOrEqual(512);
    expect(key).not.toBe(await cacheKey(`${long}x`));
  });

  it('keeps a payload in KV between isolates: a new cache object reads what another wrote', async () => {
    const a = drupalClient();
    await a.client.menu('main');
    await a.settled();
    resetIsolate();
    const b = drupalClient();
    await b.client.menu('main');
    expect(await demo.count('/blocks_for_page/menu/main')).toBe(1);
  });
});

/** What a visitor gets from a page, whether it arrived inline or streamed: its title and every link. */
function essence(html: string) {
  return {
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    // A set: a part that streams in late (the pager, once the listing is counted) sends its fallback too.
    links: [...new Set([...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]))].sort(),
  };
}
