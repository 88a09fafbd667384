/**
 * The demo origin's worker (README.md): the default demo Drupal at the root, with its demo CRM
 * (demo-crm/) under /__demo/crm, and fresh instances a test asks for (POST /__demo/instances),
 * each with its own state, content model and CRM, served under /__instances/{id}.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { createDemoCrm, CRM_PATH } from '../../demo-crm/src/app';
import { createDemoOrigin } from './create';
import type { AppEnv, Bindings } from './env';
import { json, noContent } from './lib/http';
import { SCHEMA_MODES } from './lib/schema';
import { createFaultSwitch, type SchemaMode } from './lib/state';

/** Where a test's own instance is served: /__instances/{id}/… */
const INSTANCES_PATH = '/__instances';

/** More than any test run needs at once; a larger count means instances are not being deleted. */
const MAX_INSTANCES = 200;

/** A demo Drupal and its demo CRM, sharing the fault rules (only rules naming /__demo/crm reach the CRM). */
function instance(options: { basePath?: string; schema?: SchemaMode }): Hono<AppEnv> {
  const faults = createFaultSwitch();
  const crm = createDemoCrm({ faults });
  return createDemoOrigin({ ...options, faults, onReset: crm.reset, mount: (app) => app.route(CRM_PATH, crm.app) });
}

const instances = new Map<string, Hono<AppEnv>>();
let lastId = 0;

const instanceSchema = z.object({ schema: z.enum(SCHEMA_MODES as [SchemaMode, ...SchemaMode[]]).optional() }).strict();

const app = new Hono<{ Bindings: Bindings }>();

// A fresh instance (README.md, "Instances"): {"schema"?: "full" | "lean"} → 201 {"id", "baseUrl"}.
app.post('/__demo/instances', async (c) => {
  const parsed = instanceSchema.safeParse(await c.req.json().catch(() => ({})));
  if (!parsed.success) return json({ error: `Body must be JSON {"schema"?: ${SCHEMA_MODES.map((m) => `"${m}"`).join(' | ')}}` }, 400);
  if (instances.size >= MAX_INSTANCES)
    return json({ error: `At most ${MAX_INSTANCES} instances; DELETE /__demo/instances/{id} some.` }, 409);
  const id = String(++lastId);
  const basePath = `${INSTANCES_PATH}/${id}`;
  instances.set(id, instance({ basePath, ...(parsed.data.schema ? { schema: parsed.data.schema } : {}) }));
  return json({ id, baseUrl: new URL(c.req.url).origin + basePath }, 201);
});

app.delete('/__demo/instances/:id', (c) =>
  instances.delete(c.req.param('id')) ? noContent() : json({ error: `No instance ${c.req.param('id')}.` }, 404),
);

// An instance's request: the path without its prefix, static files first (as wrangler serves them at the root).
app.all(`${INSTANCES_PATH}/:id/*`, async (c) => {
  const id = c.req.param('id');
  const target = instances.get(id);
  if (!target) return json({ error: `No instance ${id}.` }, 404);
  const url = new URL(c.req.url);
  url.pathname = url.pathname.slice(`${INSTANCES_PATH}/${id}`.length) || '/';
  const request = new Request(url, c.req.raw);
  if (url.pathname.startsWith('/sites/default/files/') && c.env.ASSETS && (request.method === 'GET' || request.method === 'HEAD')) {
    const file = await c.env.ASSETS.fetch(request.clone());
    if (file.status !== 404) return file;
  }
  return target.fetch(request, c.env, c.executionCtx);
});

const defaultInstance = instance({});
app.all('*', (c) => defaultInstance.fetch(c.req.raw, c.env, c.executionCtx));

export default app;
