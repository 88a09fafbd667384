/**
 * A post made by one of our own pages. Browsers say where a request comes from
 * (Sec-Fetch-Site, Origin); another site's page may not log anyone in or out or
 * purge the cache. A client that sends neither (curl, a test) is no browser
 * another site could steer, and is let through. `siteUrl` is the site's public
 * address; the request's own origin counts too (a preview or a developer's host).
 */
export function isOwnPost(request: Request, siteUrl: string): boolean {
  const site = request.headers.get('Sec-Fetch-Site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return false;
  const origin = request.headers.get('Origin');
  if (origin === null) return true;
  return origin === new URL(siteUrl).origin || origin === new URL(request.url).origin;
}
