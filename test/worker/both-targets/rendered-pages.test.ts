import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Bindings } from '../../../worker/config/bindings';
import { TEST_SECRETS } from '../../setup/secrets';
import { hashSource, inlineScripts } from '../../../worker/cache/page-bytes';
import { app, bindings, demo, firstAlias, freshStart, passTime, siteBindings } from '../helpers';

beforeEach(freshStart);

const KEPT = 'page;desc="rendered a moment ago"';

const SITE = 'http://127.0.0.1:8787';
const EDITOR = { name: 'redaktor', pass: 'demo-redaktor-2013' };

type Visit = ReturnType<typeof isolate>;

/** Requests as one isolate gets them in production: every one with the same bindings object, so the same settings. */
function isolate(overrides: Partial<Bindings> = {}) {
  const env = { ...bindings, ...overrides };
  const send = async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`${SITE}${path}`, { headers, method, redirect: 'manual' }), env, ctx);
    const body = new Uint8Array(await response.arrayBuffer());
    await waitOnExecutionContext(ctx);
    return { response, body };
  };
  return Object.assign(
    async (path: string, headers: Record<string, string> = {}, method = 'GET') => {
      const { response, body } = await send(path, headers, method);
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      return {
        response,
        html: new TextDecoder().decode(body),
        kept: (response.headers.get('Server-Timing') ?? '').split(', ').includes(KEPT),
        nonce: /'nonce-([^']+)'/.exec(csp)?.[1],
      };
    },
    { send },
  );
}

/** The response as the wire carries it: its body's bytes undecoded. */
const raw = (visit: Visit, path: string, headers: Record<string, string>) => visit.send(path, headers);

async function decoded(bytes: Uint8Array, encoding: string): Promise<string> {
  if (encoding === 'br') {
    // Only the Node target makes brotli, and only Node's zlib reads it here.
    const { brotliDecompressSync } = await import('node:zlib');
    return new TextDecoder().decode(brotliDecompressSync(bytes));
  }
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
}

/** Logs the demo's editor in on the site: the Cookie header of the session. */
async function editorCookie(): Promise<string> {
  const ctx = createExecutionContext();
  const login = await app.fetch(
    new Request(`${SITE}/login`, {
      method: 'POST',
      body: new URLSearchParams(EDITOR),
      headers: { Origin: SITE, 'Sec-Fetch-Site': 'same-origin' },
      redirect: 'manual',
    }),
    bindings,
    ctx,
  );
  await login.arrayBuffer();
  await waitOnExecutionContext(ctx);
  expect(login.status).toBe(303);
  return login.headers
    .getSetCookie()
    .find((line) => line.startsWith('editor='))!
    .split(';')[0]!;
}

