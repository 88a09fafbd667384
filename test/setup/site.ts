import type { TestProject } from 'vitest/node';
import { freePort, startDemoOrigin, startSite } from '../../scripts/servers';
import { DEMO_ORIGIN_TEST_VARS, TEST_SECRETS, testBookingVars, testCrmUrl } from './secrets';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    demoUrl: string;
  }
}

/** The site and the demo origin, each under wrangler dev, as `npm start` runs them. */
export default async function setup(project: TestProject) {
  const demo = await startDemoOrigin({ port: await freePort(), vars: DEMO_ORIGIN_TEST_VARS });
  const sitePort = await freePort();
  const site = await startSite({
    port: sitePort,
    vars: {
      DRUPAL_BASE_URL: demo.url,
      SITE_URL: `http://127.0.0.1:${sitePort}`,
      ...TEST_SECRETS,
      CRM_WEBHOOK_URL: testCrmUrl(demo.url),
      ...testBookingVars(demo.url),
    },
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
