import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startDemoOrigin, startValkey } from '../../scripts/servers';
import { DEMO_ORIGIN_TEST_VARS } from '../setup/secrets';

declare module 'vitest' {
  export interface ProvidedContext {
    demoOriginUrl: string;
    valkeyUrl: string;
  }
}

/**
 * The demo origin over real HTTP and a real Valkey (redis-server) for the worker's
 * tests run against the Node target; the site itself is built in each test file's
 * process (cloudflare-workers.ts), as `cloudflare:workers` gives it on Workers.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-node-test-valkey-'));
  const valkey = await startValkey({ port: await freePort(), dir });
  let demo;
  try {
    demo = await startDemoOrigin({ port: await freePort(), vars: DEMO_ORIGIN_TEST_VARS });
  } catch (error) {
    await valkey.kill();
    throw error;
  }
  project.provide('demoOriginUrl', demo.url);
  project.provide('valkeyUrl', valkey.url);
  return async () => {
    await Promise.all([demo.stop(), valkey.kill()]);
    rmSync(dir, { recursive: true, force: true });
  };
}
