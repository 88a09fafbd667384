/**
 * An editor of the real Drupal signs in on the site (Drupal's own `/user/login?_format=json`),
 * sees the draft that no visitor sees, and signs out.
 */
import { describe, expect, it } from 'vitest';
import { TARGETS, get, h1 } from './helpers';
import { EDITOR } from './drupal';

/** The session cookie of a Set-Cookie header, as a browser would send it back. */
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

describe.each(TARGETS)('an editor on %s', (_target, site) => {
  it('signs in with their Drupal account, sees the draft, and signs out', async () => {
    const post = (path: string, body: Record<string, string>, cookie = '') =>
      fetch(site + path, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: site, ...(cookie ? { Cookie: cookie } : {}) },
        body: new URLSearchParams(body),
      });

    const wrong = await post('/login', { name: EDITOR.name, pass: 'не тот пароль', destination: '/draft.html' });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(await wrong.text()).toMatch(/[а-яё]{4}/i);

    const signedIn = await post('/login', { name: EDITOR.name, pass: EDITOR.password, destination: '/draft.html' });
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('Location')).toBe('/draft.html');
    const cookie = cookieOf(signedIn.headers);
    expect(cookie).not.toBe('');

    const draft = await get(site, '/draft.html', { Cookie: cookie });
    expect(draft.status).toBe(200);
    expect(h1(draft.html)).toBe('Черновик');
    expect(draft.html).toContain('Секретный черновик');
    expect(draft.headers.get('Cache-Control')).toMatch(/private|no-store/);
    // Beside the editor, a visitor still does not see it.
    expect((await get(site, '/draft.html')).html).not.toContain('Секретный черновик');

    const out = await post('/logout', {}, cookie);
    expect(out.status).toBe(303);
    const after = await get(site, '/draft.html', { Cookie: cookie });
    expect(after.html).not.toContain('Секретный черновик');
  });
});
