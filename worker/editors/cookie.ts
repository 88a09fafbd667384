import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/**
 * The editor's cookie: an opaque random id and nothing else (the session itself is in
 * session-store.ts). HttpOnly: no page script ever reads it.
 */

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** The id is 32 random bytes in base64url: anything else is not ours and is not looked up. */
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

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

/** The session cookie's name on this request's host. */
export const sessionCookieName = (c: Context): string => cookieSpec(c).name;

/** The Set-Cookie of the session cookie; maxAge 0 clears it. */
export function sessionCookie(c: Context, value: string, maxAgeSeconds: number): string {
  const { name, secure } = cookieSpec(c);
  return `${name}=${value}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The Set-Cookie that clears the session cookie. */
export const clearedCookie = (c: Context): string => sessionCookie(c, '', 0);

/** The session id the browser sent, if any (not yet checked to be one of ours). */
export function sessionIdOf(c: Context): string | undefined {
  return getCookie(c, cookieSpec(c).name);
}

/**
 * Whether the request carries an editor's cookie under either name, before anyone asks whether its session is
 * one: such a request is never answered with a page kept for visitors (middleware/kept-answer.ts).
 */
export const carriesEditorCookie = (cookies: string | null): boolean => cookies !== null && /(?:^|;)\s*(?:__Host-)?editor=/.test(cookies);

/** Whether a cookie's value has the shape of our ids: only those are looked up. */
export const isSessionId = (id: string): boolean => SESSION_ID.test(id);

/** A new id: 32 random bytes in base64url. */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
