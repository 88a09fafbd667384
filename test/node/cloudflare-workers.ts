/**
 * `cloudflare:workers` for the Node project: the site built as the Node target builds
 * it (worker/entries/node-site.ts), on the real Valkey and demo origin of setup.ts, with the
 * settings the worker project gives miniflare. `env` is its bindings, and
 * `exports.default` the whole site (built files included), as on Workers. One site serves
 * every file of the run (the project does not isolate its files), as one workerd serves
 * the worker project's; each test starts from an empty cache (freshStart) and no held
 * time (holds-setup.ts), and the site goes with the test process.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { ROOT } from '../../scripts/servers';
import { readNodeSettings } from '../../worker/platform/node/settings';
import { startNodeSite } from '../../worker/entries/node-site';
import { requestConnection } from '../../worker/platform/node/valkey';
import { TEST_LEAD_MAX_RETRIES, TEST_SECRETS, testBookingVars, testCrmUrl } from '../setup/secrets';

const demoUrl = inject('demoOriginUrl');
const valkeyUrl = inject('valkeyUrl');

// The run starts from an empty Valkey, as the worker project's from empty KV.
const admin = requestConnection(valkeyUrl);
await admin.connect();
await admin.flushdb();

const stateDir = mkdtempSync(join(tmpdir(), 'clinic-node-test-'));
const prefix = `test-${randomUUID().slice(0, 8)}:`;
const settings = readNodeSettings(ROOT, {
  VALKEY_URL: valkeyUrl,
  VALKEY_PREFIX: prefix,
  STATE_DIR: stateDir,
  DRUPAL_BASE_URL: demoUrl,
  SITE_URL: 'http://127.0.0.1:8787',
  ...TEST_SECRETS,
  CRM_WEBHOOK_URL: testCrmUrl(demoUrl),
  ...testBookingVars(demoUrl),
  // Undelivered leads are retried after a second here, not ten.
  LEAD_RETRY_SECONDS: '1',
});
// As the worker project's miniflare: a few retries, not wrangler.toml's 20, so that a lead reaches the dead letters within seconds.
const site = await startNodeSite({ ...settings, leadAttempts: TEST_LEAD_MAX_RETRIES + 1 });

/** Every booking time this site holds (booking/hold.ts): each test starts with none (holds-setup.ts). */
export async function releaseHolds(): Promise<void> {
  const held = await admin.keys(`${prefix}hold:*`);
  if (held.length > 0) await admin.del(...held);
}

/** Forgets the Drupal files the site kept on disk (platform/node/file-cache.ts): each file starts with none (files-setup.ts). */
export function forgetFiles(): void {
  for (const name of readdirSync(settings.filesDir)) rmSync(join(settings.filesDir, name), { force: true });
}

// Its temporary folder goes with the process (the site's connections with it).
process.once('exit', () => rmSync(stateDir, { recursive: true, force: true }));

export const env = site.bindings;
export const exports = {
  default: { fetch: (input: RequestInfo | URL, init?: RequestInit) => site.fetch(new Request(input, init)) },
};
