import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { createApp } from '../../worker/app';
import type { Bindings } from '../../worker/config/bindings';
import { clearCache } from '../../worker/cache/clear-cache';
import { nodePlatform } from '../../worker/platform/node/platform';
import { workersPlatform } from '../../worker/platform/workers/platform';
import { resetIsolate } from '../../worker/state';

export { eventually } from '../setup/eventually';

export const bindings = env as unknown as Bindings & { DRUPAL_BASE_URL: string; DRUPAL_CACHE: KVNamespace };
export const demoUrl = bindings.DRUPAL_BASE_URL;

/** The platform this project runs the site on: the Node project's bindings say so (test/node/); workerd's are Workers'. */
const platform = bindings.PLATFORM === 'node' ? nodePlatform : workersPlatform;

/** The site as this platform's entry runs it. */
export const app = createApp(platform);

/** The bindings as the site sees them, with the platform's seams (D1's undelivered leads on Workers): for tests that read the settings themselves. */
export const siteBindings = platform.bindings(bindings);

export interface SiteResponse {
  response: Response;
  /** Resolves once the request's waitUntil work (KV writes, background refreshes) is done. */
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

export interface FaultRule {
  match: string;
  delayMs?: number;
  status?: number;
  hang?: boolean;
  /** Answer a maintenance page or cut-off JSON instead (the demo's switches for a misbehaving Drupal). */
  body?: 'html' | 'broken-json';
}

/** The demo origin's test switches (never used by the site itself). */
export const demo = {
  async faults(config: { delayMs?: number; rules?: FaultRule[] }) {
    const res = await fetch(`${demoUrl}/__demo/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(config),
    });
    if (!res.ok) throw new Error(`demo faults: ${res.status}`);
  },
  async reset() {
    const res = await fetch(`${demoUrl}/__demo/reset`, { method: 'POST' });
    if (!res.ok) throw new Error(`demo reset: ${res.status}`);
  },
  /** Switches the demo's field layout (demo-origin/README.md, "Schema modes"); reset() returns to DEMO_SCHEMA's. */
  async schema(mode: 'full' | 'lean') {
    const res = await fetch(`${demoUrl}/__demo/schema`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode }),
    });
    if (!res.ok) throw new Error(`demo schema: ${res.status}`);
  },
  async requests(): Promise<{ total: number; byUrl: Record<string, number> }> {
    return (await fetch(`${demoUrl}/__demo/requests`)).json();
  },
  /** How many origin requests had a path+query containing `fragment` (URL-decoded). */
  async count(fragment: string): Promise<number> {
    const { byUrl } = await demo.requests();
    return Object.entries(byUrl)
      .filter(([url]) => safeDecode(url).includes(fragment))
      .reduce((sum, [, n]) => sum + n, 0);
  },
  async json<T>(path: string): Promise<T> {
    return (await fetch(`${demoUrl}${path}`)).json();
  },
  /** Renames a node as an editor saving it would (`changed` bumps); reset() restores every title. */
  async setTitle(nid: number, title: string) {
    const res = await fetch(`${demoUrl}/__demo/nodes/${nid}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title }),
    });
    if (!res.ok) throw new Error(`demo setTitle: ${res.status}`);
  },
  /** Publishes or unpublishes a node as an editor saving it would; reset() restores it. */
  async setStatus(nid: number, status: boolean) {
    const res = await fetch(`${demoUrl}/__demo/nodes/${nid}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status }),
    });
    if (!res.ok) throw new Error(`demo setStatus: ${res.status}`);
  },
  /** A node as the demo currently serves it. */
  async node(nid: number): Promise<{ nid: number; title: string; status: boolean; bundle: string; alias: string }> {
    const res = await fetch(`${demoUrl}/__demo/nodes/${nid}`);
    if (!res.ok) throw new Error(`demo node: ${res.status}`);
    return res.json();
  },
};

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url.replaceAll('+', ' '));
  } catch {
    return url;
  }
}

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
