/**
 * Every cache the service worker (client/sw.ts) opens starts with this; the build's
 * version follows. Imported by the service worker alone (and the tests), so that it
 * stays inside the worker's one script.
 */
export const OFFLINE_CACHE_PREFIX = 'offline-';
