import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startDemoOrigin, startSite, type WorkerServer } from '../../../scripts/servers';

/**
 * The site and demo origin as `npm start` runs them, with a zero TTL so that
 * every later visit is a revalidation; then the demo origin is stopped.
 */
let demo: WorkerServer;
let site: WorkerServer;

beforeAll(async () => {
  demo = await startDemoOrigin({ port: await freePort() });
  const port = await freePort();
  site = await startSite({
    port,
    vars: { DRUPAL_BASE_URL: demo.url, SITE_URL: `http://127.0.0.1:${port}`, CACHE_FRESH_SECONDS: '0', ORIGIN_TIMEOUT_MS: '1000' },
  });
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
    // Let the background KV writes land.
    await new Promise((r) => setTimeout(r, 500));
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
