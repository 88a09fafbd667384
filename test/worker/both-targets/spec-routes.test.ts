/**
 * The last routes of docs/requirements.md §2 reading A and the error catalogue of docs/requirements.md §8:
 * /callback1.html, one address per page (another letter case or a node's system
 * path answers 301 to its alias), a 400 that takes the visitor to /400, and the
 * 500 page of our own failure told apart from the 503 page of Drupal being away.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canonicalPathOf, locationOf } from '../../../worker/paths/canonical-path';
import { NAVIGATION, demo, firstAlias, freshStart, page, request } from '../helpers';

beforeEach(freshStart);
afterEach(() => vi.restoreAllMocks());

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
/** What Drupal resolves a path to, asked the way the site asks (decoupled_router's translate-path). */
async function translated(path: string): Promise<{ id: string; resolvedPath: string }> {
  const body = await demo.json<{ resolved: string; entity: { id: string | number } }>(
    `/router/translate-path?path=${encodeURIComponent(path)}`,
  );
  return { id: String(body.entity.id), resolvedPath: new URL(body.resolved, 'http://drupal.invalid').pathname };
}

describe('/callback1.html', () => {
  it('opens the callback popup over the home page, with its title', async () => {
    const { status, html } = await page('/callback1.html');
    expect(status).toBe(200);
    expect(titleOf(html)).toMatch(/^Заказать звонок/);
    // The popup island starts open on the callback form.
    expect(html).toMatch(/data-island="Popup"[^>]*data-props="[^"]*&quot;initial&quot;:&quot;callback&quot;/);
    // The other popups' buttons still lead to the first address.
    expect(html).not.toContain('href="/callback1.html"');
  });
});

describe('one address per page', () => {
  it("sends another letter case of a Drupal page's alias to the alias", async () => {
    const { response } = await request('/Contacts.html');
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('/contacts.html');
    expect((await page('/contacts.html')).status).toBe(200);
  });

  it("sends a node's system path to its alias, the query kept", async () => {
    const alias = await firstAlias('doctors');
    const { id } = await translated(alias);
    const { response } = await request(`/node/${id}?utm_source=old`);
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe(`${alias}?utm_source=old`);
    const upper = await request(`/NODE/${id}`);
    expect(upper.response.status).toBe(301);
    expect(upper.response.headers.get('Location')).toBe(alias);
  });

  it('sends a trailing slash to the address without it', async () => {
    const { response } = await request('/contacts.html/');
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('/contacts.html');
  });

  it("sends another letter case of the site's own routes to them", async () => {
    for (const [old, own] of [
      ['/DOCTORS.html', '/doctors.html'],
      ['/Price.html', '/price.html'],
      ['/News.html/2', '/news.html/2'],
    ] as const) {
      const { response } = await request(old);
      expect(response.status, old).toBe(301);
      expect(response.headers.get('Location'), old).toBe(own);
    }
    // A path that is nobody's in any case stays unknown.
    const unknown = await page('/Net-Takoy-Stranicy.html');
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('Location')).toBeNull();
  });

  it("reads the alias from any Drupal's `resolved`: encoded, relative, under a base path, never another host's", () => {
    const drupal = 'https://cms.example.ru';
    const encoded = `${drupal}/${encodeURIComponent('услуги')}/${encodeURIComponent('лазер')}.html`;
    expect(canonicalPathOf(encoded, '/услуги/лазер.html', drupal)).toBeUndefined();
    expect(canonicalPathOf(encoded, '/УСЛУГИ/Лазер.html', drupal)).toBe('/услуги/лазер.html');
    expect(locationOf('/услуги/лазер.html')).toBe(`/${encodeURIComponent('услуги')}/${encodeURIComponent('лазер')}.html`);
    // decoupled_router 2.0.6 with absolute_resolved_urls off; a Drupal under a sub-path.
    expect(canonicalPathOf('/contacts.html', '/node/9', drupal)).toBe('/contacts.html');
    expect(canonicalPathOf(`${drupal}/cms/contacts.html`, '/node/9', `${drupal}/cms`)).toBe('/contacts.html');
    expect(canonicalPathOf(`${drupal}/cms/contacts.html`, '/contacts.html', `${drupal}/cms`)).toBeUndefined();
    // A two-letter first segment may be the alias's own, or Drupal's language prefix: either way no loop.
    expect(canonicalPathOf(`${drupal}/lp/akciya.html`, '/node/5', drupal)).toBe('/lp/akciya.html');
    expect(canonicalPathOf(`${drupal}/ru/contacts.html`, '/contacts.html', drupal)).toBeUndefined();
    // Nothing usable: served as it is.
    expect(canonicalPathOf(undefined, '/node/9', drupal)).toBeUndefined();
    expect(canonicalPathOf('https://elsewhere.example/contacts.html', '/node/9', drupal)).toBeUndefined();
    expect(canonicalPathOf(`${drupal}//elsewhere.example`, '/node/9', drupal)).toBeUndefined();
  });

  it('keeps the page at its own address, and the redirect cached like any path lookup', async () => {
    const alias = await firstAlias('news');
    expect((await page(alias)).status).toBe(200);
    const mixed = alias.replace(/^\/(.)/, (_, first: string) => `/${first.toUpperCase()}`);
    const first = await request(mixed);
    await first.settled();
    expect(first.response.status).toBe(301);
    const again = await request(mixed);
    expect(again.response.status).toBe(301);
    expect(again.response.headers.get('X-Cache')).toBe('HIT');
  });
});

