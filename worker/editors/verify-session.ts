import type { KeyValueStore } from '../seams/seams';
import { isolate } from '../cache/isolate';
import { isSessionId } from './cookie';
import { drupalSaysLoggedIn, type DrupalAt } from './drupal-session';
import type { Editor } from '../cache/checked-sessions';
import { readSession, sessionHash } from './session-store';

/**
 * What a session cookie is worth: an editor; no session (forged, expired, or ended in
 * Drupal; `hash` names a stored one to forget); or unknown, when Drupal cannot say.
 */
export type Verdict = { kind: 'editor'; editor: Editor } | { kind: 'invalid'; hash?: string } | { kind: 'unknown' };

/** The editor behind a session id: the isolate's memo, else KV and Drupal's own word. */
export async function verifySession(kv: KeyValueStore, drupal: DrupalAt, id: string): Promise<Verdict> {
  if (!isSessionId(id)) return { kind: 'invalid' };
  const hash = await sessionHash(id);
  const known = isolate().checkedSessions.recent(hash);
  if (known) return { kind: 'editor', editor: known };
  const stored = await readSession(kv, hash);
  if (!stored || Date.now() >= stored.expiresAt) return { kind: 'invalid', hash: stored ? hash : undefined };
  let alive: boolean;
  try {
    alive = await drupalSaysLoggedIn(drupal, stored.drupalCookie);
  } catch (error) {
    // Drupal cannot say: this request is a visitor's, but the session is kept for when it answers again.
    console.warn('Сессия редактора не проверена: Drupal не ответил', error instanceof Error ? error.message : error);
    return { kind: 'unknown' };
  }
  if (!alive) return { kind: 'invalid', hash };
  const editor = { uid: stored.uid, drupalCookie: stored.drupalCookie };
  isolate().checkedSessions.remember(hash, editor);
  return { kind: 'editor', editor };
}
