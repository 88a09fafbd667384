/**
 * The editors' own addresses (routes/editors.tsx): robots.txt keeps search engines
 * away from them and no page prefetches them, so that hovering a link never opens
 * a login or runs an editors' page ahead of a click. A trailing slash covers a folder.
 */
export const EDITORS_PAGES = ['/cache-rebuild.html', '/undelivered.html', '/auth_page_link.html', '/login', '/auth/'] as const;
