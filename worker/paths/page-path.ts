/**
 * The page path as Drupal knows it, from the request's percent-encoded path:
 * decoded once, without a trailing slash. A path that cannot be one of Drupal's
 * (invalid UTF-8, control characters, backslashes, dot segments, a second layer
 * of encoding, or longer than any alias) is refused before Drupal is asked.
 */
const MAX_PATH_LENGTH = 1024;
const UNSAFE = /[\u0000-\u001f\u007f\\]|%[0-9a-f]{2}|(^|\/)\.{1,2}(\/|$)/i;

export type PagePath = { ok: true; path: string } | { ok: false };

export function parsePagePath(encodedPath: string): PagePath {
  let path: string;
  try {
    path = decodeURIComponent(encodedPath);
  } catch {
    return { ok: false };
  }
  if (path.length > MAX_PATH_LENGTH || UNSAFE.test(path)) return { ok: false };
  return { ok: true, path: path.length > 1 ? path.replace(/\/+$/, '') || '/' : path };
}
