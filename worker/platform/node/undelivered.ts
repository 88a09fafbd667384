/**
 * Undelivered leads on Node: one Valkey hash, `<prefix>undelivered`, record id → the
 * record as JSON, with no expiry (Valkey with AOF keeps it across restarts). Unlike
 * the site's cache, these commands are not given up after a second's timeout by the
 * caller: a dead letter is only removed from BullMQ once `add` has succeeded.
 */
import type { Redis } from 'ioredis';
import type { UndeliveredLeads, UndeliveredRecord } from '../../seams/seams';

export function valkeyUndeliveredLeads(valkey: Redis, options: { prefix: string }): UndeliveredLeads {
  const key = `${options.prefix}undelivered`;
  const parse = (value: string | null): UndeliveredRecord | null => {
    if (!value) return null;
    try {
      return JSON.parse(value) as UndeliveredRecord;
    } catch {
      return null;
    }
  };
  return {
    async add(record) {
      await valkey.hset(key, record.id, JSON.stringify(record));
    },
    async list() {
      const records = (await valkey.hvals(key)).map(parse).filter((r): r is UndeliveredRecord => r !== null);
      return records.sort((a, b) => b.failedAt.localeCompare(a.failedAt) || a.id.localeCompare(b.id));
    },
    async get(id) {
      return parse(await valkey.hget(key, id));
    },
    async remove(id) {
      await valkey.hdel(key, id);
    },
    count() {
      return valkey.hlen(key);
    },
  };
}
