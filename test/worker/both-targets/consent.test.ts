import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { hashSource, inlineScripts } from '../../../worker/cache/page-bytes';
import { app, bindings, firstAlias, freshStart } from '../helpers';

beforeEach(freshStart);

const COUNTER = { METRIKA_ID: '12345678', ANALYTICS_ORIGINS: 'https://mc.yandex.ru' };
const KEPT = 'page;desc="rendered a moment ago"';
const TAG = 'mc.yandex.ru/metrika/tag.js';
const BANNER = 'data-island="ConsentBanner"';

/** Requests as one isolate gets them: the same bindings object each time, so the rendered-pages cache is shared between them. */
function isolate() {
  const env = { ...bindings, ...COUNTER };
  return async (path: string, cookie?: string) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`http://127.0.0.1:8787${path}`, { headers: cookie ? { Cookie: cookie } : {} }), env, ctx);
    const html = await response.text();
    await waitOnExecutionContext(ctx);
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1];
    return { response, html, nonce, kept: (response.headers.get('Server-Timing') ?? '').includes(KEPT) };
  };
}

/** The banner's markup: asleep (`demand`) for a visitor who has chosen, asked at once (`idle`) for one who has not. */
const bannerTrigger = (html: string) => new RegExp(`${BANNER}[^>]*data-hydrate="([a-z]+)"`).exec(html)?.[1];

describe('consent before analytics', () => {
  it('renders the counter only for a visitor who accepted, and the question only for one who has not chosen', async () => {
    const visit = isolate();
    const unasked = await visit('/news.html');
    expect(unasked.html).not.toContain(TAG);
    expect(unasked.html).not.toMatch(/ym\(\d+/);
    expect(bannerTrigger(unasked.html)).toBe('idle');
    // Hidden until its behaviour shows it: without JavaScript there is no banner.
    expect(unasked.html).toMatch(/<section class="consent-banner"[^>]*hidden=""/);
    expect(unasked.html).toContain('Принять');
    expect(unasked.html).toContain('Отклонить');
    expect(unasked.html).toContain('href="/privacy-policy"');

    const accepted = await visit('/news.html', 'other=1; consent=analytics');
    expect(accepted.html).toContain(TAG);
    expect(accepted.html).toMatch(
      new RegExp(`<script nonce="${accepted.nonce!.replace(/[+/=]/g, (c) => `\\${c}`)}">[^<]*ym\\(12345678,"init"`),
    );
    expect(bannerTrigger(accepted.html)).toBe('demand');

    const declined = await visit('/news.html', 'consent=none');
    expect(declined.html).not.toContain(TAG);
    expect(bannerTrigger(declined.html)).toBe('demand');
    // The footer's way back to the choice, on every page with a counter.
    for (const html of [unasked.html, accepted.html, declined.html]) expect(html).toContain('Настройки cookie');

    // Anything but the two choices counts as none made.
    expect(bannerTrigger((await visit('/news.html', 'consent=analyticsX')).html)).toBe('idle');
  });

  it('has no counter, no banner and no settings button where no counter is configured', async () => {
    const ctx = createExecutionContext();
    const response = await app.fetch(
      new Request('http://127.0.0.1:8787/news.html', { headers: { Cookie: 'consent=analytics' } }),
      { ...bindings, METRIKA_ID: '' },
      ctx,
    );
    const html = await response.text();
    await waitOnExecutionContext(ctx);
    expect(html).not.toContain(TAG);
    expect(html).not.toContain(BANNER);
    expect(html).not.toContain('Настройки cookie');
  });

  it("keeps a page rendered a moment ago apart for each choice: no visitor gets another's counter or banner", async () => {
    const visit = isolate();
    const alias = await firstAlias('services');
    // Warm the payloads, then let each choice's page be kept.
    await visit(alias);
    for (const cookie of ['consent=analytics', 'consent=analytics', undefined, undefined, 'consent=none', 'consent=none'])
      await visit(alias, cookie);
    const accepted = await visit(alias, 'consent=analytics');
    const unasked = await visit(alias);
    const declined = await visit(alias, 'consent=none');
    expect([accepted.kept, unasked.kept, declined.kept]).toEqual([true, true, true]);
    expect(accepted.html).toContain(TAG);
    expect(unasked.html).not.toContain(TAG);
    expect(declined.html).not.toContain(TAG);
    expect(bannerTrigger(accepted.html)).toBe('demand');
    expect(bannerTrigger(unasked.html)).toBe('idle');
    expect(bannerTrigger(declined.html)).toBe('demand');
    // A kept page names its inline scripts by their hashes, the counter's included (cache/page-bytes.ts): it runs.
    const counter = inlineScripts(accepted.html).find((script) => script.includes('ym(12345678,"init"'));
    expect(counter).toBeDefined();
    expect(accepted.response.headers.get('Content-Security-Policy')).toContain(await hashSource(counter!));
  });

  it('keeps Webvisor from the keys typed into every search field: the header, the menu, the search page, the 404 page', async () => {
    const get = isolate();
    for (const path of ['/', '/search/node', '/no-such-page.html']) {
      const { html } = await get(path, 'consent=analytics');
      const inputs = html.match(/<input[^>]*type="search"[^>]*>/g) ?? [];
      expect(inputs.length, path).toBeGreaterThan(0);
      for (const input of inputs) expect(input, path).toMatch(/class="[^"]*\bym-disable-keys\b/);
    }
  });
});
