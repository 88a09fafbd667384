import type { KeyValueStore } from '../platform/seams';
import type { Context, Env, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { noCache } from '../cache/no-cache';
import type { Bindings } from '../config/bindings';
import type { Config } from '../config/config';
import { createDrupalClient } from '../drupal/client';
import { sharedGuesses } from '../drupal/from-config';
import { fetchFromOrigin, type OriginRecorder } from '../drupal/origin';
import { classifyRedirectTarget } from '../paths/redirect-target';
import { clientIp } from './client-ip';
import { editHeaders } from './edit-headers';
import type { ConfigVariables } from './config';
import type { RequestLogVariables } from './request-log';

/**
 * Editors: the browser holds only an opaque random id; the editor's
 * Drupal session lives in KV under the id's SHA-256, so neither a KV listing
 * nor a leaked key gives a usable cookie. Nothing personal is kept: no name, no
 * e-mail, no password — only what the worker needs to act as the editor.
 */

/** An editor this request is made by: whose session it is, and how to speak to Drupal as them. */
export interface Editor {
  uid: number;
  /** Drupal's own session cookie (`SESS…=…`), sent instead of the site's credentials. */
  drupalCookie: string;
}

/** What this middleware puts on the context: the editor, or null for a visitor. */
export interface EditorVariables {
  editor: Editor | null;
}

/** What KV keeps per session (worker-only; never sent to a browser). */
interface StoredSession {
  drupalCookie: string;
  logoutToken: string;
  uid: number;
  /** Epoch ms; past it the session is over whatever Drupal says. */
  expiresAt: number;
}

/** A working day: long enough not to interrupt an editor, short enough for a forgotten browser. */
export const SESSION_SECONDS = 8 * 60 * 60;
/** Drupal is asked whether a session still lives at most once a minute per isolate, not once per payload. */
const CHECK_MS = 60_000;
const KV_PREFIX = 'editor-session:';
/** The id is 32 random bytes in base64url: anything else is not ours and is not looked up. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
/** A bound on the memo, so that a flood of forged ids cannot grow the isolate's memory. */
const MAX_REMEMBERED = 500;

const checked = new Map<string, { until: number; editor: Editor }>();

function remember(hash: string, editor: Editor) {
  checked.delete(hash);
  if (checked.size >= MAX_REMEMBERED) checked.delete(checked.keys().next().value!);
  checked.set(hash, { until: Date.now() + CHECK_MS, editor });
}

/** Forgets every checked session of this isolate (tests). */
export function forgetCheckedSessions() {
  checked.clear();
}

/** What the helpers below need of a route's context. */
type Needs = Env & { Variables: ConfigVariables & Partial<RequestLogVariables> };

// ---- The cookie -------------------------------------------------------------------------------------

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `__Host-` binds the cookie to this host, Secure and Path=/. Browsers refuse a
 * Secure cookie over plain http, so on a developer's http://localhost the cookie
 * is plain `editor`; anywhere else it is always the __Host- one.
 */
function cookieSpec(c: Context): { name: string; secure: boolean } {
  const url = new URL(c.req.url);
  const insecure = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  return insecure ? { name: 'editor', secure: false } : { name: '__Host-editor', secure: true };
}

/** The Set-Cookie of the session cookie; maxAge 0 clears it. HttpOnly: no page script ever reads it. */
export function sessionCookie(c: Context, value: string, maxAgeSeconds: number): string {
  const { name, secure } = cookieSpec(c);
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

const clearedCookie = (c: Context) => sessionCookie(c, '', 0);

function sessionIdOf(c: Context): string | undefined {
  return getCookie(c, cookieSpec(c).name);
}

function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

// ---- Checking a session ----------------------------------------------------------------------------

type Verdict = { kind: 'editor'; editor: Editor } | { kind: 'invalid'; hash?: string } | { kind: 'unknown' };

async function readStored(kv: KeyValueStore, hash: string): Promise<StoredSession | null> {
  try {
    const stored = await kv.get<StoredSession>(KV_PREFIX + hash, 'json');
    return stored && typeof stored.drupalCookie === 'string' && Number.isInteger(stored.uid) ? stored : null;
  } catch (error) {
    console.warn('Сессия редактора не прочитана из KV', error instanceof Error ? error.message : error);
    return null;
  }
}

/** Drupal's `/user/login_status` answers 1 while its session lives (drupal-api.md §4a). */
async function drupalSaysLoggedIn(config: Config, drupalCookie: string, recorder?: OriginRecorder): Promise<boolean> {
  const { status, body } = await fetchFromOrigin(`${config.drupalBaseUrl}/user/login_status?_format=json`, {
    timeoutMs: config.origin.timeoutMs,
    cookie: drupalCookie,
    recorder,
  });
  return status === 200 && (body === 1 || body === '1');
}

async function verify(config: Config, id: string, recorder?: OriginRecorder): Promise<Verdict> {
  if (!SESSION_ID.test(id)) return { kind: 'invalid' };
  const hash = await sha256Hex(id);
  const known = checked.get(hash);
  if (known && Date.now() < known.until) return { kind: 'editor', editor: known.editor };
  checked.delete(hash);
  const stored = await readStored(config.kv, hash);
  if (!stored || Date.now() >= stored.expiresAt) return { kind: 'invalid', hash: stored ? hash : undefined };
  let alive: boolean;
  try {
    alive = await drupalSaysLoggedIn(config, stored.drupalCookie, recorder);
  } catch (error) {
    // Drupal cannot say: this request is a visitor's, but the session is kept for when it answers again.
    console.warn('Сессия редактора не проверена: Drupal не ответил', error instanceof Error ? error.message : error);
    return { kind: 'unknown' };
  }
  if (!alive) return { kind: 'invalid', hash };
  const editor = { uid: stored.uid, drupalCookie: stored.drupalCookie };
  remember(hash, editor);
  return { kind: 'editor', editor };
}

// ---- The middleware ---------------------------------------------------------------------------------

const READS = new Set(['GET', 'HEAD']);

/** A discreet strip under the skip link of every page an editor sees: who they are here, and the way out. */
const EDITOR_BAR =
  '<div class="editor-bar" role="region" aria-label="Панель редактора"><div class="container editor-bar__inner">' +
  '<span class="editor-bar__state">Вы вошли как редактор</span>' +
  '<a class="editor-bar__link" href="/cache-rebuild.html">Кэш сайта</a>' +
  '<a class="editor-bar__link" href="/undelivered.html">Недоставленные заявки</a>' +
  '<form class="editor-bar__logout" method="post" action="/logout"><button class="editor-bar__button" type="submit">Выйти</button></form>' +
  '</div></div>';

/**
 * Knows the request's editor, if any (`c.var.editor`). For an editor's reads the
 * request's Drupal client becomes an uncached one that speaks with the editor's
 * session (drafts visible, the shared cache neither read nor written); writes
 * (the popup forms' submissions) keep the site's client, since Drupal refuses a
 * cookie-authenticated POST without its CSRF token. Every response to a request
 * that carried a session cookie is `private, no-store`: no shared cache and no
 * browser cache may keep what an editor saw. A session that is forged, expired
 * or ended in Drupal is forgotten and its cookie cleared.
 */
export function editorSession(): MiddlewareHandler<{
  Bindings: Bindings;
  Variables: ConfigVariables & EditorVariables & Partial<RequestLogVariables>;
}> {
  return async (c, next) => {
    const { config } = c.var;
    const id = sessionIdOf(c);
    const verdict: Verdict | undefined = id ? await verify(config, id, c.var.drupalCalls) : undefined;
    const editor = verdict?.kind === 'editor' ? verdict.editor : null;
    c.set('editor', editor);
    if (verdict?.kind === 'invalid' && verdict.hash) {
      const key = KV_PREFIX + verdict.hash;
      c.executionCtx.waitUntil(config.kv.delete(key).catch(() => undefined));
    }
    if (editor && READS.has(c.req.method)) {
      c.set(
        'drupal',
        createDrupalClient({
          baseUrl: config.drupalBaseUrl,
          cache: noCache,
          guesses: sharedGuesses(config),
          timeoutMs: config.origin.timeoutMs,
          cookie: editor.drupalCookie,
          drafts: true,
          recorder: c.var.drupalCalls,
        }),
      );
    }

    await next();

    const html = (c.res.headers.get('Content-Type') ?? '').startsWith('text/html');
    if (id === undefined) {
      // The same URL answers an editor differently: a page the browser kept before login must not be shown after it.
      if (html) editHeaders(c, (headers) => headers.append('Vary', 'Cookie'));
      return;
    }
    editHeaders(c, (headers) => {
      headers.set('Cache-Control', 'private, no-store');
      if (html) headers.append('Vary', 'Cookie');
      // Unless the handler has just set a new session (a login over a dead one).
      const renewed = headers.getSetCookie().some((line) => line.startsWith(`${cookieSpec(c).name}=`));
      if (verdict?.kind === 'invalid' && !renewed) headers.append('Set-Cookie', clearedCookie(c));
      if (editor && READS.has(c.req.method) && !headers.has('X-Cache')) headers.set('X-Cache', 'BYPASS');
    });
    if (editor && html && c.res.body) {
      c.res = new HTMLRewriter().on('a.skip-link', { element: (el) => void el.after(EDITOR_BAR, { html: true }) }).transform(c.res);
    }
  };
}

// ---- Logging in and out ----------------------------------------------------------------------------

export type LoginOutcome = { ok: true; uid: number } | { ok: false; reason: 'denied' | 'flood' | 'unavailable' };

/** `SESS…=…` / `SSESS…=…` pairs of Drupal's Set-Cookie headers: the session, nothing else it may set. */
function drupalSessionCookie(headers: Headers): string | undefined {
  const pairs = headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0]!.trim())
    .filter((pair) => /^S?SESS[A-Za-z0-9_]*=[^;\s]+$/.test(pair) && !pair.endsWith('=deleted'));
  return pairs.length > 0 ? pairs.join('; ') : undefined;
}

