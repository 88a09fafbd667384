import { combineStatuses, type CacheStatus } from './cache-status';

/**
 * Collects, per request, how each cached Drupal call was answered. A call settles
 * its status as soon as the cache lookup decides it (before any origin fetch
 * finishes, except when an expired copy waits on Drupal), so the page's X-Cache
 * header can be sent before slow payloads arrive.
 */
export class CacheReport {
  readonly #statuses: Promise<CacheStatus>[] = [];

  track(status: Promise<CacheStatus>): void {
    this.#statuses.push(status);
  }

  async summary(): Promise<CacheStatus | undefined> {
    return combineStatuses(await Promise.all(this.#statuses));
  }
}
