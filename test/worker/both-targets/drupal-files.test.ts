import { beforeEach, describe, expect, it } from 'vitest';
import { bindings, demo, freshStart, request } from '../helpers';

beforeEach(freshStart);

async function someImagePath(): Promise<string> {
  const doc = await demo.json<{ included: { attributes: { uri: { url: string } } }[] }>(
    '/jsonapi/node/news?filter[status]=1&page[limit]=1&include=field_image',
  );
  const path = doc.included[0]?.attributes.uri.url ?? '';
  expect(path).toMatch(/^\/sites\/default\/files\//);
  return path;
}

describe("Drupal's public files", () => {
  it('are served from the site itself and outlive a Drupal outage', async () => {
    const path = await someImagePath();
    // The workerd project runs its files in one runtime, whose Cache API outlives a file: this file starts without a copy.
    await (globalThis as { caches?: { default?: Cache } }).caches?.default?.delete(`${bindings.SITE_URL}${path}`);
    const first = await request(path);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('Content-Type')).toContain('image/');
    expect(first.response.headers.get('X-Cache')).toBe('MISS');
    expect(first.response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const bytes = await first.response.arrayBuffer();
    await first.settled();

    // Static files bypass the demo's fault switches, so Drupal goes away altogether: nothing listens on port 9.
    const again = await request(path, { DRUPAL_BASE_URL: 'http://127.0.0.1:9' });
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('X-Cache')).toBe('HIT');
    expect((await again.response.arrayBuffer()).byteLength).toBe(bytes.byteLength);
  });

  it('answer 503 with Retry-After when Drupal refuses the connection and no copy exists', async () => {
    const { response } = await request(`/sites/default/files/nikogda-${crypto.randomUUID()}.svg`, {
      DRUPAL_BASE_URL: 'http://127.0.0.1:9',
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(response.headers.get('X-Cache')).toBe('ERROR');
  });

  it('answer 404 for a file Drupal does not have, and remember it briefly', async () => {
    const path = `/sites/default/files/net-takogo-${crypto.randomUUID()}.jpg`;
    const first = await request(path);
    expect(first.response.status).toBe(404);
    await first.settled();
    const second = await request(path);
    expect(second.response.status).toBe(404);
    expect(second.response.headers.get('X-Cache')).toBe('HIT');
    expect(second.response.headers.get('Cache-Control')).toMatch(/max-age=\d{1,3}\b/);
    expect(await demo.count(path)).toBe(1);
  });

  it.each([
    '/sites/default/files/..%5c..%5c..%5cjsonapi%5cnode%5cnews',
    '/sites/default/files/..%5c..%5c..%5c__demo%5crequests',
    '/sites/default/files/%252e%252e%252f%252e%252e%252f%252e%252e%252fjsonapi%252fnode%252fnews',
    '/sites/default/files/news/..%2f..%2f..%2f..%2fjsonapi%2fnode%2fnews.jpg',
    '/sites/default/files/news/%00.jpg',
    '/sites/default/files/news/x.jpg%0d%0aSet-Cookie:%20a=b',
    '/sites/default/files/page.html',
    '/sites/default/files/script.js',
  ])('stay inside the files folder and their types: %s', async (path) => {
    const before = (await demo.requests()).total;
    const { response } = await request(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type') ?? '').not.toContain('json');
    expect(await response.text()).toBe('');
    expect((await demo.requests()).total).toBe(before);
  });

  it('refuse an HTML page that Drupal answers under an image name, and do not keep it', async () => {
    await demo.faults({ rules: [{ match: '/sites/default/files/obsluzhivanie', body: 'html' }] });
    const path = '/sites/default/files/obsluzhivanie.jpg';
    for (let i = 0; i < 2; i++) {
      const { response, settled } = await request(path);
      expect(response.status).not.toBe(200);
      expect(response.headers.get('Content-Type') ?? '').not.toContain('text/html');
      await settled();
    }
    expect(await demo.count(path)).toBe(2);
  });

  it('key their copies by the site address, not by the Host a request claims', async () => {
    const path = await someImagePath();
    const bogus = await request(path, {}, { headers: { Host: 'evil.example' } });
    await bogus.settled();
    const real = await request(path);
    expect(real.response.headers.get('X-Cache')).toBe('HIT');
  });

  it('forbid an SVG opened on its own to run script', async () => {
    const path = await someImagePath();
    const { response } = await request(path);
    expect(response.headers.get('Content-Security-Policy')).toMatch(/sandbox/);
    expect(response.headers.get('Content-Security-Policy')).toMatch(/default-src 'none'/);
  });
});
