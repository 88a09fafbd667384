import { exports } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetIsolate } from '../../../worker/cache/isolate';
import { pageWindow } from '../../../worker/components/Pager';
import { demo, firstAlias, freshStart, page, passTime, request } from '../helpers';

beforeEach(freshStart);

/** The worker's own fetch handler: each call is a request of its own, as the platform runs them. */
const worker = (exports as unknown as { default: Fetcher }).default;

/** Origin requests made while `run` ran, by path and query. */
async function originCallsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const before = (await demo.requests()).byUrl;
  await run();
  const after = (await demo.requests()).byUrl;
  return Object.entries(after).flatMap(([url, n]) => Array<string>(n - (before[url] ?? 0)).fill(url));
}

describe('page numbers from the request', () => {
  it.each(['99999999999999999999', '9'.repeat(400), '1e9', '-1', '2.5', '0', '101', '%20', 'Infinity'])(
    '/news.html/%s is a 404 answered before any listing call to Drupal',
    async (number) => {
      // The error page's frame is path-independent: once cached, a bad page number costs Drupal nothing at all.
      await page('/news.html/0');
      const calls = await originCallsDuring(async () => expect((await page(`/news.html/${number}`)).status).toBe(404));
      expect(calls).toEqual([]);
    },
  );

  it('keeps the worker answering after a huge page number', async () => {
    await page('/news.html/99999999999999999999');
    expect((await page('/news.html/2')).status).toBe(200);
  });

  it('computes the pager window without looping over the numbers', () => {
    const huge = 2 ** 50;
    expect(pageWindow(huge, 2 * huge)).toEqual([1, 'gap', huge - 2, huge - 1, huge, huge + 1, huge + 2, 'gap', 2 * huge]);
    expect(pageWindow(Number.MAX_VALUE, Infinity)).toEqual([1]);
    expect(pageWindow(5, 7)).toEqual([1, 'gap', 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 1)).toEqual([1]);
  });
});

