import type { KeyValueStore } from '../seams/seams';

/**
 * The editors' sessions in KV. The browser holds only an opaque random id; the
 * editor's Drupal session lives under the id's SHA-256, so neither a KV listing
 * nor a leaked key gives a usable cookie. Nothing personal is kept: no name, no
 * e-mail, no password — only what the worker needs to act as the editor.
 */

/** What KV keeps per session (worker-only; never sent to a browser). */
export interface StoredSession {
  drupalCookie: string;
  logoutToken: string;
  uid: number;
  /** Epoch ms; past it the session is over whatever Drupal says. */
  expiresAt: number;
}

/** A working day: long enough not to interrupt an editor, short enough for a forgotten browser. */
export const SESSION_SECONDS = 8 * 60 * 60;
const KV_PREFIX = 'editor-session:';

/** The key a session id is stored under: its SHA-256 in hex. */
export async function sessionHash(id: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(id));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The stored session, or null when there is none, it is not ours, or KV did not answer. */
export async function readSession(kv: KeyValueStore, hash: string): Promise<StoredSession | null> {
  try {
    const stored = await kv.get<StoredSession>(KV_PREFIX + hash, 'json');
    return stored && typeof stored.drupalCookie === 'string' && Number.isInteger(stored.uid) ? stored : null;
  } catch (error) {
    console.warn('Сессия редактора не прочитана из KV', error instanceof Error ? error.message : error);
    return null;
  }
}

/** Keeps a new session for as long as it lasts (KV forgets it then by itself). */
export async function saveSession(kv: KeyValueStore, hash: string, stored: StoredSession): Promise<void> {
  await kv.put(KV_PREFIX + hash, JSON.stringify(stored), { expirationTtl: SESSION_SECONDS });
}

export async function deleteSession(kv: KeyValueStore, hash: string): Promise<void> {
  await kv.delete(KV_PREFIX + hash);
}
