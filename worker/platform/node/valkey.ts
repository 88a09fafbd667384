/**
 * Connections to Valkey (or Redis: ioredis speaks both). Requests never wait for a
 * Valkey that is away: a command fails at once when the connection is down
 * (no offline queue) or after a second, and the caller serves from memory or Drupal.
 * BullMQ's worker holds blocking commands, so it gets a connection of its own.
 */
import { Redis, type RedisOptions } from 'ioredis';

const COMMAND_TIMEOUT_MS = 1_000;

const reconnect = (times: number) => Math.min(200 * times, 2_000);

/** For the site's own reads and writes, the lead producer and the rate limiter: fail fast. */
export const requestConnection = (url: string, options: RedisOptions = {}) =>
  new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: reconnect,
    lazyConnect: true,
    ...options,
  });

/** For BullMQ's worker and pub/sub: waits, reconnects, never times a blocking command out. */
export const blockingConnection = (url: string) =>
  new Redis(url, { maxRetriesPerRequest: null, retryStrategy: reconnect, lazyConnect: true });

/** Resolves once connected, or rejects with the reason after `ms`. */
export async function connected(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return;
  let last: unknown;
  const onError = (error: unknown) => (last = error);
  client.on('error', onError);
  try {
    if (client.status === 'wait') client.connect().catch(() => undefined);
    const until = Date.now() + ms;
    while ((client.status as string) !== 'ready') {
      if (Date.now() > until) throw new Error(last instanceof Error ? last.message : `состояние ${client.status}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    client.off('error', onError);
  }
}
