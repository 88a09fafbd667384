/**
 * A call to an origin (Drupal, the CRM) that gave no usable answer. The clients throw it; it
 * lives here, with the cache, because the cache decides on it (a stale copy served, the
 * breaker counting). `unhealthy` says whether it speaks of the origin itself (unreachable,
 * too slow, 5xx, a body that is not JSON at all), which the circuit breaker counts, or only
 * of this one call (a 4xx, a shape we did not expect).
 */
export class OriginError extends Error {
  readonly unhealthy: boolean;

  constructor(
    message: string,
    readonly status?: number,
    options: { unhealthy?: boolean; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'OriginError';
    this.unhealthy = options.unhealthy ?? (status === undefined || status >= 500);
  }
}
