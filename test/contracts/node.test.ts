/**
 * The platform seams' contracts (cases/) against the Node implementations, on the real
 * Valkey that test/node/setup.ts starts (its `valkeyUrl`), files on a temporary disk and
 * the built browser files. workers.test.ts runs the same cases in workerd.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from '../../scripts/servers';
import { PURGE_ALL_KEY, TAGS_KEY } from '../../worker/cache/purge-records';
import { staticAssets } from '../../worker/platform/node/assets';
import { diskFileCache } from '../../worker/platform/node/file-cache';
import { nodeLeadQueue } from '../../worker/platform/node/lead-queue';
import { batchedLogLines } from '../../worker/platform/node/log-lines';
import { zlibPageCompressor } from '../../worker/platform/node/page-compressor';
import { valkeyRateLimiter } from '../../worker/platform/node/rate-limiter';
import { readNodeSettings } from '../../worker/platform/node/settings';
import { valkeySlotHolds } from '../../worker/platform/node/slot-holds';
import { valkeyUndeliveredLeads } from '../../worker/platform/node/undelivered';
import { requestConnection } from '../../worker/platform/node/valkey';
import { valkeyStore } from '../../worker/platform/node/valkey-store';
import { fileCacheContract } from './cases/file-cache';
import { keyValueStoreContract } from './cases/key-value-store';
import { leadQueueContract } from './cases/lead-queue';
import { logLinesContract } from './cases/log-lines';
import { pageCompressorContract } from './cases/page-compressor';
import { rateLimiterContract } from './cases/rate-limiter';
import { slotHoldsContract } from './cases/slot-holds';
import { staticAssetsContract } from './cases/static-assets';
import { undeliveredLeadsContract } from './cases/undelivered-leads';

const valkey = requestConnection(inject('valkeyUrl'));
await valkey.connect();
// Every key of this file under its own prefix: other files share the Valkey.
const prefix = `contract-${randomUUID().slice(0, 8)}:`;
const stateDir = mkdtempSync(join(tmpdir(), 'clinic-contracts-'));
// The same defaults the Node target starts with (wrangler.toml's rate limit and queue retries).
const settings = readNodeSettings(ROOT, { STATE_DIR: stateDir });

const store = valkeyStore(valkey, { prefix: `${prefix}kv:`, announced: [PURGE_ALL_KEY, TAGS_KEY] });
const undelivered = valkeyUndeliveredLeads(valkey, { prefix });
const holds = valkeySlotHolds(valkey, { prefix });
const limiter = valkeyRateLimiter(valkey, { prefix, ...settings.formLimit });
const files = diskFileCache(join(stateDir, 'files'), settings.filesMaxBytes);
const assets = staticAssets(settings.assetsDir);
const queue = nodeLeadQueue(valkey, { prefix: `${prefix}bull`, spoolDir: join(stateDir, 'lead-spool'), attempts: settings.leadAttempts });

afterAll(async () => {
  await queue.close();
  await valkey.quit();
  rmSync(stateDir, { recursive: true, force: true });
});

describe('key-value store on Valkey', () => keyValueStoreContract(() => store));
describe('key-value store on Valkey, busy', () => {
  it('asks Valkey once for a key read by many requests at the same moment', async () => {
    let gets = 0;
    // The same connection, its GETs counted.
    const counted = new Proxy(valkey, {
      get: (target, name, receiver) =>
        name === 'get'
          ? (...args: Parameters<typeof valkey.get>) => {
              gets++;
              return target.get(...args);
            }
          : Reflect.get(target, name, receiver),
    });
    const busy = valkeyStore(counted, { prefix: `${prefix}busy:`, announced: [] });
    await busy.put('payload', 'x'.repeat(100_000), { metadata: { fu: 1 } });
    const reads = await Promise.all(Array.from({ length: 50 }, () => busy.getWithMetadata<{ fu: number }>('payload', 'text')));
    expect(reads.every(({ value, metadata }) => value?.length === 100_000 && metadata?.fu === 1)).toBe(true);
    expect(gets).toBe(1);
    // Once answered, the next read asks again.
    await busy.get('payload');
    expect(gets).toBe(2);
  });
});
describe('undelivered leads in Valkey', () => undeliveredLeadsContract(() => undelivered));
describe('rate limiter on Valkey', () => rateLimiterContract(() => limiter, settings.formLimit.limit, settings.formLimit.periodSeconds));
describe('slot holds in Valkey', () => slotHoldsContract(() => holds));
describe('file cache on disk', () => fileCacheContract(() => files));
describe('static assets from dist/client', () => staticAssetsContract(() => assets));
describe('lead queue on BullMQ', () => leadQueueContract(() => queue));
describe('log lines, a turn of the event loop at a time', () => {
  const turn = () => new Promise<void>((done) => setImmediate(done));
  logLinesContract(batchedLogLines, turn);
  it('writes nothing while the request that wrote a line is still being answered, and all of it at once after', async () => {
    const texts: string[] = [];
    const out = batchedLogLines((text) => texts.push(text));
    out.write('{"n":1}');
    out.write('{"n":2}');
    expect(texts).toEqual([]);
    await turn();
    expect(texts).toEqual(['{"n":1}\n{"n":2}']);
  });
  it('writes what waits at once when the process stops (flush)', () => {
    const texts: string[] = [];
    const out = batchedLogLines((text) => texts.push(text));
    out.write('{"n":1}');
    out.flush();
    expect(texts).toEqual(['{"n":1}']);
  });
});
describe('page compressor on zlib', () => {
  pageCompressorContract(
    zlibPageCompressor,
    async (bytes, encoding) => new Uint8Array(encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes)),
  );
  it('makes brotli, then gzip', () => {
    expect(zlibPageCompressor().encodings).toEqual(['br', 'gzip']);
  });
});
