import type { TestProject } from 'vitest/node';
import { freePort, startDemoOrigin, startNodeSite, startValkey } from '../../scripts/servers';
import { DEMO_ORIGIN_TEST_VARS, testSiteVars } from './secrets';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Set only under this setup: the Node site's Valkey, for a suite that starts a site of its own
     * (it starts a Node one on it, under its own key prefix, instead of a workerd one).
     */
    nodeValkeyUrl: string | undefined;
  }
}

/**
 * The same browser suites against the Node target (dist/node/server.js, built by `npm run build`) with its own
 * redis-server; the demo Drupal on Node, as in test/setup/site.ts.
 */
export default async function setup(project: TestProject) {
  const demo = await startDemoOrigin({ port: await freePort(), vars: DEMO_ORIGIN_TEST_VARS });
  const valkey = await startValkey({ port: await freePort() }).catch(async (error: unknown) => {
    await demo.stop();
    throw error;
  });
  const sitePort = await freePort();
  const site = await startNodeSite({
    port: sitePort,
    valkeyUrl: valkey.url,
    vars: testSiteVars(demo.url, sitePort),
  }).catch(async (error: unknown) => {
    await valkey.stop();
    await demo.stop();
    throw error;
  });
  project.provide('siteUrl', site.url);
  project.provide('demoUrl', demo.url);
  project.provide('nodeValkeyUrl', valkey.url);
  return async () => {
    // The site first: it must not lose Valkey while it still drains its queue.
    await site.stop();
    await valkey.stop();
    await demo.stop();
  };
}