describe('pages rendered a moment ago', () => {
  it('are sent again as the same bytes for everyone, once every payload came from the cache', async () => {
    const visit = isolate();
    const alias = await firstAlias('services');
    const first = await visit(alias);
    expect(first.response.headers.get('X-Cache')).toBe('MISS');
    const second = await visit(alias);
    expect(second.response.headers.get('X-Cache')).toBe('HIT');
    expect(second.kept).toBe(false);

    const third = await visit(alias);
    expect(third.kept).toBe(true);
    expect(third.response.status).toBe(200);
    expect(third.response.headers.get('X-Cache')).toBe('HIT');
    expect(third.response.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    // The streamed page less its nonce, and the same bytes again for the next visitor.
    expect(third.html).toBe(second.html.replaceAll(` nonce="${second.nonce}"`, ''));
    expect(third.html).not.toContain('nonce=');
    // Answered before the middlewares (kept-answer.ts), it still carries every header the streamed page had, the
    // security headers among them, but for those made per response; and the request log's id.
    const perResponse = new Set(['content-security-policy', 'server-timing', 'etag', 'vary', 'content-length', 'date']);
    const lasting = (response: Response) => [...response.headers].filter(([name]) => !perResponse.has(name));
    expect(lasting(third.response)).toEqual(lasting(second.response));
    expect(third.response.headers.get('Strict-Transport-Security')).toMatch(/max-age=\d+/);
    expect(third.response.headers.get('Server-Timing')).toMatch(/req;desc="[\w-]+"/);
    const fourth = await visit(alias);
    expect(fourth.kept).toBe(true);
    expect(fourth.html).toBe(third.html);
    expect(fourth.response.headers.get('ETag')).toBe(third.response.headers.get('ETag'));
    expect(third.response.headers.get('ETag')).toMatch(/^"[\w-]{22}"$/);
    // A crawler's complete document is another page.
    expect((await visit(alias, { 'User-Agent': 'Mozilla/5.0 (compatible; YandexBot/3.0)' })).kept).toBe(false);
  });

  it('are rendered once for a burst of visitors who find none kept: the others wait for that render and get its bytes', async () => {
    const visit = isolate();
    const alias = await firstAlias('services');
    // Every payload is cached now, and no page is kept yet (the first was rendered from Drupal).
    expect((await visit(alias)).kept).toBe(false);
    const burst = await Promise.all(Array.from({ length: 6 }, () => visit(alias)));
    const rendered = burst.filter((answer) => !answer.kept);
    expect(rendered).toHaveLength(1);
    for (const answer of burst) expect(answer.response.status).toBe(200);
    const keptCopies = new Set(burst.filter((answer) => answer.kept).map((answer) => answer.html));
    expect([...keptCopies]).toEqual([rendered[0]!.html.replaceAll(` nonce="${rendered[0]!.nonce}"`, '')]);
  });

  it('let run exactly the inline scripts they carry, by their hashes, and no other', async () => {
    const visit = isolate();
    // A page that streams: React's scripts swap its late parts in, beside the site's own.
    await visit('/news.html');
    await visit('/news.html');
    const kept = await visit('/news.html');
    expect(kept.kept).toBe(true);
    const csp = kept.response.headers.get('Content-Security-Policy') ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(' ') ?? [];
    const inline = inlineScripts(kept.html);
    expect(inline.length).toBeGreaterThan(0);
    const hashes = await Promise.all(inline.map(hashSource));
    expect(new Set(scriptSrc)).toEqual(new Set([`'self'`, ...hashes]));
    expect(scriptSrc.join(' ')).not.toMatch(/unsafe|\*|https?:/);
    expect(scriptSrc).not.toContain(await hashSource('alert(1)'));
  });

  it('are sent compressed as the visitor accepts, each encoding the same bytes, and answer 304 to a visitor who has them', async () => {
    const visit = isolate();
    await visit('/news.html');
    await visit('/news.html');
    const plain = await visit('/news.html');
    expect(plain.kept).toBe(true);
    expect(plain.response.headers.get('Content-Encoding')).toBeNull();
    expect(plain.response.headers.get('Vary')).toContain('Accept-Encoding');
    // Node makes brotli and gzip; on Workers the edge compresses, and a kept page goes as it is.
    const made = siteBindings.PAGE_COMPRESSOR!.encodings;
    expect(made).toEqual(siteBindings.PLATFORM === 'node' ? ['br', 'gzip'] : []);
    for (const encoding of made) {
      const { response, body } = await raw(visit, '/news.html', { 'Accept-Encoding': `${encoding}, identity;q=0.5` });
      expect(response.headers.get('Content-Encoding'), encoding).toBe(encoding);
      expect(response.headers.get('ETag'), encoding).toBe(plain.response.headers.get('ETag')!.replace(/"$/, `-${encoding}"`));
      expect(await decoded(body, encoding), encoding).toBe(plain.html);
    }
    // The best the platform makes, when the visitor takes both.
    expect((await raw(visit, '/news.html', { 'Accept-Encoding': 'gzip, deflate, br' })).response.headers.get('Content-Encoding')).toBe(
      made[0] ?? null,
    );
    expect(
      (await raw(visit, '/news.html', { 'Accept-Encoding': 'gzip;q=0, deflate' })).response.headers.get('Content-Encoding'),
    ).toBeNull();

    const etag = plain.response.headers.get('ETag')!;
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag.replace(/"$/, '-gzip"')}`]) {
      const { response, body } = await raw(visit, '/news.html', { 'If-None-Match': ifNoneMatch });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(body.byteLength, ifNoneMatch).toBe(0);
      expect(response.headers.get('ETag')).toBe(etag);
    }
    expect((await raw(visit, '/news.html', { 'If-None-Match': '"another-page"' })).response.status).toBe(200);
  });

  it("never give an editor a visitor's copy, nor a visitor an editor's", async () => {
    const visit = isolate();
    const alias = await firstAlias('services');
    await visit(alias);
    await visit(alias);
    const visitor = await visit(alias);
    expect(visitor.kept).toBe(true);
    const cookie = await editorCookie();
    const editor = await visit(alias, { Cookie: cookie });
    expect(editor.kept).toBe(false);
    expect(editor.response.headers.get('Cache-Control')).toBe('private, no-store');
    expect(editor.html).toContain('class="edit-link"');
    expect(visitor.html).not.toContain('class="edit-link"');
    // The editor's pages are never kept: visitors after them get the visitors' page (rendered again when the
    // editor's visit stored a payload, then kept again).
    expect((await visit(alias, { Cookie: cookie })).html).toContain('class="edit-link"');
    const after = [await visit(alias), await visit(alias), await visit(alias)];
    for (const { html } of after) expect(html).not.toContain('class="edit-link"');
    expect(after.at(-1)!.kept).toBe(true);
    expect(after.at(-1)!.html).toBe(visitor.html);
    await visit('/logout', { Cookie: cookie, Origin: SITE, 'Sec-Fetch-Site': 'same-origin' }, 'POST');
  });

  it('are forgotten on a purge', async () => {
    const visit = isolate();
    const [news] = (
      await demo.json<{ data: { attributes: { drupal_internal__nid: number; path: { alias: string } } }[] }>(
        '/jsonapi/node/news?filter[status]=1&sort=-created&page[limit]=1',
      )
    ).data;
    const alias = news!.attributes.path.alias;
    await visit(alias);
    await visit(alias);
    expect((await visit(alias)).kept).toBe(true);
    await demo.setTitle(news!.attributes.drupal_internal__nid, 'Заголовок после сохранения');
    const purge = await visit(`/api/revalidate?path=${encodeURIComponent(alias)}&secret=${TEST_SECRETS.PURGE_SECRET}`);
    expect(purge.response.status).toBe(200);
    const after = await visit(alias);
    expect(after.kept).toBe(false);
    expect(after.html).toContain('<h1>Заголовок после сохранения</h1>');
  });

  it('are kept no longer than their first payload stays fresh, nor past a refresh', async () => {
    // A minute, not a second: three visits on a busy machine can take longer than a second of real time.
    const visit = isolate({ CACHE_FRESH_SECONDS: '60' });
    await visit('/news.html');
    await visit('/news.html');
    expect((await visit('/news.html')).kept).toBe(true);
    passTime(61_000);
    const later = await visit('/news.html');
    expect(later.kept).toBe(false);
    expect(later.response.headers.get('X-Cache')).toBe('STALE');
    // Its payloads, refreshed from Drupal in the background meanwhile, show at once: the stale page is not kept.
    const refreshed = await visit('/news.html');
    expect(refreshed.kept).toBe(false);
    expect(refreshed.response.headers.get('X-Cache')).toBe('HIT');
  });

  it('are not kept when the page is an error, nor for other settings', async () => {
    const visit = isolate();
    for (let i = 0; i < 3; i++) expect((await visit('/net-takoj-stranicy.html')).kept).toBe(false);
    await visit('/news.html');
    await visit('/news.html');
    expect((await visit('/news.html')).kept).toBe(true);
    expect((await isolate({ SITE_NAME: 'Другая клиника' })('/news.html')).kept).toBe(false);
  });
});