/**
 * Logs in against Drupal's JSON login (drupal-api.md §4a) without the site's
 * credentials (Drupal answers 403 to a logged-in caller). Wrong credentials are
 * Drupal's 400, flood control its 403. On success the Drupal session is stored
 * under a new opaque id, and the returned Set-Cookie gives the browser that id.
 */
export async function logIn<E extends Needs>(c: Context<E>, name: string, pass: string): Promise<LoginOutcome & { setCookie?: string }> {
  const { config } = c.var;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  // A Drupal that trusts Cloudflare as its reverse proxy then counts failed logins per visitor, not per worker.
  const ip = clientIp(c);
  if (ip) headers['X-Forwarded-For'] = ip;
  let response: Response;
  // Not through origin.ts (no credentials, manual redirects), but in the request's log all the same.
  const ended = c.var.drupalCalls?.start('POST', `${config.drupalBaseUrl}/user/login`);
  try {
    response = await fetch(`${config.drupalBaseUrl}/user/login?_format=json`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name, pass }),
      redirect: 'manual',
      signal: AbortSignal.timeout(config.origin.timeoutMs),
    });
  } catch (error) {
    ended?.('unreachable');
    console.warn('Вход редактора: Drupal недоступен', error instanceof Error ? error.message : error);
    return { ok: false, reason: 'unavailable' };
  }
  ended?.(response.status);
  if (response.status === 400) return cancelled(response, { ok: false, reason: 'denied' });
  if (response.status === 403) return cancelled(response, { ok: false, reason: 'flood' });
  if (response.status !== 200) {
    console.warn(`Вход редактора: Drupal ответил ${response.status}`);
    return cancelled(response, { ok: false, reason: 'unavailable' });
  }
  const body = (await response.json().catch(() => null)) as { current_user?: { uid?: unknown }; logout_token?: unknown } | null;
  const uid = Number(body?.current_user?.uid);
  const logoutToken = body?.logout_token;
  const drupalCookie = drupalSessionCookie(response.headers);
  if (!Number.isInteger(uid) || uid <= 0 || typeof logoutToken !== 'string' || !drupalCookie) {
    console.warn('Вход редактора: ответ Drupal без сессии или без uid');
    return { ok: false, reason: 'unavailable' };
  }

  const id = newSessionId();
  const hash = await sha256Hex(id);
  const stored: StoredSession = { drupalCookie, logoutToken, uid, expiresAt: Date.now() + SESSION_SECONDS * 1000 };
  try {
    await config.kv.put(KV_PREFIX + hash, JSON.stringify(stored), { expirationTtl: SESSION_SECONDS });
  } catch (error) {
    console.warn('Вход редактора: сессия не сохранена в KV', error instanceof Error ? error.message : error);
    await drupalLogout(config, stored, c.var.drupalCalls);
    return { ok: false, reason: 'unavailable' };
  }
  // Just confirmed by Drupal: the next minute of pages needs no check.
  remember(hash, { uid, drupalCookie });
  return { ok: true, uid, setCookie: sessionCookie(c, id, SESSION_SECONDS) };
}

