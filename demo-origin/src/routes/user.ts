/**
 * Core user endpoints (docs/drupal.md §4): JSON login with a session cookie and user flood control,
 * CSRF tokens, login status, the user entity over core REST, logout; plus the legacy
 * `/api/auth/logout`. Authentication: the session cookie set by login, or HTTP Basic (basic_auth module).
 */
import { Hono } from 'hono';
import { accountByName, accountByUid, type Account } from '../content/users';
import type { AppEnv } from '../env';
import { currentSession, SESSION_COOKIE } from '../lib/auth';
import { json, noContent, noRoute, textPlain, type Ctx } from '../lib/http';
import { isJsonObject, type Json, type JsonObject } from '../lib/json';
import { demoState, type Session } from '../lib/state';
import { randomToken, uuidFor } from '../lib/uuid';

export const userRoutes = new Hono<AppEnv>();

export { SESSION_COOKIE };

function basicAccount(c: Ctx): Account | null {
  const h = c.req.header('Authorization');
  if (!h || !h.startsWith('Basic ')) return null;
  let decoded: string;
  try {
    decoded = new TextDecoder().decode(Uint8Array.from(atob(h.slice(6).trim()), (ch) => ch.charCodeAt(0)));
  } catch {
    return null;
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const a = accountByName(decoded.slice(0, colon));
  return a && a.status && a.pass === decoded.slice(colon + 1) ? a : null;
}

function currentAccount(c: Ctx): Account | null {
  const s = currentSession(c);
  if (s) return accountByUid(s.uid) ?? null;
  return basicAccount(c);
}

function cookieHeader(value: string, maxAge: number): string {
  return `${SESSION_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax`;
}

// ---- Flood control ----------------------------------------------------------------------------------

/**
 * Flood control of the JSON login (docs/drupal.md §4a), as core's UserAuthenticationController counts it:
 * an IP flood (`user.failed_login_ip`: IP_FLOOD_LIMIT failures from one client IP within IP_FLOOD_WINDOW_MS, any
 * name) and a user flood (`user.http_login`: FLOOD_LIMIT failures within FLOOD_WINDOW_MS for one active account
 * from one client IP, core's default uid + IP identifier). Either answers 403 before the password is checked,
 * even a right one. The client IP is Drupal's view of it: with `reverse_proxy` trusted (the demo's default) the
 * last address of X-Forwarded-For, else the connecting peer, which for a site behind a worker is the worker's
 * and the same for every visitor. A successful login clears that account's user flood for that IP only.
 */
const FLOOD_LIMIT = 5;
const FLOOD_WINDOW_MS = 10 * 60 * 1000;
const IP_FLOOD_LIMIT = 50;
const IP_FLOOD_WINDOW_MS = 60 * 60 * 1000;

function recentFailures(identifier: string, windowMs: number, now: number): number[] {
  const list = (demoState().loginFailures.get(identifier) ?? []).filter((t) => now - t < windowMs);
  if (list.length) demoState().loginFailures.set(identifier, list);
  else demoState().loginFailures.delete(identifier);
  return list;
}

function register(identifier: string, windowMs: number, now: number): void {
  demoState().loginFailures.set(identifier, [...recentFailures(identifier, windowMs, now), now]);
}

/** The client IP as Drupal would see it (Symfony's getClientIp with the peer as the only trusted proxy). */
function clientIp(c: Ctx): string {
  const peer = c.req.header('CF-Connecting-IP') ?? '127.0.0.1';
  if (!demoState().trustsReverseProxy) return peer;
  const forwarded = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((ip) => ip.trim())
    .filter(Boolean);
  return forwarded.at(-1) ?? peer;
}

// ---- Login ------------------------------------------------------------------------------------------

userRoutes.post('/user/login', async (c) => {
  const format = c.req.query('_format');
  if (format === undefined) {
    // Without ?_format=json this is the HTML login form route.
    return new Response(
      '<!DOCTYPE html><html lang="ru"><head><title>Вход | Demo Drupal</title></head><body><h1>Вход</h1><form method="post"><input name="name"><input name="pass" type="password"><button>Войти</button></form></body></html>',
      {
        status: 200,
        headers: { 'Content-Type': 'text/html; charset=UTF-8' },
      },
    );
  }
  if (format !== 'json') return json({ message: `Unrecognized format: ${format}.` }, 400);
  if (currentSession(c)) return json({ message: 'This route can only be accessed by anonymous users.' }, 403);

  let body: Json;
  const raw = await c.req.text();
  try {
    body = raw.trim() ? (JSON.parse(raw) as Json) : null;
  } catch {
    return json({ message: 'Syntax error' }, 400);
  }
  const creds: JsonObject = isJsonObject(body) ? body : {};
  const name = typeof creds.name === 'string' ? creds.name : '';
  const pass = typeof creds.pass === 'string' ? creds.pass : '';
  if (!name && !pass) return json({ message: 'Missing credentials.' }, 400);
  if (!name) return json({ message: 'Missing credentials.name.' }, 400);
  if (!pass) return json({ message: 'Missing credentials.pass.' }, 400);

  const account = accountByName(name);
  // Core's user flood identifier exists only for an active account of that name.
  const floodAccount = account && account.status ? account : null;
  const now = Date.now();
  const ip = clientIp(c);
  const ipIdentifier = `ip:${ip}`;
  const userIdentifier = floodAccount ? `user:${floodAccount.uid}-${ip}` : null;
  if (recentFailures(ipIdentifier, IP_FLOOD_WINDOW_MS, now).length >= IP_FLOOD_LIMIT) {
    return json({ message: 'Access is blocked because of IP based flood prevention.' }, 403);
  }
  if (userIdentifier && recentFailures(userIdentifier, FLOOD_WINDOW_MS, now).length >= FLOOD_LIMIT) {
    return json({ message: 'Too many failed login attempts from your IP address. This IP address is temporarily blocked.' }, 403);
  }
  if (account && !account.status) return json({ message: 'The user has not been activated or is blocked.' }, 400);
  if (!account || account.pass !== pass) {
    register(ipIdentifier, IP_FLOOD_WINDOW_MS, now);
    if (userIdentifier) register(userIdentifier, FLOOD_WINDOW_MS, now);
    return json({ message: 'Sorry, unrecognized username or password.' }, 400);
  }
  demoState().loginFailures.delete(`user:${account.uid}-${ip}`);

  const session: Session = { id: randomToken(), uid: account.uid, csrfToken: randomToken(), logoutToken: randomToken() };
  demoState().sessions.set(session.id, session);
  return json(
    {
      // `roles` only with "administer users" (core's field access on the user entity): an editor's login has none.
      current_user: account.roles.includes('administrator')
        ? { uid: String(account.uid), roles: [...account.roles], name: account.name }
        : { uid: String(account.uid), name: account.name },
      csrf_token: session.csrfToken,
      logout_token: session.logoutToken,
    },
    200,
    { 'Set-Cookie': cookieHeader(session.id, 2000000) },
  );
});

userRoutes.get('/user/login_status', (c) => textPlain(currentAccount(c) ? '1' : '0'));

// ---- CSRF token ----------------------------------------------------------------------------------

function token(c: Ctx): Response {
  const s = demoState();
  s.anonymousToken ??= randomToken();
  return textPlain(currentSession(c)?.csrfToken ?? s.anonymousToken);
}
userRoutes.get('/session/token', token);
/** Deprecated D8.0/8.1 path, kept as an alias for legacy clients (docs/drupal.md §4b). */
userRoutes.get('/rest/session/token', token);

// ---- User entity ---------------------------------------------------------------------------------

function userJson(a: Account, viewer: Account): JsonObject {
  const own = a.uid === viewer.uid || viewer.roles.includes('administrator');
  const ts = (v: string): JsonObject[] => [{ value: v, format: 'Y-m-d\\TH:i:sP' }];
  const out: JsonObject = {
    uid: [{ value: a.uid }],
    uuid: [{ value: a.uuid }],
    langcode: [{ value: 'ru' }],
    preferred_langcode: [{ value: 'ru' }],
    preferred_admin_langcode: [],
    name: [{ value: a.name }],
  };
  if (own) out.mail = [{ value: a.mail }];
  Object.assign(out, {
    timezone: [{ value: 'Europe/Moscow' }],
    status: [{ value: a.status }],
    created: ts(a.created),
    changed: ts(a.created),
    access: ts('2026-11-01T09:00:00+03:00'),
    login: ts('2026-11-01T09:00:00+03:00'),
  });
  if (own) out.init = [{ value: a.mail }];
  out.roles = a.roles
    .filter((r) => r !== 'authenticated')
    .map((r) => ({ target_id: r, target_type: 'user_role', target_uuid: uuidFor(`role:${r}`) }));
  out.default_langcode = [{ value: true }];
  out.user_picture = [];
  return out;
}

userRoutes.get('/user/:uid{[0-9]+}', (c) => {
  const format = c.req.query('_format');
  if (format !== 'json') return json({ message: `Not acceptable format: ${format ?? 'html'}` }, 406);
  const viewer = currentAccount(c);
  if (!viewer) return json({ message: "The 'access user profiles' permission is required and the user must be active." }, 403);
  const a = accountByUid(Number(c.req.param('uid')));
  if (!a) {
    return json(
      { message: 'The "user" parameter was not converted for the path "/user/{user}" (route name: "entity.user.canonical")' },
      404,
    );
  }
  if (!a.status && !viewer.roles.includes('administrator')) {
    return json({ message: "The 'access user profiles' permission is required and the user must be active." }, 403);
  }
  return json(userJson(a, viewer));
});

/** /user redirects to the current user's page (the query is kept for convenience), or to the login form. */
userRoutes.get('/user', (c) => {
  const a = currentAccount(c);
  const q = new URL(c.req.url).search;
  return new Response(null, { status: 302, headers: { Location: a ? `/user/${a.uid}${q}` : `/user/login${q}` } });
});

// ---- Logout --------------------------------------------------------------------------------------

userRoutes.post('/user/logout', (c) => {
  const format = c.req.query('_format');
  if (format !== 'json') return noRoute(c);
  const s = currentSession(c);
  if (!s) return json({ message: 'This route can only be accessed by authenticated users.' }, 403);
  if (c.req.query('token') !== s.logoutToken) return json({ message: "'csrf_token' URL query argument is invalid." }, 403);
  demoState().sessions.delete(s.id);
  return noContent({ 'Set-Cookie': cookieHeader('deleted', 0) });
});

/** Legacy logout of the old front end's auth module: always 204, ends the session if there is one. */
userRoutes.post('/api/auth/logout', (c) => {
  const s = currentSession(c);
  if (s) demoState().sessions.delete(s.id);
  return noContent(s ? { 'Set-Cookie': cookieHeader('deleted', 0) } : {});
});
