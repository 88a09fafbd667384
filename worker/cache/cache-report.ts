import { combineStatuses, type CacheStatus } from './cache-status';

/**
 * Collects, per request, how each cached Drupal call was answered. A call settles
 * its status as soon as the cache lookup decides it (before any origin fetch
 * finishes, except when an expired copy waits on Drupal), so the page's X-Cache
 * header can be sent before slow payloads arrive.
 */
export class CacheReport {
  readonly #statuses: Promise<CacheStatus>[] = [];
  #freshUntil = Infinity;
  #answered: CacheStatus | undefined;

  #missed: (() => void) | undefined;
  #miss: Promise<void> | undefined;

  track(status: Promise<CacheStatus>): void {
    this.#statuses.push(status);
    if (this.#missed) this.#whenMiss(status, this.#missed);
  }

  #whenMiss(status: Promise<CacheStatus>, then: () => void): void {
    status.then(
      (answer) => answer === 'MISS' && then(),
      () => undefined,
    );
  }

  /** Resolves once a call of the request, tracked now or later, is decided to go to Drupal; never when none is. */
  firstMiss(): Promise<void> {
    return (this.#miss ??= new Promise<void>((resolve) => {
      this.#missed = resolve;
      for (const status of this.#statuses) this.#whenMiss(status, resolve);
    }));
  }

  /** A payload served fresh stays so until `time` (ms). */
  freshUntil(time: number): void {
    this.#freshUntil = Math.min(this.#freshUntil, time);
  }

  /** When the first payload served fresh turns stale (Infinity when none was). */
  get firstStale(): number {
    return this.#freshUntil;
  }

  async summary(): Promise<CacheStatus | undefined> {
    const status = combineStatuses(await Promise.all(this.#statuses));
    this.#answered ??= status;
    return status;
  }

  /**
   * How the response was answered, as first summed up for its headers (its X-Cache): calls
   * started later, by parts streamed after the headers, do not change it. Undefined before
   * then, or when the response made no cached call.
   */
  get answered(): CacheStatus | undefined {
    return this.#answered;
  }
}
