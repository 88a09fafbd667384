import type { FileCache } from '../../seams/seams';

/** Drupal's files kept for outages on Workers: the Cache API's default cache of the data centre (none outside workerd). */
export const edgeFileCache = (): FileCache | undefined => (globalThis as { caches?: { default?: FileCache } }).caches?.default;
