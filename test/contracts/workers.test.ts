/**
 * The platform seams' contracts (cases/) against the Workers implementations, in workerd:
 * the bindings as the Workers platform builds them from wrangler.toml's (KV, D1, the
 * rate limiting binding, the Cache API, static assets, Queues, the slot holds' Durable Objects).
 * node.test.ts runs the same cases on Node.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { workersPlatform } from '../../worker/platform/workers/platform';
import { fileCacheContract } from './cases/file-cache';
import { keyValueStoreContract } from './cases/key-value-store';
import { leadQueueContract } from './cases/lead-queue';
import { logLinesContract } from './cases/log-lines';
import { pageCompressorContract } from './cases/page-compressor';
import { rateLimiterContract } from './cases/rate-limiter';
import { slotHoldsContract } from './cases/slot-holds';
import { staticAssetsContract } from './cases/static-assets';
import { undeliveredLeadsContract } from './cases/undelivered-leads';

const bindings = workersPlatform.bindings(env);
/** wrangler.toml's FORM_LIMITER: `simple = { limit = 5, period = 60 }`. */
const FORM_LIMIT = 5;
const FORM_LIMIT_PERIOD_SECONDS = 60;

const present = <T>(name: string, seam: T | undefined): T => {
  if (!seam) throw new Error(`${name} не подключён в wrangler.toml`);
  return seam;
};

describe('key-value store on Workers KV', () => keyValueStoreContract(() => present('DRUPAL_CACHE', bindings.DRUPAL_CACHE)));
describe('undelivered leads in D1', () => undeliveredLeadsContract(() => present('UNDELIVERED', bindings.UNDELIVERED)));
describe('rate limiter on the rate limiting binding', () =>
  rateLimiterContract(() => present('FORM_LIMITER', bindings.FORM_LIMITER), FORM_LIMIT, FORM_LIMIT_PERIOD_SECONDS));
describe('slot holds on Durable Objects', () => slotHoldsContract(() => present('SLOT_HOLDS', bindings.SLOT_HOLDS)));
describe('file cache in the Cache API', () => fileCacheContract(() => present('FILE_CACHE', bindings.FILE_CACHE)));
describe('static assets from the assets binding', () => staticAssetsContract(() => present('ASSETS', bindings.ASSETS)));
describe('lead queue on Cloudflare Queues', () => leadQueueContract(() => present('LEADS', bindings.LEADS)));
describe('log lines through console.log', () =>
  logLinesContract(
    () => present('LOG_LINES', bindings.LOG_LINES),
    () => Promise.resolve(),
  ));
describe("page compressor at Cloudflare's edge", () => {
  pageCompressorContract(
    () => present('PAGE_COMPRESSOR', bindings.PAGE_COMPRESSOR),
    () => Promise.reject(new Error('nothing to decode')),
  );
  it('makes none: the edge compresses every answer itself', () => {
    expect(bindings.PAGE_COMPRESSOR!.encodings).toEqual([]);
  });
});
