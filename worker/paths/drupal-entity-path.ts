import { isInternalPath } from './redirect-target';

/** A leading segment that may be Drupal's language prefix (`/ru/…`, `/en/…`, `/pt-br/…`). */
const LANGUAGE_PREFIX = /^\/[a-z]{2}(?:-[a-z]{2,4})?(?=\/|$)/i;

/**
 * The site paths an entity URL of Drupal's may be: the `next` module's path revalidator sends
 * `$entity->toUrl()->toString()`, which carries Drupal's base path (a DRUPAL_BASE_URL with a
 * sub-path) and, on a multilingual site, a language prefix; the site's pages have neither. Which
 * leading two letters are a prefix cannot be told from here, so both readings are given (purging
 * one key too many costs nothing): the path as Drupal wrote it first. Empty when the URL is not on
 * the configured Drupal, or not a page path.
 */
export function sitePathsOfDrupalUrl(url: string, drupalBaseUrl: string): string[] {
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return [];
    }
    if (parsed.origin !== new URL(drupalBaseUrl).origin) return [];
    path = parsed.pathname;
  }
  const base = new URL(drupalBaseUrl).pathname.replace(/\/$/, '');
  if (base && (path === base || path.startsWith(`${base}/`))) path = path.slice(base.length) || '/';
  const withoutLanguage = path.replace(LANGUAGE_PREFIX, '') || '/';
  return [...new Set([path, withoutLanguage])].filter(isInternalPath);
}
