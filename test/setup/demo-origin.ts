import type { TestProject } from 'vitest/node';
import { freePort, startDemoOrigin } from '../../scripts/servers';

declare module 'vitest' {
  export interface ProvidedContext {
    demoOriginUrl: string;
  }
}

/** The demo origin over real HTTP, for the worker tests. */
export default async function setup(project: TestProject) {
  const demo = await startDemoOrigin({ port: await freePort() });
  project.provide('demoOriginUrl', demo.url);
  return () => demo.stop();
}
