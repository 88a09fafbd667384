/**
 * The service worker: pages the visitor has read, the price list and
 * the contacts page stay readable without a network. No framework, one classic
 * script at /sw.js (vite.config.ts builds it and writes the build's version in).
 *
 * - Pages: network first. A public page that came whole (200, HTML, not private or
 *   no-store) is kept; with no network the kept copy is shown, else a calm page
 *   that says so and lists what can be read.
 * - /assets/ (hashed names, never changed in place): cache first.
 * - Drupal's images (/sites/default/files/): network first, the last few dozen kept.
 * - Never: anything but GET, other origins, /api/, search results, the editors'
 *   pages, or a response marked private or no-store (every answer to an editor's
 *   session is, worker/middleware/editor.ts).
 *
 * Every cache carries the build's version: a new deploy installs a new worker,
 * which takes over the open pages at once and deletes every older cache.
 */
import { isEditorsPage } from '../common/editors-pages';
import type { KeepMessage } from '../common/offline';
import { OFFLINE_CACHE_PREFIX } from '../common/offline-caches';

// The client's TypeScript program has the DOM's types, not a worker's: what this file uses of a service worker's.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}
declare const self: ServiceWorkerScope;

/** Replaced by the build with a hash of every file it wrote (vite.config.ts). */
const VERSION = '__OFFLINE_VERSION__';
const PAGES = `${OFFLINE_CACHE_PREFIX}pages-${VERSION}`;
const PINNED = `${OFFLINE_CACHE_PREFIX}pinned-${VERSION}`;
const ASSETS = `${OFFLINE_CACHE_PREFIX}assets-${VERSION}`;
const IMAGES = `${OFFLINE_CACHE_PREFIX}images-${VERSION}`;
/** Pages and images a device keeps at most: the oldest go first. */
const MAX_PAGES = 50;
const MAX_IMAGES = 60;
const FILES = '/sites/default/files/';

type Kind = 'page' | 'asset' | 'image' | null;

/** What a same-origin GET is to this worker; null for what it leaves alone. */
function kindOf(url: URL, navigate: boolean): Kind {
  if (url.origin !== self.location.origin) return null;
  const path = url.pathname;
  if (path.startsWith('/api/') || path.startsWith('/search/') || path === '/search.html' || isEditorsPage(path) || path === '/sw.js')
    return null;
  if (path.startsWith('/assets/')) return 'asset';
  if (path.startsWith(FILES)) return 'image';
  return navigate ? 'page' : null;
}

/** A response a device may keep for anyone who uses it: whole, public, and no cookie set with it. */
function keepable(response: Response, type: string): boolean {
  if (response.status !== 200 || response.type !== 'basic' || response.headers.has('Set-Cookie')) return false;
  if (/\b(private|no-store)\b/i.test(response.headers.get('Cache-Control') ?? '')) return false;
  return (response.headers.get('Content-Type') ?? '').startsWith(type);
}

/** Keeps `response` under `key`, then lets the oldest entries go past `max`. */
async function keep(cacheName: string, key: string, response: Response, max?: number) {
  const cache = await caches.open(cacheName);
  await cache.put(key, response);
  if (!max) return;
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(keys.length - max, 0)).map((old) => cache.delete(old)));
}

const pageKey = (url: URL) => url.origin + url.pathname + url.search;

/** A page, fresh when there is a network; kept where it belongs (the pinned pages stay apart). */
async function page(event: FetchEvent, url: URL): Promise<Response> {
  try {
    const response = await fetch(event.request);
    if (keepable(response, 'text/html')) {
      const copy = response.clone();
      const pinned = await (await caches.open(PINNED)).match(pageKey(url));
      event.waitUntil(pinned ? keep(PINNED, pageKey(url), copy) : keep(PAGES, pageKey(url), copy, MAX_PAGES));
    }
    return response;
  } catch (error) {
    const kept = (await caches.match(pageKey(url))) ?? (await caches.match(pageKey(url), { ignoreSearch: true }));
    if (kept) return kept;
    if (event.request.mode !== 'navigate') throw error;
    return offlinePage();
  }
}

async function asset(event: FetchEvent): Promise<Response> {
  const cached = await caches.match(event.request, { cacheName: ASSETS });
  if (cached) return cached;
  const response = await fetch(event.request);
  if (response.status === 200 && response.type === 'basic') event.waitUntil(keep(ASSETS, event.request.url, response.clone()));
  return response;
}

