import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Bindings } from '../../../worker/config/bindings';
import { TEST_SECRETS } from '../../setup/secrets';
import { app, bindings, demo, firstAlias, freshStart } from '../helpers';

beforeEach(freshStart);

const KEPT = 'page;desc="rendered a moment ago"';

/** Requests as one isolate gets them in production: every one with the same bindings object, so the same settings. */
function isolate(overrides: Partial<Bindings> = {}) {
  const env = { ...bindings, ...overrides };
  return async (path: string, headers: Record<string, string> = {}) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`http://127.0.0.1:8787${path}`, { headers }), env, ctx);
    const html = await response.text();
    await waitOnExecutionContext(ctx);
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    return {
      response,
      html,
      kept: (response.headers.get('Server-Timing') ?? '').split(', ').includes(KEPT),
      nonce: /'nonce-([^']+)'/.exec(csp)?.[1],
    };
  };
}

const noncesIn = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));

describe('pages rendered a moment ago', () => {
  it("are sent again, with this response's own nonce, only once every payload came from the cache", async () => {
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
    expect(noncesIn(third.html)).toEqual(new Set([third.nonce]));
    expect(third.nonce).not.toBe(second.nonce);
    expect(third.html.replaceAll(third.nonce!, '')).toBe(second.html.replaceAll(second.nonce!, ''));
    // A crawler's complete document is another page.
    expect((await visit(alias, { 'User-Agent': 'Mozilla/5.0 (compatible; YandexBot/3.0)' })).kept).toBe(false);
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
    const visit = isolate({ CACHE_FRESH_SECONDS: '1' });
    await visit('/news.html');
    await visit('/news.html');
    expect((await visit('/news.html')).kept).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
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
