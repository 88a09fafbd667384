/**
 * Who is asking: the login session (cookie set by POST /user/login?_format=json), the permissions
 * the demo derives from its account's roles, and the cache headers Drupal gives session requests.
 */
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { accountByUid, type Account } from '../content/users';
import type { AppEnv } from '../env';
import type { Ctx } from './http';
import { demoState, type Session } from './state';
import { uuidFor } from './uuid';

/** Drupal's session cookie name: "SESS" + a hash of the cookie domain (fixed here). */
export const SESSION_COOKIE = 'SESS' + uuidFor('clinic-demo-origin-session').replace(/-/g, '');

/** The session the request's cookie names, if it is a live one. */
export function currentSession(c: Ctx): Session | null {
  const sid = getCookie(c, SESSION_COOKIE);
  return sid ? (demoState().sessions.get(sid) ?? null) : null;
}

/** The active account of the request's session, if any. */
export function sessionAccount(c: Ctx): Account | null {
  const s = currentSession(c);
  const a = s ? accountByUid(s.uid) : undefined;
  return a && a.status ? a : null;
}

/** Roles that hold "view any unpublished content" (and "access content overview") on the clinic's site. */
const UNPUBLISHED_VIEWERS: readonly string[] = ['editor', 'administrator'];

/**
 * Whether the request may see unpublished nodes (Drupal's "view any unpublished content"): a login
 * session of an editor or administrator, or the site's API account once the test switch gave it
 * the permission. Anonymous requests and other HTTP Basic credentials see published content.
 */
export function canViewUnpublished(c: Ctx): boolean {
  const a = sessionAccount(c);
  return (a !== null && a.roles.some((r) => UNPUBLISHED_VIEWERS.includes(r))) || isApiAccountWithDrafts(c);
}

/**
 * The site's API account once POST /__demo/api-account gave it "view any unpublished content":
 * HTTP Basic credentials (of that user name, when the switch names one). The demo has no copy of
 * the site's password, so the password is not checked.
 */
function isApiAccountWithDrafts(c: Ctx): boolean {
  const { viewUnpublished, user } = demoState().apiAccount;
  if (!viewUnpublished) return false;
  const header = c.req.header('Authorization');
  if (!header || !/^Basic\s/i.test(header)) return false;
  if (user === undefined) return true;
  try {
    const decoded = atob(header.replace(/^Basic\s+/i, ''));
    const colon = decoded.indexOf(':');
    return colon >= 0 && decoded.slice(0, colon) === user;
  } catch {
    return false;
  }
}

/**
 * Answers to a request with a live session are marked uncacheable, as Drupal's
 * FinishResponseSubscriber does for every request with an open session. Anonymous and HTTP Basic
 * requests are left as they were.
 */
export const sessionCacheControl: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!currentSession(c)) return;
  const res = new Response(c.res.body, c.res);
  res.headers.set('Cache-Control', 'must-revalidate, no-cache, private');
  res.headers.set('Expires', 'Sun, 19 Nov 1978 05:00:00 GMT');
  c.res = res;
};
