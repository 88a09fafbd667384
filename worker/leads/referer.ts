/**
 * The page to name as the submit call's Referer (webform records it as the
 * submission's `uri`): the lead's page only when it is an http(s) page of this
 * site, never whatever address a body or a browser claimed.
 */
export function sitePage(url: string | undefined, siteOrigins: readonly string[]): string | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  if (!siteOrigins.includes(parsed.origin) || parsed.username || parsed.password) return undefined;
  parsed.hash = '';
  return parsed.href;
}