describe('a 400 takes the visitor to /400 (docs/requirements.md §8)', () => {
  it("redirects a browser's navigation to a malformed address to /400; the forms' API keeps its JSON 400", async () => {
    const { response } = await request('/uslugi%C3%28.html', {}, { headers: NAVIGATION });
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get('Location')).toBe('/400');
    const target = await page('/400');
    expect(target.status).toBe(400);
    expect(titleOf(target.html)).toMatch(/^Неверный запрос/);

    const api = await request(
      '/api/forms/callback',
      {},
      { method: 'POST', headers: { ...NAVIGATION, 'Content-Type': 'application/json' }, body: '{' },
    );
    expect(api.response.status).toBe(400);
    expect(api.response.headers.get('Content-Type')).toMatch(/json/);
    expect(api.response.headers.get('Location')).toBeNull();
  });

  it("takes a browser's navigation to /400 when Drupal refuses the page's own request as malformed", async () => {
    const service = await firstAlias('services');
    await demo.faults({ rules: [{ match: '/jsonapi/node/services/', status: 400 }] });
    // The document's start went out once the path resolved (a 200), so the head still open sends the browser on.
    const cold = await request(service, {}, { headers: NAVIGATION });
    const html = await cold.response.text();
    await cold.settled();
    expect(cold.response.status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex"/><meta http-equiv="refresh" content="0; url=/400"/>');
    expect(html).toContain('<a href="/400">');
    expect(html).not.toContain('Не удалось показать страницу');
  });
});

describe('our own failure is the 500 page, Drupal away the 503 page (docs/requirements.md §8)', () => {
  const reverse = Array.prototype.reverse;

  it('answers a failure of our own code in a part of the page with the 500 page, not a page with a hole; Drupal away with the 503 page', async () => {
    const doctor = await firstAlias('doctors');
    const warm = await page(doctor);
    expect(warm.html).toContain('Отзывы о враче');
    // A bug of ours in the reviews' part: their dates are turned DD.MM.YYYY by reversing YYYY-MM-DD.
    const bug = vi.spyOn(Array.prototype, 'reverse').mockImplementation(function (this: unknown[]) {
      if (this.length === 3 && typeof this[0] === 'string' && /^\d{4}$/.test(this[0])) throw new Error('сбой кода сайта');
      return reverse.call(this);
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = await page(`${doctor}?visit=2`);
    expect(failed.status).toBe(500);
    expect(titleOf(failed.html)).toMatch(/^Внутренняя ошибка/);
    expect(failed.html).toContain('Что-то пошло не так');
    expect(failed.html).not.toContain('Сайт временно недоступен');

    // Drupal away, nothing cached: the 503 page, which says something else.
    bug.mockRestore();
    await freshStart();
    await demo.faults({ rules: [{ match: '/', status: 502 }] });
    const away = await page(doctor);
    expect(away.status).toBe(503);
    expect(titleOf(away.html)).toMatch(/^Сайт временно недоступен/);
    expect(away.html).toContain('Мы уже знаем о проблеме');
    expect(away.html).not.toContain('Внутренняя ошибка');
  });
});
