import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { createApp } from '../../worker/app';
import type { Bindings } from '../../worker/config/bindings';
import { clearCache } from '../../worker/cache/clear-cache';
import { nodePlatform } from '../../worker/platform/node/platform';
import { workersPlatform } from '../../worker/platform/workers/platform';
import { resetIsolate } from '../../worker/cache/isolate';
import { demoControl, type FaultConfigInput, type SchemaMode } from '../../demo-origin/control-client';

export { passTime } from '../setup/clock';
export { eventually } from '../setup/eventually';

export const bindings = env as unknown as Bindings & { DRUPAL_BASE_URL: string; DRUPAL_CACHE: KVNamespace };
export const demoUrl = bindings.DRUPAL_BASE_URL;

/** The platform this project runs the site on: the Node project's bindings say so (test/node/); workerd's are Workers'. */
const platform = bindings.PLATFORM === 'node' ? nodePlatform : workersPlatform;

/** The site as this platform's entry runs it. */
export const app = createApp(platform);

/** The bindings as the site sees them, with the platform's seams (D1's undelivered leads on Workers): for tests that read the settings themselves. */
export const siteBindings = platform.bindings(bindings);

/** What a browser sends with a navigation: the headers that make a request one (worker/middleware/navigation.ts). */
export const NAVIGATION = { Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

export interface SiteResponse {
  response: Response;
  /**
   * Resolves once the request's waitUntil work (KV writes, background refreshes) is done. A page's copies are written
   * once its body is read (or cancelled), as a runtime reads it: read the body first.
   */
  settled: () => Promise<void>;
}

/** One request through the worker, as workerd would hand it, with settings overridden per test. */
export async function request(path: string, overrides: Partial<Bindings> = {}, init?: RequestInit): Promise<SiteResponse> {
  const ctx = createExecutionContext();
  const response = await app.fetch(
    new Request(`http://127.0.0.1:8787${path}`, { redirect: 'manual', ...init }),
    { ...bindings, ...overrides },
    ctx,
  );
  return { response, settled: () => waitOnExecutionContext(ctx) };
}

/** Fetches the page and waits for its background work, returning status, headers and body. */
export async function page(path: string, overrides: Partial<Bindings> = {}) {
  const { response, settled } = await request(path, overrides);
  const html = await response.text();
  await settled();
  return { status: response.status, headers: response.headers, html };
}

export type { FaultRule } from '../../demo-origin/control-client';

/** The demo origin's test control (demo-origin/control-client.ts). */
export const control = demoControl(demoUrl);

/** The demo origin's test switches (never used by the site itself), as the tests name them. */
export const demo = {
  faults: async (config: FaultConfigInput) => void (await control.faults.set(config)),
  reset: () => control.reset(),
  /** Switches the demo's field layout (demo-origin/README.md, "Schema modes"); reset() returns to DEMO_SCHEMA's. */
  schema: async (mode: SchemaMode) => void (await control.schema.set(mode)),
  requests: () => control.requests(),
  /** The calls Drupal got after its `requests().total` was `mark`, each with when it arrived and (once answered) `done`. */
  callsSince: (mark: number) => control.callsSince(mark),
  /** How many origin requests had a path+query containing `fragment` (URL-decoded). */
  count: (fragment: string) => control.count(fragment),
  /** A Drupal answer's JSON (not a control: those have their own methods). */
  async json<T>(path: string): Promise<T> {
    return (await fetch(`${demoUrl}${path}`)).json();
  },
  /** Renames a node as an editor saving it would (`changed` bumps); reset() restores every title. */
  setTitle: async (nid: number, title: string) => void (await control.edit(nid, { title })),
  /** Publishes or unpublishes a node as an editor saving it would; reset() restores it. */
  setStatus: async (nid: number, status: boolean) => void (await control.edit(nid, { status })),
  /** A node as the demo currently serves it. */
  node: (nid: number) => control.node(nid),
};

/** Every test starts with an empty cache, a well-behaved origin and an isolate that trusts it. */
export async function freshStart() {
  await clearCache(bindings.DRUPAL_CACHE);
  await demo.reset();
  // A fresh isolate: breakers closed, no flights, no memos (clearCache starts one; demo.reset may have taken a while).
  resetIsolate();
}

/** The alias of the newest published node of a bundle, as the demo origin lists it. */
export async function firstAlias(bundle: string): Promise<string> {
  const doc = await demo.json<{ data: { attributes: { path: { alias: string } } }[] }>(
    `/jsonapi/node/${bundle}?filter[status]=1&page[limit]=1&sort=-created`,
  );
  const alias = doc.data[0]?.attributes.path.alias;
  if (!alias) throw new Error(`the demo origin has no ${bundle}`);
  return alias;
}
