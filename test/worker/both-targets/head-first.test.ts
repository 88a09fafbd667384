/**
 * A cold home page sends its document's fixed start (the encoding, the fonts, the stylesheet, the island loader)
 * before Drupal's first answer, and the rest once its calls are in (docs/architecture.md, "Rendering and
 * streaming"). A node's page sends it to a browser's navigation once its path resolved, before its node.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { documentStart } from '../../../worker/components/Document';
import { cacheKey } from '../../../worker/cache/cache-key';
import { resetIsolate } from '../../../worker/cache/isolate';
import { endpoints } from '../../../worker/drupal/endpoints';
import { NAVIGATION, bindings, demo, firstAlias, freshStart, page, request } from '../helpers';

beforeEach(freshStart);

/** A Drupal whose modules the site is told, so that no probe of them comes first. */
const TOLD = { DRUPAL_MODULES: 'clinic' };
const LOADER_END = '></script>';

describe("a cold home page's start", () => {
  it('is its first chunk, before any of Drupal, and the page still ends whole when Drupal never answers', async () => {
    // Drupal hangs; the site gives up on each call after half a second and leaves that part out.
    await demo.faults({ rules: [{ match: '/', hang: true }] });
    const { response, settled } = await request('/', { ...TOLD, ORIGIN_TIMEOUT_MS: '500' });
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Cache')).toBe('MISS');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const first = (await reader.read()).value ?? '';
    expect(first).toMatch(/^<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"\/>/);
    expect(first).toContain('<link rel="stylesheet"');
    expect(first.endsWith(LOADER_END)).toBe(true);
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value;
    await settled();
    // React's own start gave way to it: the rest is the head's (the pictures' preloads React hoists, the title).
    expect(rest).toMatch(/^(<link rel="preload" as="image"[^>]*\/>)*<title>[^<]+<\/title>/);
    expect(rest).not.toContain('<!DOCTYPE');
    expect(rest.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('begins a whole page, as a warm one does, and only the cold one asks caches to check again', async () => {
    const cold = await page('/', TOLD);
    const warm = await page('/', TOLD);
    expect(cold.headers.get('X-Cache')).toBe('MISS');
    expect(cold.headers.get('Cache-Control')).toBe('no-cache');
    expect(warm.headers.get('X-Cache')).toBe('HIT');
    expect(warm.headers.get('Cache-Control')).toBe('public, max-age=60');
    for (const { html, headers } of [cold, warm]) {
      const nonce = /'nonce-([^']+)'/.exec(headers.get('Content-Security-Policy') ?? '')?.[1];
      expect(html.startsWith(documentStart({ nonce }))).toBe(true);
      expect(html.match(/<!DOCTYPE html>/g)).toHaveLength(1);
      expect(html.match(/<head>/g)).toHaveLength(1);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      expect(html).toContain('</head><body>');
      expect(html.trimEnd().endsWith('</html>')).toBe(true);
      expect(html).not.toContain('noindex');
    }
  });
});

describe("a cold node page's start", () => {
  it("goes out to a browser's navigation once the path resolved, before the node, and the page ends whole", async () => {
    const service = await firstAlias('services');
    // The node is held back: the start must not wait for it.
    await demo.faults({ rules: [{ match: '/jsonapi/node/services/', delayMs: 1_500 }] });
    const { response, settled } = await request(service, TOLD, { headers: NAVIGATION });
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Cache')).toBe('MISS');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const first = (await reader.read()).value ?? '';
    expect(first).toMatch(/^<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"\/>/);
    expect(first.endsWith(LOADER_END)).toBe(true);
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value;
    await settled();
    // The rest of the head (what React hoists, the title, the node's tags), then the body.
    expect(rest).not.toContain('<head>');
    expect(rest).toMatch(/^<(link|style|title)\b/);
    expect(rest).toMatch(/<title>[^<]+<\/title>[^]*<\/head><body>/);
    expect(rest).not.toContain('noindex');
    expect(rest.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('goes out first, before the store is read, when only the store holds the node; Drupal is not asked again', async () => {
    const service = await firstAlias('services');
    await page(service, TOLD);
    const asked = await demo.count('/jsonapi/node/services/');
    // Another process's memory: the copies are in the store only. The path's lookup is not (its node's save purged
    // it), so nothing reads the node before the lookup answers: no guess from the lookup's last copy.
    resetIsolate();
    await bindings.DRUPAL_CACHE.delete(await cacheKey(endpoints(bindings.DRUPAL_BASE_URL).translatePath(service)));
    // Another address of the page (a query string): not the page kept a moment ago, which the Node target keeps
    // where every process finds it.
    const { response, settled } = await request(`${service}?utm_source=test`, TOLD, { headers: NAVIGATION });
    expect(response.headers.get('X-Cache')).toBe('MISS');
    expect(response.headers.get('Cache-Control')).toBe('no-cache');
    const html = await response.text();
    await settled();
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html).not.toContain('noindex');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(await demo.count('/jsonapi/node/services/')).toBe(asked);
  });

  it('is no start of its own when this process holds the node: the page renders at once, its status and headers its own', async () => {
    const service = await firstAlias('services');
    await page(service, TOLD);
    // Another address of the same page (a query string): not the page kept a moment ago, but every payload at hand.
    const { response, settled } = await request(`${service}?utm_source=test`, TOLD, { headers: NAVIGATION });
    expect(response.headers.get('X-Cache')).toBe('HIT');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=60');
    await response.text();
    await settled();
  });

  it('waits for the node when the request is no navigation: its status is the one it is', async () => {
    const service = await page(await firstAlias('services'), TOLD);
    expect(service.status).toBe(200);
    expect(service.headers.get('X-Cache')).toBe('MISS');
    expect(service.headers.get('Cache-Control')).toBe('public, max-age=60');
  });

  it('is the 404 page for a node Drupal no longer has, said as noindex when the start went out first', async () => {
    const service = await firstAlias('services');
    await demo.faults({ rules: [{ match: '/jsonapi/node/services/', status: 404 }] });
    const navigation = await request(service, TOLD, { headers: NAVIGATION });
    const html = await navigation.response.text();
    await navigation.settled();
    expect(navigation.response.status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('Страница не найдена');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    await freshStart();
    await demo.faults({ rules: [{ match: '/jsonapi/node/services/', status: 404 }] });
    const script = await page(service, TOLD);
    expect(script.status).toBe(404);
    expect(script.html).toContain('Страница не найдена');
  });
});
