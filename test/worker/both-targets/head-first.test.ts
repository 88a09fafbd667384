/**
 * A cold home page sends its document's fixed start (the encoding, the fonts, the stylesheet, the island loader)
 * before Drupal's first answer, and the rest once its calls are in (docs/architecture.md, "Rendering and
 * streaming"). A node's page still starts once its node is known: its status waits for it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { documentStart } from '../../../worker/components/Document';
import { demo, firstAlias, freshStart, page, request } from '../helpers';

beforeEach(freshStart);

/** A Drupal whose modules the site is told, so that no probe of them comes first. */
const TOLD = { DRUPAL_MODULES: 'clinic' };
const LOADER_END = '></script>';

describe("a cold home page's start", () => {
  it('goes out while Drupal has not answered yet', { timeout: 3_000 }, async () => {
    // Drupal hangs past the test's time (the origin's timeout is 5 s): a start that waited for it would never come.
    await demo.faults({ rules: [{ match: '/', hang: true }] });
    const { response } = await request('/', TOLD);
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Cache')).toBe('MISS');
    const reader = response.body!.getReader();
    let received = '';
    while (!received.includes(LOADER_END)) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    expect(received).toMatch(/^<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"\/>/);
    expect(received).toContain('<link rel="stylesheet"');
    expect(received).not.toContain('<title>');
    await reader.cancel();
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

  it("is not a node page's: a service's status still waits for its node", async () => {
    const service = await page(await firstAlias('services'), TOLD);
    expect(service.status).toBe(200);
    expect(service.headers.get('X-Cache')).toBe('MISS');
    expect(service.headers.get('Cache-Control')).toBe('public, max-age=60');
  });
});