async function cancelled<T>(response: Response, outcome: T): Promise<T> {
  await response.body?.cancel();
  return outcome;
}

/** Ends the session in Drupal (drupal-api.md §4a: 204); a failure is logged, the local session ends anyway. */
async function drupalLogout(config: Config, stored: StoredSession, recorder?: OriginRecorder): Promise<void> {
  // The path alone is recorded: the query carries the logout token.
  const ended = recorder?.start('POST', `${config.drupalBaseUrl}/user/logout`);
  try {
    const response = await fetch(`${config.drupalBaseUrl}/user/logout?_format=json&token=${encodeURIComponent(stored.logoutToken)}`, {
      method: 'POST',
      headers: { Cookie: stored.drupalCookie, Accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(config.origin.timeoutMs),
    });
    await response.body?.cancel();
    ended?.(response.status);
    if (response.status !== 204 && response.status !== 200) console.warn(`Выход редактора: Drupal ответил ${response.status}`);
  } catch (error) {
    ended?.('unreachable');
    console.warn('Выход редактора: Drupal недоступен', error instanceof Error ? error.message : error);
  }
}

/**
 * Logs the request's session out: in Drupal, in KV and in this isolate's memo.
 * Returns the Set-Cookie that clears the browser's cookie (always, even without a session).
 */
export async function logOut<E extends Needs>(c: Context<E>): Promise<string> {
  const { config } = c.var;
  const id = sessionIdOf(c);
  if (id && SESSION_ID.test(id)) {
    const hash = await sha256Hex(id);
    checked.delete(hash);
    const stored = await readStored(config.kv, hash);
    if (stored) await drupalLogout(config, stored, c.var.drupalCalls);
    await config.kv.delete(KV_PREFIX + hash).catch((error: unknown) => console.warn('Выход редактора: сессия не удалена из KV', error));
  }
  return clearedCookie(c);
}

// ---- Guards -----------------------------------------------------------------------------------------

/**
 * A post made by one of our own pages. Browsers say where a request comes from
 * (Sec-Fetch-Site, Origin); another site's page may not log anyone in or out or
 * purge the cache. A client that sends neither (curl, a test) is no browser
 * another site could steer, and is let through.
 */
export function isOwnPost<E extends Needs>(c: Context<E>): boolean {
  const site = c.req.header('Sec-Fetch-Site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = c.req.header('Origin');
  if (origin === undefined) return true;
  return origin === new URL(c.var.config.siteUrl).origin || origin === new URL(c.req.url).origin;
}

/** docs/requirements.md §5: only an internal path (not `//host`, not `/\host`, no scheme) may be a destination; else home. */
export function safeDestination(raw: string | undefined | null): string {
  if (!raw) return '/';
  const target = classifyRedirectTarget(raw);
  return target.kind === 'internal' ? target.location : '/';
}
