import type { Context, Env } from 'hono';
import { clientIp } from '../client-ip';
import type { ConfigVariables } from '../../middleware/config';
import type { RequestLogVariables } from '../../middleware/request-log';
import { isolate } from '../../cache/isolate';
import { clearedCookie, isSessionId, newSessionId, sessionCookie, sessionIdOf } from '../../editors/cookie';
import { drupalAt, drupalLogIn, drupalLogOut } from '../../editors/drupal-session';
import { deleteSession, readSession, saveSession, SESSION_SECONDS, sessionHash, type StoredSession } from '../../editors/session-store';

/** What logging in and out need of a route's context. */
type Needs = Env & { Variables: ConfigVariables & Partial<RequestLogVariables> };

export type LoginOutcome = { ok: true; uid: number; setCookie: string } | { ok: false; reason: 'denied' | 'flood' | 'unavailable' };

/**
 * Logs in with Drupal; on success the Drupal session is stored under a new opaque
 * id, and the returned Set-Cookie gives the browser that id.
 */
export async function logIn<E extends Needs>(c: Context<E>, name: string, pass: string): Promise<LoginOutcome> {
  const { config } = c.var;
  const drupal = drupalAt(config, c.var.drupalCalls);
  const login = await drupalLogIn(drupal, name, pass, clientIp(c));
  if (!login.ok) return login;
  const { uid, drupalCookie, logoutToken } = login;
  const id = newSessionId();
  const hash = await sessionHash(id);
  const stored: StoredSession = { drupalCookie, logoutToken, uid, expiresAt: Date.now() + SESSION_SECONDS * 1000 };
  try {
    await saveSession(config.kv, hash, stored);
  } catch (error) {
    console.warn('Вход редактора: сессия не сохранена в KV', error instanceof Error ? error.message : error);
    await drupalLogOut(drupal, stored);
    return { ok: false, reason: 'unavailable' };
  }
  // Just confirmed by Drupal: the next minute of pages needs no check.
  isolate().checkedSessions.remember(hash, { uid, drupalCookie });
  return { ok: true, uid, setCookie: sessionCookie(c, id, SESSION_SECONDS) };
}

/**
 * Logs the request's session out: in Drupal, in KV and in this isolate's memo.
 * Returns the Set-Cookie that clears the browser's cookie (always, even without a session).
 */
export async function logOut<E extends Needs>(c: Context<E>): Promise<string> {
  const { config } = c.var;
  const id = sessionIdOf(c);
  if (id && isSessionId(id)) {
    const hash = await sessionHash(id);
    isolate().checkedSessions.forget(hash);
    const stored = await readSession(config.kv, hash);
    if (stored) await drupalLogOut(drupalAt(config, c.var.drupalCalls), stored);
    await deleteSession(config.kv, hash).catch((error: unknown) => console.warn('Выход редактора: сессия не удалена из KV', error));
  }
  return clearedCookie(c);
}
