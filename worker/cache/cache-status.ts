export type CacheStatus = 'HIT' | 'MISS' | 'STALE';

/** A page is as stale as its stalest payload, and a miss anywhere means Drupal was asked. */
export function combineStatuses(statuses: readonly CacheStatus[]): CacheStatus | undefined {
  if (statuses.length === 0) return undefined;
  if (statuses.includes('STALE')) return 'STALE';
  if (statuses.includes('MISS')) return 'MISS';
  return 'HIT';
}
