/**
 * Editors' logins reach Drupal from the worker, so Drupal's flood control must see each
 * visitor's own address (X-Forwarded-For), or five wrong passwords from anyone lock every editor out.
 */
import { isolate } from '../../../worker/cache/isolate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bindings, control, demoUrl, freshStart, request } from '../helpers';

const SITE = 'http://127.0.0.1:8787';
const EDITOR = { name: 'redaktor', pass: 'demo-redaktor-2013' };
const GUESSER = '203.0.113.45';
const EDITORS_DESK = '198.51.100.7';

async function cleanSessions() {
  const kv = bindings.DRUPAL_CACHE;
  const leftovers = (await kv.list({ prefix: 'editor-session:' })).keys.map((key) => key.name);
  await Promise.all(leftovers.map((name) => kv.delete(name)));
  isolate().checkedSessions.clear();
}

beforeEach(async () => {
  await freshStart();
  await cleanSessions();
});
afterEach(cleanSessions);

async function logInFrom(headers: Record<string, string>, pass: string) {
  const { response, settled } = await request(
    '/login',
    {},
    {
      method: 'POST',
      body: new URLSearchParams({ name: EDITOR.name, pass }),
      headers: { Origin: SITE, 'Sec-Fetch-Site': 'same-origin', ...headers },
    },
  );
  const html = await response.text();
  await settled();
  return { status: response.status, html };
}

async function guessFiveTimes(headers: Record<string, string>) {
  for (let i = 0; i < 5; i++) expect((await logInFrom(headers, `wrong-${i}`)).status).toBe(400);
}

describe("editors' logins and Drupal's flood control", () => {
  it('locks out only the address that guessed: the editor logs in from another, the guesser stays refused in Russian', async () => {
    await guessFiveTimes({ 'CF-Connecting-IP': GUESSER });
    expect((await logInFrom({ 'CF-Connecting-IP': EDITORS_DESK }, EDITOR.pass)).status).toBe(303);
    const refused = await logInFrom({ 'CF-Connecting-IP': GUESSER }, EDITOR.pass);
    expect(refused.status).toBe(429);
    expect(refused.html).toContain('Слишком много неудачных попыток входа. Попробуйте позже.');
  });

  it('takes the first address of X-Forwarded-For when Cloudflare gives none, and never passes a non-address on', async () => {
    await guessFiveTimes({ 'X-Forwarded-For': `${GUESSER}, 10.0.0.1` });
    expect((await logInFrom({ 'X-Forwarded-For': `${EDITORS_DESK}, 10.0.0.1` }, EDITOR.pass)).status).toBe(303);
    expect((await logInFrom({ 'X-Forwarded-For': GUESSER }, EDITOR.pass)).status).toBe(429);
    // Junk is not an address: Drupal sees the worker, and the guesser's count is not touched.
    expect((await logInFrom({ 'X-Forwarded-For': 'not-an-ip' }, 'wrong')).status).toBe(400);
  });

  it("counts core's IP flood per address, for any name, and shows it as the same Russian message", async () => {
    const login = (name: string, ip: string) =>
      fetch(`${demoUrl}/user/login?_format=json`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
        body: JSON.stringify({ name, pass: 'wrong' }),
      });
    for (let i = 0; i < 50; i++) expect((await login(`nobody-${i}`, GUESSER)).status).toBe(400);
    const blocked = await login('nobody-else', GUESSER);
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toEqual({ message: 'Access is blocked because of IP based flood prevention.' });
    expect((await login('nobody-else', EDITORS_DESK)).status).toBe(400);
    const refused = await logInFrom({ 'CF-Connecting-IP': GUESSER }, EDITOR.pass);
    expect(refused.status).toBe(429);
    expect(refused.html).toContain('Слишком много неудачных попыток входа. Попробуйте позже.');
  });

  it('shares one count among every visitor when Drupal does not trust the proxy (why settings.php needs reverse_proxy)', async () => {
    await control.reverseProxy(false);
    await guessFiveTimes({ 'CF-Connecting-IP': GUESSER });
    expect((await logInFrom({ 'CF-Connecting-IP': EDITORS_DESK }, EDITOR.pass)).status).toBe(429);
  });
});
