import { parsePagePath } from '../../paths/page-path';

/**
 * One page's path as two of Drupal's addresses of it compare (docs/drupal.md, "The stock model"): a
 * menu link's URL may be percent-encoded and end in a slash, a page's alias is decoded, and Drupal's
 * alias lookup ignores letter case. Query and fragment are dropped. Undefined for an absolute URL
 * (another host's page, or Drupal's own that a menu should not hold) and anything that is no path.
 */
export function pageKey(url: string | undefined): string | undefined {
  const path = url?.trim().replace(/[?#].*$/, '');
  if (!path?.startsWith('/') || path.startsWith('//')) return undefined;
  // An alias may come decoded (`/услуги.html`) or encoded (`/%D1%83…`); parsePagePath decodes once.
  const parsed = parsePagePath(/%[0-9a-f]{2}/i.test(path) ? path : encodeURI(path));
  return parsed.ok ? parsed.path.toLowerCase() : undefined;
}
