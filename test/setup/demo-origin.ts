import type { TestProject } from 'vitest/node';
import { DEMO_ORIGIN_CONFIG, freePort, startWorker } from '../../scripts/servers';

declare module 'vitest' {
  export interface ProvidedContext {
    demoOriginUrl: string;
  }
}

/** The demo origin over real HTTP, for the worker tests. */
export default async function setup(project: TestProject) {
  const demo = await startWorker({ config: DEMO_ORIGIN_CONFIG, port: await freePort() });
  project.provide('demoOriginUrl', demo.url);
  return () => demo.stop();
}
