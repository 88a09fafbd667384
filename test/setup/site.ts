import type { TestProject } from 'vitest/node';
import { DEMO_ORIGIN_CONFIG, SITE_CONFIG, freePort, startWorker } from '../../scripts/servers';
import { TEST_SECRETS } from './secrets';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    demoUrl: string;
  }
}

/** The site and the demo origin, each under wrangler dev, as `npm start` runs them. */
export default async function setup(project: TestProject) {
  const demo = await startWorker({ config: DEMO_ORIGIN_CONFIG, port: await freePort() });
  const sitePort = await freePort();
  const site = await startWorker({
    config: SITE_CONFIG,
    port: sitePort,
    vars: { DRUPAL_BASE_URL: demo.url, SITE_URL: `http://127.0.0.1:${sitePort}`, ...TEST_SECRETS },
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
