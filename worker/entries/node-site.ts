/**
 * The site on Node: the same Hono app as on Workers, given bindings built on Valkey
 * (seams/seams.ts), the built browser files served before it, and the leads
 * queue's consumer in the same process. `startNodeSite` is used by the server
 * (node-server.ts), the tests and the benchmark alike.
 */
import { createApp } from '../app';
import type { Bindings } from '../config/bindings';
import { PURGE_ALL_KEY, TAGS_KEY } from '../cache/purge-records';
import { isolate } from '../cache/isolate';
import { staticAssets } from '../platform/node/assets';
import { background } from '../platform/node/background';
import { diskFileCache } from '../platform/node/file-cache';
import { installHtmlRewriter } from '../platform/node/html-rewriter';
import { leadConsumer, sweepDeadLetters } from '../platform/node/lead-consumer';
import { nodeLeadQueue } from '../platform/node/lead-queue';
import { batchedLogLines } from '../platform/node/log-lines';
import { zlibPageCompressor } from '../platform/node/page-compressor';
import { valkeyRateLimiter } from '../platform/node/rate-limiter';
import { nodePlatform } from '../platform/node/platform';
import { valkeySlotHolds } from '../platform/node/slot-holds';
import { valkeyUndeliveredLeads } from '../platform/node/undelivered';
import type { NodeSettings } from '../platform/node/settings';
import { blockingConnection, connected, requestConnection } from '../platform/node/valkey';
import { CHANGES_CHANNEL, valkeyStore } from '../platform/node/valkey-store';

const CONNECT_TIMEOUT_MS = 5_000;

export interface NodeSite {
  bindings: Bindings;
  /** One request through the site: a built file, or the app. */
  fetch(request: Request): Promise<Response>;
  /** Stops consuming leads, waits for deliveries and background work, closes the connections. */
  close(): Promise<void>;
}

/** Valkey is required at start-up: a clear Russian reason when it is not there. */
export class ValkeyMissing extends Error {}

export async function startNodeSite(settings: NodeSettings, options: { consumeLeads?: boolean } = {}): Promise<NodeSite> {
  installHtmlRewriter();
  const valkey = requestConnection(settings.valkeyUrl);
  valkey.on('error', () => undefined);
  try {
    await connected(valkey, CONNECT_TIMEOUT_MS);
  } catch (error) {
    valkey.disconnect();
    throw new ValkeyMissing(
      `Valkey (или Redis) недоступен по адресу ${settings.valkeyUrl}: ${error instanceof Error ? error.message : error}.\n` +
        'Запустите Valkey (например: valkey-server --appendonly yes) или укажите его адрес в VALKEY_URL.',
    );
  }

  const kvPrefix = `${settings.keyPrefix}kv:`;
  const store = valkeyStore(valkey, { prefix: kvPrefix, announced: [PURGE_ALL_KEY, TAGS_KEY] });
  // Another process's purge reaches this one at once, not after the memos' few seconds.
  const subscriber = blockingConnection(settings.valkeyUrl);
  subscriber.on('error', () => undefined);
  subscriber.on('message', (_channel: string, key: string) => isolate().invalidate(key));
  await subscriber.subscribe(kvPrefix + CHANGES_CHANNEL);

  const work = background();
  const leads = nodeLeadQueue(valkey, {
    prefix: `${settings.keyPrefix}bull`,
    spoolDir: settings.spoolDir,
    attempts: settings.leadAttempts,
  });
  const assets = staticAssets(settings.assetsDir);
  const logLines = batchedLogLines();
  const bindings: Bindings = {
    ...settings.vars,
    PLATFORM: 'node',
    DRUPAL_CACHE: store,
    ASSETS: assets,
    FILE_CACHE: diskFileCache(settings.filesDir, settings.filesMaxBytes),
    PAGE_COMPRESSOR: zlibPageCompressor(),
    LOG_LINES: logLines,
    LEADS: leads,
    FORM_LIMITER: valkeyRateLimiter(valkey, { prefix: settings.keyPrefix, ...settings.formLimit }),
    UNDELIVERED: valkeyUndeliveredLeads(valkey, { prefix: settings.keyPrefix }),
    SLOT_HOLDS: valkeySlotHolds(valkey, { prefix: settings.keyPrefix }),
  };
  if (!settings.vars.UNDELIVERED_KEY) {
    console.error(
      'Не задан UNDELIVERED_KEY (32 байта в base64: openssl rand -base64 32). Заявки, не доставленные после всех повторов, ' +
        'останутся в очереди BullMQ среди неудавшихся и не появятся на странице «Недоставленные заявки», пока ключ не задан.',
    );
  }
  const consumerConnection = blockingConnection(settings.valkeyUrl);
  consumerConnection.on('error', () => undefined);
  const consumer =
    options.consumeLeads === false
      ? undefined
      : leadConsumer(consumerConnection, { prefix: `${settings.keyPrefix}bull`, bindings, waitUntil: work.waitUntil });
  // Dead letters a previous run could not keep (no key then, or a crash in between) reach the editors' page now.
  if (consumer) work.waitUntil(sweepDeadLetters(valkey, { prefix: `${settings.keyPrefix}bull`, bindings }).catch(() => undefined));

  const app = createApp(nodePlatform);
  return {
    bindings,
    fetch(request) {
      if ((request.method === 'GET' || request.method === 'HEAD') && assets.has(new URL(request.url).pathname))
        return assets.fetch(request);
      return Promise.resolve(app.fetch(request, bindings, work.context));
    },
    async close() {
      await consumer?.close();
      await work.drain();
      logLines.flush();
      await leads.close();
      subscriber.disconnect();
      consumerConnection.disconnect();
      await valkey.quit().catch(() => valkey.disconnect());
    },
  };
}
