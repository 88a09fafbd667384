/**
 * Editors, in workerd: the login against the demo Drupal, the
 * session kept server-side, edit links and uncached pages for editors only, the
 * guards on every POST, and /cache-rebuild.html.
 */
import { isolate } from '../../../worker/cache/isolate';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentGeneration } from '../../../worker/cache/generation';
import { bindings, demo, demoUrl, eventually, firstAlias, freshStart, page, request } from '../helpers';

const SITE = 'http://127.0.0.1:8787';
const EDITOR = { name: 'redaktor', pass: 'demo-redaktor-2013', mail: 'redaktor@lavanda-clinic.example', uid: 2 };

beforeEach(async () => {
  await freshStart();
  // KV outlives a test: each starts with no sessions and no purge on record.
  const kv = bindings.DRUPAL_CACHE;
  const leftovers = (await kv.list({ prefix: 'editor-session:' })).keys.map((key) => key.name);
  await Promise.all([...leftovers, 'cache-rebuild:last'].map((name) => kv.delete(name)));
  isolate().checkedSessions.clear();
});

/** React separates adjacent text with `<!-- -->`; the page as a reader sees it. */
const text = (html: string) => html.replaceAll('<!-- -->', '');

/** A POST of a form as our own page sends it: same origin. */
async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const { response, settled } = await request(
    path,
    {},
    {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Origin: SITE, 'Sec-Fetch-Site': 'same-origin', ...headers },
    },
  );
  const html = await response.text();
  await settled();
  return { status: response.status, headers: response.headers, html };
}

/** Logs the demo editor in; the cookie as the browser would send it back. */
async function logIn(fields: Record<string, string> = {}) {
  const res = await post('/login', { name: EDITOR.name, pass: EDITOR.pass, ...fields });
  expect(res.status).toBe(303);
  const setCookie = res.headers.getSetCookie().find((line) => line.startsWith('editor='));
  expect(setCookie, 'the session cookie').toBeDefined();
  return { cookie: setCookie!.split(';')[0]!, setCookie: setCookie!, location: res.headers.get('Location') };
}

/** A GET with the session cookie. */
async function asEditor(path: string, cookie: string, init: RequestInit = {}) {
  const { response, settled } = await request(
    path,
    {},
    { ...init, headers: { Cookie: cookie, ...(init.headers as Record<string, string>) } },
  );
  const html = await response.text();
  await settled();
  return { status: response.status, headers: response.headers, html };
}

async function kvEntries(): Promise<{ name: string; value: string | null }[]> {
  const entries: { name: string; value: string | null }[] = [];
  let cursor: string | undefined;
  do {
    const list = await bindings.DRUPAL_CACHE.list({ cursor });
    for (const key of list.keys) entries.push({ name: key.name, value: await bindings.DRUPAL_CACHE.get(key.name) });
    cursor = list.list_complete ? undefined : list.cursor;
  } while (cursor);
  return entries;
}

const sessionKeys = async () => (await bindings.DRUPAL_CACHE.list({ prefix: 'editor-session:' })).keys.map((key) => key.name);

