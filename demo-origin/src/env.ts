/** Worker bindings of the demo origin (wrangler.toml). */
import type { StateEnv } from './lib/state';

export interface Bindings {
  /** Delay of every API response in ms (string number), e.g. --var DEMO_DELAY_MS:100 */
  DEMO_DELAY_MS?: string;
  /** Field layout: "full" (default) or "lean" (README.md, "Schema modes"), e.g. --var DEMO_SCHEMA:lean */
  DEMO_SCHEMA?: string;
  /** Modules: "clinic" (default) or "stock" (README.md, "Modules modes"), e.g. --var DEMO_MODULES:stock */
  DEMO_MODULES?: string;
  /** Bearer token the demo CRM (POST /__demo/crm/webhook) expects; wrangler.toml sets "demo-crm-token". */
  DEMO_CRM_TOKEN?: string;
  /** Static assets (public/), bound automatically by [assets]. */
  ASSETS?: Fetcher;
}

export interface AppEnv {
  Bindings: Bindings;
  /** The instance's state (lib/state.ts), set by createDemoOrigin for every request. */
  Variables: StateEnv['Variables'];
}
