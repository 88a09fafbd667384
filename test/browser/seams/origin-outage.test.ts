import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort, startDemoOrigin, startNodeSite, startSite, type WorkerServer } from '../../../scripts/servers';

/**
 * The site (on the target under test) and the demo origin, with a zero TTL so that
 * every later visit is a revalidation; then the demo origin is stopped.
 */
let demo: WorkerServer;
let site: WorkerServer;

beforeAll(async () => {
  demo = await startDemoOrigin({ port: await freePort() });
  const port = await freePort();
  // The site's own origin timeout (5 s): a stopped origin refuses at once, and a loaded machine's first visits to a
  // running one took over the second this file once set (a 503 before the outage).
  const vars = { DRUPAL_BASE_URL: demo.url, SITE_URL: `http://127.0.0.1:${port}`, CACHE_FRESH_SECONDS: '0' };
  // On the target under test: wrangler dev, or the Node site on the suite's Valkey under a key prefix of its own.
  const valkeyUrl = inject('nodeValkeyUrl');
  site = valkeyUrl ? await startNodeSite({ port, valkeyUrl, keyPrefix: 'origin-outage:', vars }) : await startSite({ port, vars });
});

afterAll(async () => {
  await site?.stop();
  await demo?.stop();
});

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('when the Drupal origin goes away', () => {
  it('keeps serving every page already visited, marked STALE', async () => {
    const paths = ['/', '/news.html', '/news.html/2', '/services.html'];
    const before = new Map<string, string | undefined>();
    for (const path of paths) {
      const res = await fetch(`${site.url}${path}`);
      expect(res.status, path).toBe(200);
      before.set(path, title(await res.text()));
    }
    // The background cache writes have landed once a visit is answered from the cache.
    for (const path of paths)
      await expect
        .poll(
          async () => {
            const res = await fetch(`${site.url}${path}`);
            await res.text();
            return res.headers.get('X-Cache');
          },
          { message: `${path} answered from the cache` },
        )
        .not.toBe('MISS');
    await demo.stop();

    for (const path of paths) {
      const res = await fetch(`${site.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('X-Cache'), path).toBe('STALE');
      expect(title(await res.text()), path).toBe(before.get(path));
    }
  });

  it('answers a page never visited with the 503 error page, not a stack trace', async () => {
    const res = await fetch(`${site.url}/nikogda-ne-otkryvali.html`);
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('Сайт временно недоступен');
    expect(html).not.toMatch(/\.tsx?:\d+/);
  });
});
