import { z } from 'zod';
import type { Config } from '../config/config';
import { fetchFromOrigin, type OriginRecorder } from '../drupal/origin';

/**
 * An editor's session as Drupal answers it (docs/drupal.md): its JSON login, its
 * logout, whether a session still lives, and the signed-in user's name. The
 * worker never sends the site's credentials on these calls: Drupal answers 403 to
 * a logged-in caller's login, and an editor is to be seen as themselves.
 */

/** Where Drupal is, how long to wait for it, and the request's log of Drupal calls. */
export interface DrupalAt {
  baseUrl: string;
  timeoutMs: number;
  recorder?: OriginRecorder;
}

/** Drupal as the site's settings name it, this request's calls in its log. */
export const drupalAt = (config: Pick<Config, 'drupalBaseUrl' | 'origin'>, recorder?: OriginRecorder): DrupalAt => ({
  baseUrl: config.drupalBaseUrl,
  timeoutMs: config.origin.timeoutMs,
  recorder,
});

/** What the worker keeps of a Drupal session: its cookie, and the token its logout asks for. */
export interface DrupalSession {
  uid: number;
  drupalCookie: string;
  logoutToken: string;
}

export type DrupalLogin = ({ ok: true } & DrupalSession) | { ok: false; reason: 'denied' | 'flood' | 'unavailable' };

/** Drupal's login answer: `uid` is a string on loaded entities, a number on some versions. */
const LoginAnswer = z.object({
  current_user: z.object({ uid: z.union([z.string(), z.number()]).transform((uid) => Number(uid)) }),
  logout_token: z.string(),
});

/** A user entity in core's JSON: each field a list of items; the name's first item is the name. */
const UserAnswer = z.object({ name: z.tuple([z.object({ value: z.string() })]).rest(z.unknown()) });

/** `SESS…=…` / `SSESS…=…` pairs of Drupal's Set-Cookie headers: the session, nothing else it may set. */
function sessionCookieOf(headers: Headers): string | undefined {
  const pairs = headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0]!.trim())
    .filter((pair) => /^S?SESS[A-Za-z0-9_]*=[^;\s]+$/.test(pair) && !pair.endsWith('=deleted'));
  return pairs.length > 0 ? pairs.join('; ') : undefined;
}

async function cancelled<T>(response: Response, outcome: T): Promise<T> {
  await response.body?.cancel();
  return outcome;
}

/**
 * Drupal's JSON login: wrong credentials are its 400, flood control its 403. `ip`
 * is the visitor's: a Drupal that trusts Cloudflare as its reverse proxy then counts
 * failed logins per visitor, not per worker.
 */
export async function drupalLogIn(drupal: DrupalAt, name: string, pass: string, ip?: string): Promise<DrupalLogin> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (ip) headers['X-Forwarded-For'] = ip;
  let response: Response;
  // Not through origin.ts (no credentials, manual redirects), but in the request's log all the same.
  const ended = drupal.recorder?.start('POST', `${drupal.baseUrl}/user/login`);
  try {
    response = await fetch(`${drupal.baseUrl}/user/login?_format=json`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name, pass }),
      redirect: 'manual',
      signal: AbortSignal.timeout(drupal.timeoutMs),
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
  const answer = LoginAnswer.safeParse(await response.json().catch(() => null));
  const uid = answer.success ? answer.data.current_user.uid : NaN;
  const drupalCookie = sessionCookieOf(response.headers);
  if (!answer.success || !Number.isInteger(uid) || uid <= 0 || !drupalCookie) {
    console.warn('Вход редактора: ответ Drupal без сессии или без uid');
    return { ok: false, reason: 'unavailable' };
  }
  return { ok: true, uid, drupalCookie, logoutToken: answer.data.logout_token };
}

/** Ends the session in Drupal (204); a failure is logged, the local session ends anyway. */
export async function drupalLogOut(drupal: DrupalAt, session: Pick<DrupalSession, 'drupalCookie' | 'logoutToken'>): Promise<void> {
  // The path alone is recorded: the query carries the logout token.
  const ended = drupal.recorder?.start('POST', `${drupal.baseUrl}/user/logout`);
  try {
    const response = await fetch(`${drupal.baseUrl}/user/logout?_format=json&token=${encodeURIComponent(session.logoutToken)}`, {
      method: 'POST',
      headers: { Cookie: session.drupalCookie, Accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(drupal.timeoutMs),
    });
    await response.body?.cancel();
    ended?.(response.status);
    if (response.status !== 204 && response.status !== 200) console.warn(`Выход редактора: Drupal ответил ${response.status}`);
  } catch (error) {
    ended?.('unreachable');
    console.warn('Выход редактора: Drupal недоступен', error instanceof Error ? error.message : error);
  }
}

/** Drupal's `/user/login_status` answers 1 while its session lives; it throws when Drupal cannot say. */
export async function drupalSaysLoggedIn(drupal: DrupalAt, drupalCookie: string): Promise<boolean> {
  const { status, body } = await fetchFromOrigin(`${drupal.baseUrl}/user/login_status?_format=json`, {
    timeoutMs: drupal.timeoutMs,
    cookie: drupalCookie,
    recorder: drupal.recorder,
  });
  return status === 200 && (body === 1 || body === '1');
}

/**
 * A user's name, asked of Drupal with an editor's session for one page only: it is
 * shown, never stored or logged. Without an answer, none.
 */
export async function drupalUserName(drupal: DrupalAt, drupalCookie: string, uid: number): Promise<string | undefined> {
  try {
    const { status, body } = await fetchFromOrigin(`${drupal.baseUrl}/user/${uid}?_format=json`, {
      timeoutMs: drupal.timeoutMs,
      cookie: drupalCookie,
      recorder: drupal.recorder,
    });
    const answer = status === 200 ? UserAnswer.safeParse(body) : undefined;
    const name = answer?.success ? answer.data.name[0]!.value : undefined;
    return name || undefined;
  } catch {
    return undefined;
  }
}
