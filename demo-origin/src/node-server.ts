/**
 * The demo origin on Node: the same app as under `wrangler dev` (index.ts), its settings from the environment and its
 * files (public/) served first, as wrangler's [assets] serve them. The tests, the benches and `npm start` run it so
 * (scripts/servers.ts bundles this file): a call answers in a few milliseconds instead of wrangler dev's twenty, and
 * costs the machine no workerd and no proxy per server (README.md).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { serve } from '@hono/node-server';
import { getMimeType } from 'hono/utils/mime';
import type { Bindings } from './env';
import app from './index';

const publicDir = process.env.DEMO_PUBLIC_DIR ?? join(process.cwd(), 'demo-origin', 'public');
const port = Number(process.env.PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('PORT: the port to answer on');

/** A file of public/ for a GET or HEAD, or undefined: the path may not leave the folder. */
function publicFile(request: Request): Response | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const path = normalize(decodeURIComponent(new URL(request.url).pathname));
  if (path.includes('..')) return undefined;
  const file = join(publicDir, path);
  if (!existsSync(file) || !statSync(file).isFile()) return undefined;
  const headers = { 'Content-Type': getMimeType(file) ?? 'application/octet-stream' };
  return new Response(request.method === 'HEAD' ? null : readFileSync(file), { headers });
}

const assets = { fetch: async (request: Request) => publicFile(request) ?? new Response('Not found', { status: 404 }) };
const env: Bindings = {
  DEMO_DELAY_MS: process.env.DEMO_DELAY_MS ?? '0',
  DEMO_SCHEMA: process.env.DEMO_SCHEMA ?? 'full',
  DEMO_CRM_TOKEN: process.env.DEMO_CRM_TOKEN ?? 'demo-crm-token',
  ASSETS: assets as unknown as Fetcher,
};
if (process.env.DEMO_MODULES) env.DEMO_MODULES = process.env.DEMO_MODULES;
const context = { waitUntil: (promise: Promise<unknown>) => void promise.catch(() => undefined), passThroughOnException: () => undefined };

serve(
  { port, hostname: '127.0.0.1', fetch: (request) => publicFile(request) ?? app.fetch(request, env, context as ExecutionContext) },
  () => console.log(`Демо-Drupal (Node): http://127.0.0.1:${port}`),
);
process.on('SIGTERM', () => process.exit(0));
// Started in a process group of its own (scripts/servers.ts): it goes when whoever started it is gone, even one that
// could not stop it (a test run killed), rather than holding its port for the next run.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1_000).unref();
