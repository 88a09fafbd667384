/**
 * One runtime's way into the app (worker/app.tsx `createApp`): Cloudflare Workers
 * (platform/workers/) or Node (platform/node/). The app itself is the same on both;
 * a platform only turns what its runtime hands each request into the site's bindings,
 * its seams (worker/seams/seams.ts) built on the runtime's own services.
 */
import type { Bindings } from '../config/bindings';

export interface Platform {
  readonly name: 'workers' | 'node';
  /**
   * The site's bindings from the runtime's environment: the same object for the same
   * environment, since the settings are parsed once per object (config/config.ts).
   */
  bindings(env: object): Bindings;
}
