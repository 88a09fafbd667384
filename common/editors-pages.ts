/**
 * The editors' own addresses (worker/routes/editors/): robots.txt keeps search engines
 * away from them, no page prefetches them, and the service worker (client/sw.ts) never
 * keeps them, so that hovering a link never opens a login or runs an editors' page
 * ahead of a click and no device holds what an editor saw. A trailing slash covers a folder.
 */
export const EDITORS_PAGES = ['/cache-rebuild.html', '/undelivered.html', '/auth_page_link.html', '/login', '/auth/'] as const;

/** Whether `path` is one of the editors' pages, or inside one of their folders. */
export const isEditorsPage = (path: string) => EDITORS_PAGES.some((page) => (page.endsWith('/') ? path.startsWith(page) : path === page));
