import type { TestProject } from 'vitest/node';
import { freePort, startDemoOrigin, startSite } from '../../scripts/servers';
import { DEMO_ORIGIN_TEST_VARS, testSiteVars } from './secrets';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    demoUrl: string;
  }
}

/** The site (the built worker in workerd, scripts/built-worker.ts) and the demo origin (on Node). */
export default async function setup(project: TestProject) {
  const demo = await startDemoOrigin({ port: await freePort(), vars: DEMO_ORIGIN_TEST_VARS });
  const sitePort = await freePort();
  const site = await startSite({
    port: sitePort,
    vars: testSiteVars(demo.url, sitePort),
  }).catch(async (error: unknown) => {
    await demo.stop();
    throw error;
  });
  project.provide('siteUrl', site.url);
  project.provide('demoUrl', demo.url);
  return async () => {
    await site.stop();
    await demo.stop();
  };
}
