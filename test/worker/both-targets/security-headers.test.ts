import { beforeEach, describe, expect, it } from 'vitest';
import { demo, firstAlias, freshStart, page, request } from '../helpers';

beforeEach(freshStart);

const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

function expectSecurityHeaders(headers: Headers, what: string) {
  const csp = headers.get('Content-Security-Policy') ?? '';
  expect(csp, what).toMatch(/object-src 'none'|default-src 'none'/);
  expect(csp, what).toMatch(/frame-ancestors 'none'|sandbox/);
  expect(headers.get('Strict-Transport-Security'), what).toMatch(/max-age=\d+/);
  expect(headers.get('X-Content-Type-Options'), what).toBe('nosniff');
  expect(headers.get('Referrer-Policy'), what).toBe('strict-origin-when-cross-origin');
  expect(headers.get('Permissions-Policy'), what).toContain('camera=()');
  expect(headers.get('Cache-Control'), what).toBeTruthy();
}

describe('security headers', () => {
  it('are on every kind of response the worker makes', async () => {
    const image = (
      await demo.json<{ included: { attributes: { uri: { url: string } } }[] }>(
        '/jsonapi/node/news?filter[status]=1&page[limit]=1&include=field_image',
      )
    ).included[0]!.attributes.uri.url;
    const kinds: [string, string, RequestInit?, Record<string, string | undefined>?][] = [
      ['page', '/news.html'],
      ['node page', await firstAlias('services')],
      ['404', '/net-takoi-stranicy.html'],
      ['400', '/%FF'],
      ['403', '/news/chernovik-novogodnie-akcii-2027.html'],
      ['redirect', '/old-price.html'],
      ['search redirect', '/search/node?keys=лазер'],
      ['file', image],
      ['missing file', '/sites/default/files/net-takogo.png'],
      ['405', '/news.html', { method: 'DELETE' }],
      ['misconfigured', '/', undefined, { DRUPAL_BASE_URL: undefined }],
    ];
    for (const [what, path, init, overrides] of kinds) {
      const { response, settled } = await request(path, overrides, init);
      await response.arrayBuffer();
      await settled();
      expectSecurityHeaders(response.headers, what);
    }
    await demo.faults({ rules: [{ match: '/', status: 503 }] });
    const down = await page('/nikogda-ne-byli.html');
    expect(down.status).toBe(503);
    expectSecurityHeaders(down.headers, '503');
    expect(down.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(down.headers.get('Cache-Control')).toBe('no-store');
    expect(down.headers.get('X-Cache')).toBe('ERROR');
  });

  it('give each page a fresh nonce that every script of the page carries, streamed ones included', async () => {
    await demo.faults({ rules: [{ match: '/blocks_for_page?page=', delayMs: 300 }] });
    const first = await page('/news.html');
    const nonce = nonceOf(first.headers.get('Content-Security-Policy'));
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    expect(first.headers.get('Content-Security-Policy')).toMatch(/script-src 'self' 'nonce-/);
    // Structured data (JSON-LD) is a data block the browser never runs; every script that runs carries the nonce.
    const scripts = [...first.html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('application/ld+json'));
    // The loader, and React's scripts that swap in what streamed late.
    expect(scripts.length).toBeGreaterThan(1);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);

    const second = await page('/news.html');
    expect(nonceOf(second.headers.get('Content-Security-Policy'))).not.toBe(nonce);
    expect(second.html).toContain(`nonce="${nonceOf(second.headers.get('Content-Security-Policy'))}"`);
  });

  it('let the configured analytics counter in, and refuse a malformed list', async () => {
    const withCounter = await page('/news.html', { ANALYTICS_ORIGINS: 'https://mc.yandex.ru https://mc.yandex.com' });
    const csp = withCounter.headers.get('Content-Security-Policy') ?? '';
    expect(/script-src [^;]*https:\/\/mc\.yandex\.ru/.test(csp)).toBe(true);
    expect(/connect-src [^;]*https:\/\/mc\.yandex\.com/.test(csp)).toBe(true);
    expect((await page('/news.html')).headers.get('Content-Security-Policy')).not.toContain('yandex');

    const bad = await page('/news.html', { ANALYTICS_ORIGINS: 'javascript:alert(1)' });
    expect(bad.status).toBe(500);
    expect(bad.html).toContain('ANALYTICS_ORIGINS');
  });

  it('keep public pages briefly in shared caches and error pages hardly at all', async () => {
    expect((await page('/news.html')).headers.get('Cache-Control')).toMatch(/^public, max-age=\d+$/);
    const notFound = await page('/net-takoi.html');
    expect(Number(/max-age=(\d+)/.exec(notFound.headers.get('Cache-Control') ?? '')?.[1])).toBeLessThanOrEqual(60);
  });
});