async function sha256Hex(value: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function newestService(): Promise<{ alias: string; nid: number }> {
  const doc = await demo.json<{ data: { attributes: { drupal_internal__nid: number; path: { alias: string } } }[] }>(
    '/jsonapi/node/services?filter[status]=1&page[limit]=1&sort=-created',
  );
  const first = doc.data[0]!;
  return { alias: first.attributes.path.alias, nid: first.attributes.drupal_internal__nid };
}

const editHref = (nid: number) => `href="${demoUrl}/node/${nid}/edit"`;
const hasEditLinks = (html: string) => /\/node\/\d+\/edit"/.test(html);

describe('login', () => {
  it('shows a Russian form at /login and /auth/login', async () => {
    for (const path of ['/login', '/auth/login']) {
      const { status, html, headers } = await page(path);
      expect(status, path).toBe(200);
      expect(html).toContain('action="/login"');
      expect(html).toMatch(/<input[^>]*name="name"/);
      expect(html).toMatch(/<input[^>]*name="pass"[^>]*type="password"|<input[^>]*type="password"[^>]*name="pass"/);
      expect(html).toContain('Войти');
      expect(headers.get('X-Robots-Tag')).toContain('noindex');
    }
  });

  it('answers wrong credentials with the Russian error, keeps the name and never echoes the password', async () => {
    const res = await post('/login', { name: EDITOR.name, pass: 'wrong-pass-31337' });
    expect(res.status).toBe(400);
    expect(res.html).toContain('Неверное имя пользователя или пароль');
    expect(res.html).toContain(`value="${EDITOR.name}"`);
    expect(res.html).not.toContain('wrong-pass-31337');
    expect(res.headers.getSetCookie().filter((line) => line.startsWith('editor='))).toEqual([]);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await sessionKeys()).toEqual([]);
  });

  it('asks for both fields before asking Drupal', async () => {
    const before = await demo.count('/user/login');
    const res = await post('/login', { name: '', pass: '' });
    expect(res.status).toBe(400);
    expect(res.html).toContain('Введите имя пользователя и пароль');
    expect(await demo.count('/user/login')).toBe(before);
  });

  it("shows Drupal's flood answer as a clear message", async () => {
    let last = { status: 0, html: '' };
    for (let i = 0; i < 8 && last.status !== 429; i++) last = await post('/login', { name: EDITOR.name, pass: `wrong-${i}` });
    expect(last.status).toBe(429);
    expect(last.html).toContain('Слишком много неудачных попыток входа. Попробуйте позже.');
  });

  it('says calmly when Drupal cannot be reached', async () => {
    const { response, settled } = await request(
      '/login',
      { DRUPAL_BASE_URL: 'http://127.0.0.1:9' },
      {
        method: 'POST',
        body: new URLSearchParams({ name: EDITOR.name, pass: EDITOR.pass }),
        headers: { Origin: SITE },
      },
    );
    const html = await response.text();
    await settled();
    expect(response.status).toBe(503);
    expect(html).toContain('Сейчас войти не получается');
    expect(html).toContain(`value="${EDITOR.name}"`);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie (not Secure on http://127.0.0.1) and keeps nothing personal in KV', async () => {
    const { setCookie, location, cookie } = await logIn();
    expect(location).toBe('/');
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Lax/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Secure/i);
    expect(cookie).toMatch(/^editor=[A-Za-z0-9_-]{43}$/);

    const keys = await sessionKeys();
    expect(keys).toHaveLength(1);
    // Stored under the id's hash: the key alone is no cookie.
    expect(keys[0]).toBe(`editor-session:${await sha256Hex(cookie.slice('editor='.length))}`);
    const stored = JSON.parse((await bindings.DRUPAL_CACHE.get(keys[0]!))!) as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(['drupalCookie', 'expiresAt', 'logoutToken', 'uid']);
    expect(stored.uid).toBe(EDITOR.uid);
    expect(stored.drupalCookie).toMatch(/^S?SESS\w+=/);
    for (const { name, value } of await kvEntries()) {
      for (const secret of [EDITOR.name, EDITOR.pass, EDITOR.mail]) expect(`${name} ${value}`, name).not.toContain(secret);
    }
  });

  it('goes to an internal destination after login, and home for a foreign one', async () => {
    expect((await logIn({ destination: '/price.html' })).location).toBe('/price.html');
    expect((await logIn({ destination: '/news.html?page=2#top' })).location).toBe('/news.html?page=2#top');
    for (const foreign of [
      '//evil.example',
      'https://evil.example',
      '/\\evil',
      '/\\/evil.example',
      'javascript:alert(1)',
      ' //evil.example/x',
    ]) {
      expect((await logIn({ destination: foreign })).location, foreign).toBe('/');
    }
    // The form carries the query's destination only when it is safe.
    expect((await page('/login?destination=//evil.example')).html).toContain('name="destination" value="/"');
    expect((await page('/login?destination=/price.html')).html).toContain('name="destination" value="/price.html"');
  });

  it('refuses posts from another site', async () => {
    const evil = await post(
      '/login',
      { name: EDITOR.name, pass: EDITOR.pass },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(evil.status).toBe(403);
    expect(evil.headers.getSetCookie().filter((line) => line.startsWith('editor='))).toEqual([]);
    const sameSite = await post('/login', { name: EDITOR.name, pass: EDITOR.pass }, { Origin: SITE, 'Sec-Fetch-Site': 'same-site' });
    expect(sameSite.status).toBe(403);
    expect(await sessionKeys()).toEqual([]);

    const { cookie } = await logIn();
    const logout = await post('/logout', {}, { Cookie: cookie, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(logout.status).toBe(403);
    expect(await sessionKeys()).toHaveLength(1);
    const purge = await post(
      '/cache-rebuild.html',
      { action: 'all' },
      { Cookie: cookie, Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(purge.status).toBe(403);
  });

  it('logout ends the Drupal session, deletes the KV entry and clears the cookie', async () => {
    const { cookie } = await logIn();
    const [key] = await sessionKeys();
    const { drupalCookie } = JSON.parse((await bindings.DRUPAL_CACHE.get(key!))!) as { drupalCookie: string };
    const res = await post('/logout', {}, { Cookie: cookie });
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/');
    expect(res.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^editor=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/));
    expect(await sessionKeys()).toEqual([]);
    // Drupal's own session is over too.
    expect(await (await fetch(`${demoUrl}/user/login_status?_format=json`, { headers: { Cookie: drupalCookie } })).text()).toBe('0');
    // The old cookie is no editor's any more.
    const after = await asEditor((await newestService()).alias, cookie);
    expect(hasEditLinks(after.html)).toBe(false);
  });
});

describe('the editor on the site', () => {
  it('gives an editor edit links, fresh uncached pages and private no-store, while visitors keep the shared cache', async () => {
    const service = await newestService();
    // A visitor fills the cache.
    await page(service.alias);
    expect((await page(service.alias)).headers.get('X-Cache')).toBe('HIT');

    const { cookie } = await logIn();
    const editor = await asEditor(service.alias, cookie);
    expect(editor.status).toBe(200);
    expect(editor.html).toContain(editHref(service.nid));
    expect(editor.html).toMatch(new RegExp(`<a class="edit-link" ${editHref(service.nid)} target="_blank" rel="noopener">`));
    expect(editor.headers.get('Cache-Control')).toBe('private, no-store');
    expect(editor.headers.get('X-Cache')).toBe('BYPASS');
    expect(editor.html).toContain('Вы вошли как редактор');

    const visitor = await page(service.alias);
    expect(visitor.headers.get('X-Cache')).toBe('HIT');
    expect(hasEditLinks(visitor.html)).toBe(false);
    expect(visitor.html).not.toContain('Вы вошли как редактор');
    expect(visitor.headers.get('Cache-Control')).toMatch(/^public/);
  });

  it('puts an edit link beside every price item with a node id', async () => {
    const { cookie } = await logIn();
    const editor = await asEditor('/price.html', cookie);
    expect(editor.html).toContain(editHref(36));
    expect(editor.html).toMatch(new RegExp(`<span class="price__edit"><a class="edit-link" ${editHref(37)} target="_blank"`));
    expect(hasEditLinks((await page('/price.html')).html)).toBe(false);
  });

  it("never writes an editor's page into the shared cache", async () => {
    const service = await newestService();
    const { cookie } = await logIn();
    await asEditor(service.alias, cookie);
    await asEditor('/price.html', cookie);
    expect((await page(service.alias)).headers.get('X-Cache')).toBe('MISS');
    expect((await page('/price.html')).headers.get('X-Cache')).toBe('MISS');
  });

  it('treats a forged or garbled session cookie as a visitor: cached rendering, no edit links, the cookie cleared', async () => {
    const service = await newestService();
    await page(service.alias);
    const forgedId = 'A'.repeat(43);
    for (const cookie of [`editor=${forgedId}`, 'editor=garbage', 'editor=']) {
      const res = await asEditor(service.alias, cookie);
      expect(res.status, cookie).toBe(200);
      expect(hasEditLinks(res.html), cookie).toBe(false);
      expect(res.headers.get('X-Cache'), cookie).toBe('HIT');
    }
    const forged = await asEditor(service.alias, `editor=${forgedId}`);
    expect(forged.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^editor=; Max-Age=0/));
    expect(forged.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('treats an expired session, or one Drupal has ended, as a visitor, and forgets it', async () => {
    const service = await newestService();
    // An entry past its expiry (KV would drop it soon anyway).
    const expiredId = 'B'.repeat(43);
    const expiredKey = `editor-session:${await sha256Hex(expiredId)}`;
    const { cookie } = await logIn();
    const [liveKey] = await sessionKeys();
    const live = JSON.parse((await bindings.DRUPAL_CACHE.get(liveKey!))!) as Record<string, unknown>;
    await bindings.DRUPAL_CACHE.put(expiredKey, JSON.stringify({ ...live, expiresAt: Date.now() - 1000 }));
    const expired = await asEditor(service.alias, `editor=${expiredId}`);
    expect(hasEditLinks(expired.html)).toBe(false);
    expect(expired.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^editor=; Max-Age=0/));
    expect(await bindings.DRUPAL_CACHE.get(expiredKey)).toBeNull();

    // The editor logs out in Drupal itself; once this isolate asks again, the session is over here too.
    const drupalLogout = await fetch(`${demoUrl}/user/logout?_format=json&token=${live.logoutToken as string}`, {
      method: 'POST',
      headers: { Cookie: live.drupalCookie as string },
    });
    expect(drupalLogout.status).toBe(204);
    isolate().checkedSessions.clear();
    const ended = await asEditor(service.alias, cookie);
    expect(hasEditLinks(ended.html)).toBe(false);
    expect(ended.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^editor=; Max-Age=0/));
    expect(await sessionKeys()).toEqual([]);
  });

  it('asks Drupal about a session at most once a minute, not once per payload', async () => {
    const service = await newestService();
    const { cookie } = await logIn();
    const before = await demo.count('/user/login_status');
    await asEditor(service.alias, cookie);
    await asEditor('/price.html', cookie);
    expect(await demo.count('/user/login_status')).toBe(before);
    isolate().checkedSessions.clear();
    await asEditor(service.alias, cookie);
    await asEditor('/price.html', cookie);
    expect(await demo.count('/user/login_status')).toBe(before + 1);
  });
});

describe("an editor's page in one round", () => {
  it('asks for the node beside the path lookup when visitors had the page: the lookup is asked again, the node is not waited for', async () => {
    const service = await newestService();
    await page(service.alias);
    const { cookie } = await logIn();
    const held = 2_000;
    await demo.faults({ rules: [{ match: '/router/translate-path', delayMs: held }] });
    const nodesBefore = await demo.count('/jsonapi/node/services/');
    const lookupsBefore = await demo.count('/router/translate-path');
    let done = false;
    const viewing = asEditor(service.alias, cookie).finally(() => (done = true));
    expect(
      await eventually(
        () => demo.count('/jsonapi/node/services/'),
        (n) => n > nodesBefore,
        held - 500,
      ),
    ).toBeGreaterThan(nodesBefore);
    expect(done).toBe(false);
    const view = await viewing;
    expect(view.status).toBe(200);
    expect(view.html).toContain(editHref(service.nid));
    // The editor's own lookup decided the page (Drupal was asked, with the editor's session).
    expect(await demo.count('/router/translate-path')).toBeGreaterThan(lookupsBefore);
  });
});

describe('/cache-rebuild.html', () => {
  it("sends a visitor to the login, and refuses a visitor's purge", async () => {
    const { response, settled } = await request('/cache-rebuild.html');
    await response.body?.cancel();
    await settled();
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/login?destination=/cache-rebuild.html');
    const generation = await currentGeneration(bindings.DRUPAL_CACHE);
    const purge = await post('/cache-rebuild.html', { action: 'all' });
    expect(purge.status).toBe(403);
    expect(await currentGeneration(bindings.DRUPAL_CACHE)).toBe(generation);
  });

  it("shows the editor the cache's state; purging everything bumps the generation and says so", async () => {
    const { cookie } = await logIn({ destination: '/cache-rebuild.html' });
    const shown = await asEditor('/cache-rebuild.html', cookie);
    expect(shown.status).toBe(200);
    const before = await currentGeneration(bindings.DRUPAL_CACHE);
    expect(text(shown.html)).toContain('Поколение кэша');
    expect(text(shown.html)).toContain(`<dd>${before}</dd>`);
    expect(shown.html).toContain('Очистить весь кэш');
    expect(shown.html).toContain('Очистить страницу');

    const done = await post('/cache-rebuild.html', { action: 'all' }, { Cookie: cookie });
    expect(done.status).toBe(200);
    const after = await currentGeneration(bindings.DRUPAL_CACHE);
    expect(after).toBe(before + 1);
    expect(text(done.html)).toContain('Весь кэш очищен');
    expect(text(done.html)).toContain(`поколение кэша теперь ${after} (было ${before})`);
    expect(text(done.html)).toContain('60 секунд');
    expect(done.headers.get('Cache-Control')).toBe('private, no-store');

    const last = JSON.parse((await bindings.DRUPAL_CACHE.get('cache-rebuild:last'))!) as Record<string, unknown>;
    expect(last).toMatchObject({ uid: EDITOR.uid, scope: 'all' });
    expect(JSON.stringify(last)).not.toContain(EDITOR.name);
    // Who it was is asked of Drupal for the page, not stored.
    const shownLast = text((await asEditor('/cache-rebuild.html', cookie)).html);
    expect(shownLast).toContain(`«${EDITOR.name}» — весь кэш`);
    // Dates as the spec writes them: ДД.ММ.ГГГГ, Moscow time.
    expect(shownLast).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} \(МСК\), «/);
  });

  it('purges one page by its path, and refuses what is not a page of this site', async () => {
    await page('/price.html');
    expect((await page('/price.html')).headers.get('X-Cache')).toBe('HIT');
    const { cookie } = await logIn();
    const done = await post('/cache-rebuild.html', { action: 'path', path: `${SITE}/price.html` }, { Cookie: cookie });
    expect(done.status).toBe(200);
    expect(text(done.html)).toContain('Страница /price.html очищена');
    expect(text(done.html)).toContain('60 секунд');
    expect((await page('/price.html')).headers.get('X-Cache')).toBe('MISS');

    for (const path of ['//evil.example/x', 'https://evil.example/price.html', 'price.html', '/\\evil']) {
      const refused = await post('/cache-rebuild.html', { action: 'path', path }, { Cookie: cookie });
      expect(refused.status, path).toBe(400);
      expect(refused.html).toContain('Укажите адрес страницы этого сайта');
    }
  });

  it("purging a node's page also reaches the lists that show it", async () => {
    const alias = await firstAlias('news');
    await page('/news.html');
    expect((await page('/news.html')).headers.get('X-Cache')).toBe('HIT');
    const { cookie } = await logIn();
    const done = await post('/cache-rebuild.html', { action: 'path', path: alias }, { Cookie: cookie });
    expect(text(done.html)).toContain('все списки, карусели и меню');
    expect((await page('/news.html')).headers.get('X-Cache')).not.toBe('HIT');
  });
});

describe('/auth_page_link.html', () => {
  it('tells a visitor to log in, and an editor who they are and where to go', async () => {
    const visitor = await page('/auth_page_link.html');
    expect(visitor.html).toContain('Вы не вошли');
    expect(visitor.html).toContain('href="/login?destination=/auth_page_link.html"');

    const { cookie } = await logIn();
    const editor = await asEditor('/auth_page_link.html', cookie);
    expect(text(editor.html)).toContain(`Вы вошли как редактор «${EDITOR.name}»`);
    expect(editor.html).toContain('href="/cache-rebuild.html"');
    expect(editor.html).toContain('action="/logout"');
  });
});