async function image(event: FetchEvent): Promise<Response> {
  try {
    const response = await fetch(event.request);
    if (keepable(response, 'image/')) event.waitUntil(keep(IMAGES, event.request.url, response.clone(), MAX_IMAGES));
    return response;
  } catch (error) {
    const cached = await caches.match(event.request.url, { cacheName: IMAGES });
    if (cached) return cached;
    throw error;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The kept pages as links, each with its own title (read from the kept copy). */
async function keptLinks(): Promise<string> {
  const links: string[] = [];
  for (const name of [PINNED, PAGES]) {
    const cache = await caches.open(name);
    for (const request of [...(await cache.keys())].reverse()) {
      const html = await (await cache.match(request))?.text();
      const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html ?? '')?.[1]?.trim();
      const url = new URL(request.url);
      links.push(`<li><a href="${escapeHtml(url.pathname + url.search)}">${title || escapeHtml(url.pathname)}</a></li>`);
    }
  }
  return links.length ? `<h2>Доступны без сети</h2><ul>${links.join('')}</ul>` : '';
}

/** What a page not kept on this device shows with no network: calm, in the site's colours, and where to go instead. */
async function offlinePage(): Promise<Response> {
  const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Нет соединения</title><style>
body{margin:0;background:#fcfaf8;color:#231f26;font:1rem/1.6 Manrope,system-ui,sans-serif}
main{max-width:40rem;margin:0 auto;padding:3rem 1.25rem}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 1rem}h2{font-size:1.125rem;margin:2rem 0 .5rem}
p{color:#4a4450}a{color:#8c3f5b}ul{padding-left:1.25rem}li{margin:.25rem 0}
.button{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border-radius:999px;background:#a4506d;color:#fff;text-decoration:none;font-weight:600}
</style></head><body><main id="main" class="offline-page">
<h1>Нет соединения с интернетом</h1>
<p>Эта страница ещё не сохранена на вашем устройстве, поэтому без сети её не открыть. Страницы, которые вы уже открывали, доступны и сейчас.</p>
${await keptLinks()}
<a class="button" href="">Попробовать ещё раз</a>
</main></body></html>`;
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
}

/** What a page asks to keep: what it loaded before this worker saw it, and the pinned pages if they are not here yet. */
async function keepAsked(message: KeepMessage) {
  const fetchInto = async (url: string, cacheName: string, type: string, max?: number) => {
    const parsed = new URL(url, self.location.href);
    const kind = kindOf(parsed, type === 'text/html');
    if (!kind || (await caches.match(parsed.href, { cacheName }))) return;
    const response = await fetch(parsed.href, { credentials: 'same-origin' });
    if (keepable(response, kind === 'asset' ? '' : type))
      await keep(cacheName, kind === 'page' ? pageKey(parsed) : parsed.href, response, max);
    // A body nobody reads holds its connection to the site, one of the few the browser opens to it, until collected.
    else await response.body?.cancel();
  };
  const tasks = [
    ...message.pinned.map((url) => fetchInto(url, PINNED, 'text/html')),
    ...message.pages.map((url) => fetchInto(url, PAGES, 'text/html', MAX_PAGES)),
    ...message.assets.map((url) => (url.includes(FILES) ? fetchInto(url, IMAGES, 'image/', MAX_IMAGES) : fetchInto(url, ASSETS, ''))),
  ];
  await Promise.all(tasks.map((task) => task.catch(() => undefined)));
}

self.addEventListener('install', (event) => event.waitUntil(self.skipWaiting()));

/** A new build's worker deletes the caches of the one before it and takes over the open pages at once. */
self.addEventListener('activate', (event) => {
  const current = new Set([PAGES, PINNED, ASSETS, IMAGES]);
  event.waitUntil(
    caches.keys().then(async (names) => {
      const older = names.filter((name) => name.startsWith(OFFLINE_CACHE_PREFIX) && !current.has(name));
      await Promise.all(older.map((name) => caches.delete(name)));
      await self.clients.claim();
    }),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const kind = kindOf(url, request.mode === 'navigate');
  if (kind === 'page') event.respondWith(page(event, url));
  else if (kind === 'asset') event.respondWith(asset(event));
  else if (kind === 'image') event.respondWith(image(event));
});

self.addEventListener('message', (event) => {
  const data = event.data as Partial<KeepMessage> | null;
  if (data?.type !== 'keep') return;
  event.waitUntil(keepAsked({ type: 'keep', pinned: data.pinned ?? [], pages: data.pages ?? [], assets: data.assets ?? [] }));
});
