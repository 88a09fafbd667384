import { sitePathsOfDrupalUrl } from './drupal-entity-path';
import { parsePagePath } from './page-path';

/**
 * Where an entity's page lives when the visitor asked for it by another address
 * (`/Contacts.html`, `/node/24`): Drupal's alias lookup ignores letter case and
 * resolves a system path, and its `resolved` is the one canonical URL. Undefined
 * when the request is already there, or when `resolved` says nothing usable: it is
 * missing, on another host, or not a page path; then the page is served as it is.
 *
 * `requested` is the request's path, decoded, as it came (a trailing slash kept).
 */
export function canonicalPathOf(resolved: string | undefined, requested: string, drupalBaseUrl: string): string | undefined {
  if (!resolved) return undefined;
  const readings = sitePathsOfDrupalUrl(resolved, drupalBaseUrl).flatMap((path) => {
    const parsed = parsePagePath(path);
    return parsed.ok ? [parsed.path] : [];
  });
  if (readings.length === 0 || readings.includes(requested)) return undefined;
  // The path as Drupal wrote it: a leading two-letter segment may be the alias's own (`/lp/…`), and Drupal resolves its own prefix.
  return readings[0];
}

/** A decoded page path as a Location header carries it: Cyrillic and the like percent-encoded, the slashes kept. */
export const locationOf = (path: string): string => path.split('/').map(encodeURIComponent).join('/');
