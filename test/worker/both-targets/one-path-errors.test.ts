/**
 * A Drupal error about one path is that path's problem (docs/drupal.md, "One path's error"):
 * the 404 page, no open circuit breaker, one log line naming the endpoint; Drupal failing at
 * large stays an outage. A listing whose bundle Drupal lacks (JSON:API's 404 is then Drupal's
 * HTML page) is the 404 page and out of the sitemap. Drupal's search paths are the site's own.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { russianMessage } from '../../../worker/leads/russian-message';
import { demo, firstAlias, freshStart, page, request } from '../helpers';

beforeEach(freshStart);

describe('a Drupal error about one path', () => {
  it('is the 404 page, logged once with its endpoint, and leaves Drupal trusted for every other page', async () => {
    const paths = ['/search/help', '/search/user', '/search/user/help', '/search/help/more'];
    await demo.faults({ rules: paths.map((path) => ({ match: `translate-path?path=${encodeURIComponent(path)}`, status: 500 })) });
    const warn = vi.spyOn(console, 'warn');
    for (const path of paths) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(html).toContain('Страница не найдена');
    }
    const lines = warn.mock.calls
      .map((call) => String(call[0]))
      .filter((line) => line.includes('/router/translate-path?path=%2Fsearch%2Fhelp)'));
    warn.mockRestore();
    expect(lines.length, 'one line for /search/help').toBe(1);
    // Four 500s in a row: an open breaker would answer a page never cached with a quick 503.
    const service = await firstAlias('services');
    expect((await page(service)).status).toBe(200);
    // Remembered as briefly as any 404: asked again, Drupal is not.
    const before = await demo.count('path=%2Fsearch%2Fhelp');
    expect((await page('/search/help')).status).toBe(404);
    expect(await demo.count('path=%2Fsearch%2Fhelp')).toBe(before);
  });

  it("stays an outage when that answer is a 503: Drupal or its gateway unavailable, not the path's fault", async () => {
    await demo.faults({ rules: [{ match: `translate-path?path=${encodeURIComponent('/nedostupno.html')}`, status: 503 }] });
    const { status, html } = await page('/nedostupno.html');
    expect(status).toBe(503);
    expect(html).toContain('Сайт временно недоступен');
  });

  it('stays an outage when Drupal answers 5xx to everything', async () => {
    await demo.faults({ rules: [{ match: '/', status: 500 }] });
    const { status, html } = await page('/nikogda-ne-otkryvali.html');
    expect(status).toBe(503);
    expect(html).toContain('Сайт временно недоступен');
  });
});

describe('a listing whose bundle Drupal does not have', () => {
  it("is the 404 page when JSON:API answers 404 with Drupal's HTML page", async () => {
    await demo.faults({ rules: [{ match: '/jsonapi/node/qa?', status: 404, body: 'html' }] });
    const { status, html } = await page('/vopros-otvet.html');
    expect(status).toBe(404);
    expect(html).toContain('Страница не найдена');
    expect((await page('/news.html')).status).toBe(200);
  });
});

describe("Drupal's search paths", () => {
  it('are the search page of the site', async () => {
    const bare = (await request('/search')).response;
    expect([bare.status, bare.headers.get('Location')]).toEqual([301, '/search/node']);
    const asked = (await request(`/search?keys=${encodeURIComponent('лазер')}`)).response;
    expect([asked.status, asked.headers.get('Location')]).toEqual([302, `/search/node/${encodeURIComponent('лазер')}`]);
    expect((await page('/search/node')).status).toBe(200);
  });
});

describe("Drupal's validation messages", () => {
  it('are kept when Russian and replaced by ours for what they say otherwise', () => {
    expect(russianMessage('Поле «Телефон» обязательно для заполнения.')).toBe('Поле «Телефон» обязательно для заполнения.');
    expect(
      russianMessage(
        'The value <em>a@b.ru</em> has already been submitted once for the <em>E-mail</em> element. You may have already submitted this webform, or you need to use a different value.',
      ),
    ).toBe('Такое значение уже было отправлено. Укажите другое.');
    expect(russianMessage('Ваш телефон field is required.')).toBe('Заполните это поле.');
    expect(russianMessage('The specified e-mail addresses do not match.')).toBe('Значения не совпадают.');
    expect(russianMessage('E-mail field is required.')).toBe('Заполните это поле.');
    expect(russianMessage('The email address <em>vera@</em> is not valid.')).toBe('Проверьте адрес электронной почты.');
    expect(russianMessage('Ваш возраст must be higher than or equal to 18.')).toBe('Укажите значение из допустимого диапазона.');
    expect(russianMessage('Something only this Drupal says.')).toBe('Проверьте это поле.');
  });
});
