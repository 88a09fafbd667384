/**
 * Hostile inputs: the requests, and what each may cost at Drupal. Paths are sent byte for byte.
 */

export interface HostileCase {
  name: string;
  path: string;
  /**
   * `files`: the /sites/default/files proxy, which must never reach Drupal's API; `page`: a path
   * that is no page; `known`: a real page with a hostile header, whose own calls are legitimate.
   */
  kind: 'page' | 'files' | 'known';
  headers?: Record<string, string>;
}

const FILES = '/sites/default/files';
const TRAVERSAL_API = 'jsonapi/node/news';

export const BOGUS_HOST = 'evil.example';

export const HOSTILE_CASES: readonly HostileCase[] = [
  // Length: refused cheaply, not passed on to Drupal.
  { name: 'path of 5 000 characters', path: `/${'a'.repeat(4_994)}.html`, kind: 'page' },
  { name: 'path of 60 000 characters', path: `/${'a'.repeat(59_994)}.html`, kind: 'page' },
  // Encoded traversal on pages.
  { name: 'page: %2e%2e traversal', path: `/%2e%2e/%2e%2e/${TRAVERSAL_API}`, kind: 'page' },
  { name: 'page: %5c traversal', path: `/..%5c..%5c${TRAVERSAL_API.replaceAll('/', '%5c')}`, kind: 'page' },
  {
    name: 'page: double-encoded %252e%252e',
    path: `/%252e%252e%252f%252e%252e%252f${TRAVERSAL_API.replaceAll('/', '%252f')}`,
    kind: 'page',
  },
  { name: 'page: mixed ..%2f%2e%2e%5c', path: `/news.html/..%2f%2e%2e%5c..%2f${TRAVERSAL_API}`, kind: 'page' },
  // Encoded traversal through the files proxy.
  { name: 'files: ..%5c to JSON:API', path: `${FILES}/..%5c..%5c..%5cjsonapi%5cnode%5cnews`, kind: 'files' },
  { name: 'files: ..%5c to /__demo/requests', path: `${FILES}/..%5c..%5c..%5c__demo%5crequests`, kind: 'files' },
  { name: 'files: %2e%2e/ to JSON:API', path: `${FILES}/%2e%2e/%2e%2e/%2e%2e/${TRAVERSAL_API}`, kind: 'files' },
  { name: 'files: ..%2f to JSON:API', path: `${FILES}/..%2f..%2f..%2f${TRAVERSAL_API.replaceAll('/', '%2f')}`, kind: 'files' },
  {
    name: 'files: double-encoded %252e%252e%252f',
    path: `${FILES}/%252e%252e%252f%252e%252e%252f%252e%252e%252f${TRAVERSAL_API.replaceAll('/', '%252f')}`,
    kind: 'files',
  },
  { name: 'files: mixed %2e%2e%5c and ..%2f', path: `${FILES}/%2e%2e%5c..%2f%2e%2e/router%5ctranslate-path%3fpath=%2f`, kind: 'files' },
  { name: 'files: NUL before an image type', path: `${FILES}/news/x.php%00.svg`, kind: 'files' },
  { name: 'files: invalid UTF-8', path: `${FILES}/%C3%28.png`, kind: 'files' },
  { name: 'files: unexpected type (.php)', path: `${FILES}/index.php`, kind: 'files' },
  { name: 'files: 5 000 characters', path: `${FILES}/${'a'.repeat(4_970)}.png`, kind: 'files' },
  // NUL and invalid UTF-8 on pages.
  { name: 'page: NUL (%00)', path: '/o-klinike.html%00', kind: 'page' },
  { name: 'page: NUL alone', path: '/%00', kind: 'page' },
  { name: 'page: invalid UTF-8 %C3%28', path: '/%C3%28.html', kind: 'page' },
  { name: 'page: invalid UTF-8 %FF', path: '/%FF', kind: 'page' },
  // Page numbers: a 17+ digit one froze the worker.
  { name: 'news page: 400 digits', path: `/news.html/${'9'.repeat(400)}`, kind: 'page' },
  { name: 'news page: 1e9', path: '/news.html/1e9', kind: 'page' },
  { name: 'news page: -1', path: '/news.html/-1', kind: 'page' },
  { name: 'news page: 2.5', path: '/news.html/2.5', kind: 'page' },
  { name: 'news page: 99999999999999999999', path: '/news.html/99999999999999999999', kind: 'page' },
  // Headers.
  { name: 'bogus Host on /', path: '/', kind: 'known', headers: { Host: BOGUS_HOST } },
  { name: 'bogus Host on a redirect (/smas.html)', path: '/smas.html', kind: 'page', headers: { Host: BOGUS_HOST } },
  { name: 'bogus Host on an unknown page', path: '/net-takoi-stranicy-host.html', kind: 'page', headers: { Host: BOGUS_HOST } },
  { name: 'CRLF in the path', path: '/%0d%0aSet-Cookie:x=y', kind: 'page' },
  { name: 'CRLF in a news page number', path: '/news.html/%0d%0aSet-Cookie:x=y', kind: 'page' },
  // The demo's malicious redirects: //evil.example/x (301) and javascript:alert(1) (302).
  { name: 'redirect to a foreign host (/go/partner)', path: '/go/partner', kind: 'page' },
  { name: 'redirect to javascript: (/go/promo)', path: '/go/promo', kind: 'page' },
];

