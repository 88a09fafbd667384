import type { Bindings } from '../../config/bindings';
import type { Platform } from '../platform';

/** The site on Node: start-up builds the bindings on Valkey and the disk (worker/entries/node-site.ts), and hands them to every request as they are. */
export const nodePlatform: Platform = {
  name: 'node',
  bindings: (env) => env as Bindings,
};
