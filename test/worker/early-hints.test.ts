import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { app, bindings, firstAlias, freshStart } from './helpers';

beforeEach(freshStart);

/** The `Link` header's targets and their parameters. */
const linksOf = (header: string | null) =>
  (header ?? '')
    .split(/,\s*(?=<)/)
    .filter(Boolean)
    .map((link) => ({ href: /^<([^>]+)>/.exec(link)?.[1], rel: /rel=([\w-]+)/.exec(link)?.[1], as: /as=(\w+)/.exec(link)?.[1] }));

/** Requests with one bindings object, as one isolate gets them: the third visit of a page is its kept bytes. */
const env = { ...bindings };
async function page(path: string) {
  const ctx = createExecutionContext();
  const response = await app.fetch(new Request(`http://127.0.0.1:8787${path}`), env, ctx);
  const html = await response.text();
  await waitOnExecutionContext(ctx);
  return { headers: response.headers, html };
}

describe("a page's Link header, for Cloudflare's Early Hints", () => {
  it('names the stylesheet and the fonts the head loads, on a fresh page, a kept one and the 404 page', async () => {
    const alias = await firstAlias('services');
    const kept: boolean[] = [];
    for (const path of [alias, alias, alias, '/net-takoj-stranicy.html']) {
      const { headers, html } = await page(path);
      kept.push((headers.get('Server-Timing') ?? '').includes('rendered a moment ago'));
      const links = linksOf(headers.get('Link'));
      const stylesheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
      // The fonts every page loads; the rouble sign's, preloaded by the pages that show a price, is not every page's.
      const fonts = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="font"[^>]*>/g)]
        .filter(([link]) => !link.includes(' media='))
        .map((m) => m[1]);
      expect(stylesheets.length, path).toBeGreaterThan(0);
      expect(fonts.length, path).toBeGreaterThan(0);
      expect(links, path).toEqual([
        ...stylesheets.map((href) => ({ href, rel: 'preload', as: 'style' })),
        ...fonts.map((href) => ({ href, rel: 'preload', as: 'font' })),
      ]);
    }
    expect(kept).toEqual([false, false, true, false]);
  });

  it("leaves the rouble sign's font to the pages that show a price: preloaded once, for the widths where the sign shows", async () => {
    const rouble = (html: string) => [...html.matchAll(/<link rel="preload" href="[^"]*latin-ext[^"]*" as="font"[^>]*>/g)].map((m) => m[0]);
    const service = await page(await firstAlias('services'));
    expect(service.html).toContain('price__rub--short');
    expect(rouble(service.html)).toHaveLength(1);
    expect(rouble(service.html)[0]).toContain('media="(max-width: 959.98px)"');
    expect(rouble(service.html)[0]).toContain('crossorigin');
    // Before the first price, where the preload scanner finds it as the bytes arrive (a price streams in after the head).
    expect(service.html.indexOf(rouble(service.html)[0]!)).toBeLessThan(service.html.indexOf('price__rub--short'));
    expect(service.headers.get('Link')).not.toContain('latin-ext');
    const missing = await page('/net-takoj-stranicy.html');
    expect(missing.html).not.toContain('price__rub');
    expect(rouble(missing.html)).toEqual([]);
  });
});
