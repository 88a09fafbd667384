import { parsePagePath } from '../paths/page-path';
import { isInternalPath } from '../paths/redirect-target';

/**
 * A path the editor typed (or pasted as a full address of this site) as the page
 * path the cache knows: docs/requirements.md §5's internal path, decoded, without its query.
 * `origins` are this site's: its public address and the request's own.
 */
export function purgePathOf(typed: string, origins: readonly string[]): string | null {
  let path = typed.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      const url = new URL(path);
      if (!origins.includes(url.origin)) return null;
      path = url.pathname;
    } catch {
      return null;
    }
  }
  if (!isInternalPath(path)) return null;
  const parsed = parsePagePath(path.replace(/[?#].*$/, ''));
  return parsed.ok ? parsed.path : null;
}
