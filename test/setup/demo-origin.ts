import type { TestProject } from 'vitest/node';
import { freePort, startDemoOrigin } from '../../scripts/servers';
import { DEMO_ORIGIN_TEST_VARS } from './secrets';

declare module 'vitest' {
  export interface ProvidedContext {
    demoOriginUrl: string;
  }
}

/** The demo origin over real HTTP, for the worker tests. */
export default async function setup(project: TestProject) {
  const demo = await startDemoOrigin({ port: await freePort(), vars: DEMO_ORIGIN_TEST_VARS });
  project.provide('demoOriginUrl', demo.url);
  return () => demo.stop();
}