/** Pages whose frame (blocks, metatags, breadcrumb) an error answer may load: the same for every bad path. */
const ERROR_FRAME_PAGES = new Set([
  '/400',
  '/400.html',
  '/403',
  '/403.html',
  '/404',
  '/404.html',
  '/500.html',
  '/503.html',
  '/stranica-ne-najdena.html',
  '/dostup-zapreshchen.html',
]);
const FRAME_CALLS = new Set(['/blocks_for_page', '/blocks_for_page/metatag', '/breadcrumb_headless']);

/**
 * May a hostile page request cause this origin call? Only the two lookups that decide what a
 * path is, and calls that do not depend on the path: menus, the services menu, the error page
 * node, and the error page's own frame.
 */
export function allowedPageCall(key: string): boolean {
  const url = new URL(key, 'http://drupal.invalid');
  const path = url.pathname;
  if (path === '/router/translate-path' || path === '/decoupled_kit/redirect') return true;
  if (path.startsWith('/blocks_for_page/menu/')) return true;
  if (path === '/blocks_for_page/special_links/services.html') return true;
  if (path === '/jsonapi/node/page') return true;
  const page = url.searchParams.get('page');
  return FRAME_CALLS.has(path) && page !== null && ERROR_FRAME_PAGES.has(page);
}

const FILE_TYPES = /\.(?:svg|png|jpe?g|gif|webp|avif|ico|pdf|docx?|xlsx?|pptx?|odt|ods|txt|rtf|zip|mp4|webm|mp3)$/i;

/**
 * May a hostile files-proxy request cause this origin call? Drupal's real files are static and
 * not counted; the demo counts a file it does not have. So: only a file of an expected type that
 * stayed inside /sites/default/files (no NUL, no backslash, no dot segment left).
 */
export function allowedFilesCall(key: string): boolean {
  const path = key.split('?')[0]!;
  return (
    path.startsWith('/sites/default/files/') &&
    !/%00|%5c|\\|%2e%2e|\/\.\.?(?:\/|$)/i.test(path) &&
    FILE_TYPES.test(path) &&
    !key.includes('?')
  );
}

export interface Verdict {
  /** Origin calls the request should not have caused. */
  forbiddenCalls: string[];
  /** Signs in the answer that it came from somewhere Drupal should not have been asked (uncounted, e.g. /__demo/*). */
  leaks: string[];
  /** Why the answer itself is unsafe. */
  unsafe: string[];
}

export interface Answer {
  status: number | 'timeout' | 'error';
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function judge(hostile: HostileCase, calls: Record<string, number>, answer: Answer, siteUrl: string): Verdict {
  const keys = Object.keys(calls);
  const allowed = { files: allowedFilesCall, page: allowedPageCall, known: () => true }[hostile.kind];
  const forbiddenCalls = keys.filter((k) => !allowed(k));
  const unsafe: string[] = [];
  const leaks: string[] = [];

  const location = first(answer.headers['location']);
  if (location !== undefined) {
    let target: URL | null = null;
    try {
      target = new URL(location, siteUrl);
    } catch {
      unsafe.push(`unparseable Location ${JSON.stringify(location)}`);
    }
    if (target && target.origin !== new URL(siteUrl).origin) unsafe.push(`redirects off the site: Location ${JSON.stringify(location)}`);
  }
  const cookies = answer.headers['set-cookie'];
  if ((Array.isArray(cookies) ? cookies : cookies ? [cookies] : []).some((c) => /^\s*x=y/i.test(c)))
    unsafe.push('injected Set-Cookie: x=y');
  if (Object.keys(answer.headers).some((name) => name.toLowerCase().includes('set-cookie:x'))) unsafe.push('injected header');

  if (hostile.kind === 'files' && answer.status === 200) {
    const type = first(answer.headers['content-type']) ?? '';
    if (/json/i.test(type) || /^\s*[[{]/.test(answer.body))
      leaks.push(`the files proxy answered 200 ${type || 'without a type'}: ${answer.body.slice(0, 80)}…`);
  }
  if (hostile.headers?.Host && answer.body.includes(BOGUS_HOST)) unsafe.push(`the page links the bogus Host ${BOGUS_HOST}`);
  return { forbiddenCalls, leaks, unsafe };
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