describe('concurrent requests while Drupal is slow', () => {
  it('lets simultaneous first visits, each a request of its own, share one origin fetch and all succeed', async () => {
    const path = await firstAlias('doctors');
    await demo.faults({ delayMs: 1_500 });
    const responses = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await worker.fetch(`http://127.0.0.1:8787${path}`);
        return { status: res.status, body: await res.text() };
      }),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => /<h1>([^<]*)<\/h1>/.exec(r.body)?.[1])).size).toBe(1);
    expect(await demo.count(`translate-path?path=${path}`)).toBe(1);
    expect(await demo.count('/jsonapi/node/doctors/')).toBe(1);
  });

  it('lets a visitor waiting on the same payload finish when the visitor who asked Drupal first goes away', async () => {
    // Sharing the first request's origin promise left the second waiting on I/O that the platform cancelled.
    const path = await firstAlias('doctors');
    await demo.faults({ delayMs: 1_000 });
    const leaving = new AbortController();
    const first = worker.fetch(`http://127.0.0.1:8787${path}`, { signal: leaving.signal }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const second = worker.fetch(`http://127.0.0.1:8787${path}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    leaving.abort();
    await first;
    const res = await second;
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<h1>');
    expect(await demo.count(`translate-path?path=${path}`)).toBe(1);
  });

  it('serves stale pages to simultaneous visitors while Drupal hangs', async () => {
    const path = await firstAlias('doctors');
    // The test environment's own settings keep entries fresh; these requests expire them at once.
    const expired = { CACHE_FRESH_SECONDS: '0', CACHE_STALE_SECONDS: '0', ORIGIN_TIMEOUT_MS: '300' };
    expect((await page(path, { ...expired, ORIGIN_TIMEOUT_MS: '5000' })).status).toBe(200);
    await demo.faults({ rules: [{ match: '/', hang: true }] });
    const responses = await Promise.all(Array.from({ length: 10 }, () => page(path, expired)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(responses.map((r) => r.headers.get('X-Cache'))).toEqual(Array(10).fill('STALE'));
  });
});

describe('circuit breaker', () => {
  // Long enough that "did not wait for Drupal" (under half of it) holds on a machine busy with other suites.
  const TIMEOUT_MS = 1_500;
  const expired = { CACHE_FRESH_SECONDS: '0', CACHE_STALE_SECONDS: '0', ORIGIN_TIMEOUT_MS: String(TIMEOUT_MS), ORIGIN_RETRY_SECONDS: '60' };
  // The first visit, with Drupal well, fills the cache; a busy machine must not make it time out.
  const prime = { ...expired, ORIGIN_TIMEOUT_MS: '5000' };

  it('serves stale pages at once while Drupal hangs, without asking it again', async () => {
    const path = await firstAlias('news');
    await page(path, prime);
    await demo.faults({ rules: [{ match: '/', hang: true }] });
    const first = await page(path, expired);
    expect(first.headers.get('X-Cache')).toBe('STALE');

    const calls = await originCallsDuring(async () => {
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const again = await page(path, expired);
        expect(again.status).toBe(200);
        expect(again.headers.get('X-Cache')).toBe('STALE');
        // Well under one origin timeout: nothing waited for Drupal.
        expect(Date.now() - started).toBeLessThan(TIMEOUT_MS / 2);
      }
    });
    expect(calls).toEqual([]);
  });

  it('writes the failure beside the payload, so a new isolate serves the copy without waiting either', async () => {
    const path = await firstAlias('news');
    await page(path, prime);
    await demo.faults({ rules: [{ match: '/', hang: true }] });
    await page(path, expired);
    // As a fresh isolate: no breaker, no memory tier; only KV remembers.
    resetIsolate();
    const calls = await originCallsDuring(async () => {
      const started = Date.now();
      const res = await page(path, expired);
      expect(res.headers.get('X-Cache')).toBe('STALE');
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS / 2);
    });
    expect(calls.filter((url) => url.includes(path) || url.includes('/jsonapi/node/news/'))).toEqual([]);
  });

  it('lets one probe through once the pause is over, and closes when Drupal answers', async () => {
    const path = await firstAlias('news');
    await page(path, prime);
    await demo.faults({ rules: [{ match: '/', status: 503 }] });
    await page(path, expired);
    expect(await originCallsDuring(() => page(path, expired))).toEqual([]);

    // Still failing after the pause: one request probes, and only the calls it started before the first failure
    // (the path lookup and the redirect lookup, started at once) go to Drupal; the rest is served stale.
    passTime(61_000);
    const probing = await originCallsDuring(async () => expect((await page(path, expired)).headers.get('X-Cache')).toBe('STALE'));
    expect(probing.length).toBeGreaterThanOrEqual(1);
    expect(probing.length).toBeLessThanOrEqual(2);

    await demo.reset();
    passTime(61_000);
    expect((await page(path, expired)).status).toBe(200);
    const recovered = await page(path, expired);
    expect(recovered.status).toBe(200);
    expect(recovered.headers.get('X-Cache')).toBe('MISS');
  });

  it('answers a never-visited page with a quick 503 while the breaker is open', async () => {
    await page('/news.html', prime);
    await demo.faults({ rules: [{ match: '/', status: 503 }] });
    await page('/news.html', expired);
    // Quick: answered without asking Drupal at all (a time bound would measure the machine's load as well).
    let res: Awaited<ReturnType<typeof page>> | undefined;
    expect(await originCallsDuring(async () => (res = await page('/article.html', expired)))).toEqual([]);
    expect(res?.status).toBe(503);
    expect(res?.headers.get('X-Cache')).toBe('ERROR');
    expect(res?.headers.get('Retry-After')).toMatch(/^\d+$/);
  });
});

describe('unknown URLs', () => {
  it('cost Drupal only the two lookups that find them unknown', async () => {
    // The error page's frame is path-independent: once cached, it costs nothing.
    await page(`/net-takoi-${crypto.randomUUID()}.html`);
    for (let i = 0; i < 5; i++) {
      const calls = await originCallsDuring(async () => expect((await page(`/net-takoi-${crypto.randomUUID()}.html`)).status).toBe(404));
      expect(calls.length).toBeLessThanOrEqual(2);
      expect(calls.every((url) => url.startsWith('/router/translate-path?') || url.startsWith('/decoupled_kit/redirect?'))).toBe(true);
    }
  });
});

describe('hostile paths', () => {
  it.each([
    ['NUL', '/news%00.html'],
    ['invalid UTF-8', '/uslugi%C3%28.html'],
    ['a lone byte', '/%FF'],
    ['a backslash', '/..%5c..%5cjsonapi%5cnode%5cnews'],
    ['double encoding', '/%252e%252e/%252e%252e/jsonapi'],
    ['CRLF', '/news.html%0d%0aSet-Cookie:x=y'],
    ['a long path', `/${'a'.repeat(5_000)}`],
  ])('answers %s with the 400 page before asking Drupal about the path', async (_, path) => {
    let status = 0;
    const calls = await originCallsDuring(async () => {
      const res = await page(path);
      status = res.status;
      expect(res.headers.get('Set-Cookie')).toBeNull();
    });
    expect(status).toBe(400);
    // The error page's menus may ask which modules Drupal has (docs/drupal.md "Where the frame comes from"): about "/", not the path.
    const probe = '/decoupled_kit/redirect?path=%2F';
    expect(
      calls.filter(
        (url) => url !== probe && (url.startsWith('/router/') || url.startsWith('/decoupled_kit/') || url.startsWith('/jsonapi/node/news')),
      ),
    ).toEqual([]);
  });

  it('answers write methods on pages with 405', async () => {
    const { response } = await request('/news.html', {}, { method: 'POST', body: 'x=1' });
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, HEAD');
  });
});

describe('optional calls', () => {
  it.each([400, 405, 410, 422])('that Drupal answers %i leave the page standing', async (status) => {
    const path = await firstAlias('news');
    await demo.faults({
      rules: [
        '/decoupled_kit/redirect',
        '/blocks_for_page?page=',
        '/breadcrumb_headless',
        '/blocks_for_page/metatag',
        '/blocks_for_page/menu',
      ].map((match) => ({ match, status })),
    });
    const res = await page(path);
    expect(res.status).toBe(200);
    expect(res.html).toContain('<h1>');
  });
});
