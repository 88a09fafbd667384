/**
 * Test control (demo only; the site never calls these) of the answering instance: fault
 * configuration (applied by lib/faults.ts), schema mode, request counters, submissions, node edits,
 * switches, reset (which also clears the instance's demo CRM and restores edited nodes). Also the
 * middleware that reads DEMO_SCHEMA.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { editNode } from '../content/edits';
import { webformById } from '../content/webforms';
import { extraDoctors, MAX_EXTRA_DOCTORS } from '../content/extra-doctors';
import { pricedCodes, priceSumEdits, setPriceSums } from '../content/prices';
import { extraNodeCount, nodeByNid, setExtraNodes } from '../content/index';
import type { NodeRecord } from '../content/model';
import type { AppEnv } from '../env';
import { json, noContent } from '../lib/http';
import type { Json } from '../lib/json';
import { modulesMode } from '../lib/modules';
import { isSchemaMode, schemaMode, SCHEMA_MODES } from '../lib/schema';
import { faultConfigSchema, type FaultConfig } from '../lib/fault-rule';
import { demoState, requestsJson, resetState } from '../lib/state';
import { varMode } from '../lib/var-mode';

export const controlRoutes = new Hono<AppEnv>();

controlRoutes.post('/__demo/faults', async (c) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return json(
      {
        error:
          'Body must be JSON: {"delayMs"?: number, "rules"?: [{"match", "delayMs"?, "status"?, "hang"?, "body"?: "html" | "broken-json"}]}',
      },
      400,
    );
  }
  const parsed = faultConfigSchema.safeParse(body);
  if (!parsed.success)
    return json({ error: 'Invalid fault config', issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 400);
  const config: FaultConfig = {
    rules: parsed.data.rules ?? [],
    ...(parsed.data.delayMs !== undefined ? { delayMs: parsed.data.delayMs } : {}),
  };
  demoState().faults.config = config;
  return json(faultsJson());
});

controlRoutes.get('/__demo/faults', () => json(faultsJson()));

// Schema mode (README.md, "Schema modes"): {"mode": "full" | "lean"}; reset returns to DEMO_SCHEMA's.
controlRoutes.post('/__demo/schema', async (c) => {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    body = undefined;
  }
  const mode = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { mode?: unknown }).mode : undefined;
  if (!isSchemaMode(mode)) {
    return json(
      { error: `Body must be JSON {"mode": ${SCHEMA_MODES.map((m) => `"${m}"`).join(' | ')}}, got ${JSON.stringify(body ?? null)}` },
      400,
    );
  }
  demoState().schemaOverride = mode;
  return json({ mode: schemaMode() });
});

controlRoutes.get('/__demo/schema', () => json({ mode: schemaMode() }));

// Reverse proxy (README.md, "Test control"): {"trusted": boolean}; whether login flood control reads the client IP
// from X-Forwarded-For, as settings.php's reverse_proxy settings make Drupal do. Reset trusts it again.
controlRoutes.post('/__demo/reverse-proxy', async (c) => {
  const body: unknown = await c.req.json().catch(() => undefined);
  const trusted = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { trusted?: unknown }).trusted : undefined;
  if (typeof trusted !== 'boolean') return json({ error: 'Body must be JSON {"trusted": true | false}' }, 400);
  demoState().trustsReverseProxy = trusted;
  return json({ trusted });
});

controlRoutes.get('/__demo/reverse-proxy', () => json({ trusted: demoState().trustsReverseProxy }));

controlRoutes.get('/__demo/requests', () => json(requestsJson()));

controlRoutes.post('/__demo/reset', () => {
  resetState(demoState());
  return noContent();
});

// An editor changing prices (README.md, "Test control"): {"sums": {"K01.001": "3700"}} by row code; reset restores them.
const pricesSchema = z.object({ sums: z.record(z.string().regex(/^\S{1,32}$/), z.string().regex(/^\d{1,9}$/)) }).strict();

controlRoutes.post('/__demo/prices', async (c) => {
  const parsed = pricesSchema.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) return json({ error: 'Body must be JSON {"sums": {"<row code>": "<rubles>"}}' }, 400);
  const codes = pricedCodes();
  const unknown = Object.keys(parsed.data.sums).filter((code) => !codes.has(code));
  if (unknown.length) return json({ error: `No priced row with code ${unknown.join(', ')}` }, 404);
  setPriceSums(parsed.data.sums);
  return json({ sums: priceSumEdits() });
});

controlRoutes.get('/__demo/prices', () => json({ sums: priceSumEdits() }));

// The site's API account (README.md, "Test control"): {"viewUnpublished": boolean, "user"?: "name"}; reset takes the permission away.
const apiAccountSchema = z.object({ viewUnpublished: z.boolean(), user: z.string().min(1).max(60).optional() }).strict();

controlRoutes.post('/__demo/api-account', async (c) => {
  const parsed = apiAccountSchema.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) return json({ error: 'Body must be JSON {"viewUnpublished": true | false, "user"?: "name"}' }, 400);
  demoState().apiAccount = parsed.data;
  return json(apiAccountJson());
});

controlRoutes.get('/__demo/api-account', () => json(apiAccountJson()));

function apiAccountJson(): Json {
  return { viewUnpublished: demoState().apiAccount.viewUnpublished, user: demoState().apiAccount.user ?? null };
}

// A bigger clinic (README.md, "Test control"): {"count": n} extra published doctors; reset removes them.
const doctorsSchema = z.object({ count: z.number().int().min(0).max(MAX_EXTRA_DOCTORS) }).strict();

controlRoutes.post('/__demo/doctors', async (c) => {
  const parsed = doctorsSchema.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) return json({ error: `Body must be JSON {"count": 0–${MAX_EXTRA_DOCTORS}}` }, 400);
  setExtraNodes(extraDoctors(parsed.data.count));
  return json({ count: extraNodeCount() });
});

controlRoutes.get('/__demo/doctors', () => json({ count: extraNodeCount() }));

// ---- Node edits: an editor saving a node (README.md, "Test control") ---------------------------------

function nodeJson(n: NodeRecord): Json {
  return { nid: n.nid, title: n.title, status: n.status, bundle: n.bundle, alias: n.alias };
}

function nodeParam(raw: string): NodeRecord | undefined {
  return /^\d+$/.test(raw) ? nodeByNid(Number(raw)) : undefined;
}

function unknownNode(raw: string): Response {
  return json({ error: `No node ${raw}.` }, 404);
}

/** A title as node's title field takes it: 1–255 characters, not only white space. */
const nodeEditSchema = z
  .object({
    title: z
      .string()
      .refine((t) => t.trim() !== '', 'must not be empty')
      .refine((t) => [...t].length <= 255, 'must be at most 255 characters')
      .optional(),
    status: z.boolean().optional(),
    // Only a bundle's own attribute fields: the core ones (nid, path, body…) keep their meaning.
    fields: z.record(z.string().regex(/^field_\w+$/), z.json()).optional(),
    removeFields: z.array(z.string().regex(/^field_\w+$/)).optional(),
  })
  .strict()
  .refine(
    (e) => e.title !== undefined || e.status !== undefined || e.fields !== undefined || e.removeFields !== undefined,
    'give "title", "status", "fields" and/or "removeFields"',
  );

controlRoutes.get('/__demo/nodes/:nid', (c) => {
  const n = nodeParam(c.req.param('nid'));
  return n ? json(nodeJson(n)) : unknownNode(c.req.param('nid'));
});

controlRoutes.post('/__demo/nodes/:nid', async (c) => {
  const n = nodeParam(c.req.param('nid'));
  if (!n) return unknownNode(c.req.param('nid'));
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    return json(
      {
        error:
          'Body must be JSON: {"title"?: "1–255 characters", "status"?: true | false, "fields"?: {"field_…": value}, "removeFields"?: ["field_…"]}',
      },
      400,
    );
  }
  const parsed = nodeEditSchema.safeParse(body);
  if (!parsed.success) {
    return json(
      { error: 'Invalid node edit', issues: parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`) },
      400,
    );
  }
  editNode(n, {
    ...(parsed.data.title !== undefined ? { title: parsed.data.title } : {}),
    ...(parsed.data.status !== undefined ? { status: parsed.data.status } : {}),
    ...(parsed.data.fields !== undefined ? { fields: parsed.data.fields as Record<string, Json> } : {}),
    ...(parsed.data.removeFields !== undefined ? { removeFields: parsed.data.removeFields } : {}),
  });
  return json(nodeJson(n));
});

controlRoutes.get('/__demo/submissions', () =>
  json(
    demoState().submissions.map((s) => ({
      sid: s.sid,
      webform_id: s.webform_id,
      created: s.created,
      auth: s.auth,
      uri: s.uri,
      data: s.data,
    })),
  ),
);

// Modules (README.md, "Test control", "Modules modes"): {"webformUpload"?: boolean} installs webform_rest's upload
// patch; {"mode"?: "clinic" | "stock"} has the clinic's own modules or not. Reset removes the patch and returns to DEMO_MODULES's mode.
controlRoutes.post('/__demo/modules', async (c) => {
  const parsed = z
    .object({ webformUpload: z.boolean().optional(), mode: z.enum(['clinic', 'stock']).optional() })
    .strict()
    .refine((body) => body.webformUpload !== undefined || body.mode !== undefined)
    .safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) return json({ error: 'Body must be JSON {"webformUpload"?: true | false, "mode"?: "clinic" | "stock"}' }, 400);
  if (parsed.data.webformUpload !== undefined) demoState().webformUpload = parsed.data.webformUpload;
  if (parsed.data.mode !== undefined) demoState().modulesOverride = parsed.data.mode;
  return json(modulesJson());
});

controlRoutes.get('/__demo/modules', () => json(modulesJson()));

function modulesJson(): Json {
  return { webformUpload: demoState().webformUpload, mode: modulesMode() };
}

// A form as an editor changed it (README.md, "Test control"): closed, elements made required, a required signature.
const webformSwitchSchema = z
  .object({ closed: z.boolean().optional(), required: z.array(z.string().min(1)).max(50).optional(), signature: z.boolean().optional() })
  .strict();

controlRoutes.post('/__demo/webforms/:id', async (c) => {
  const form = webformById(c.req.param('id'));
  if (!form) return json({ error: `No webform ${c.req.param('id')}.` }, 404);
  const parsed = webformSwitchSchema.safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success)
    return json({ error: 'Body must be JSON {"closed"?: true | false, "required"?: ["element key", …], "signature"?: true | false}' }, 400);
  demoState().webformSwitches.set(form.id, parsed.data);
  return json(parsed.data);
});

controlRoutes.all('/__demo/*', (c) => json({ error: `Unknown control endpoint ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));

/**
 * Takes the default schema mode from DEMO_SCHEMA ("full" when unset or empty); any other value
 * is a configuration mistake, answered 500 on every request so that it cannot go unnoticed.
 */
export const demoSchema: MiddlewareHandler<AppEnv> = async (c, next) => {
  const chosen = varMode('DEMO_SCHEMA', c.env?.DEMO_SCHEMA, SCHEMA_MODES, 'full');
  if ('mistake' in chosen) return json({ message: chosen.mistake }, 500);
  demoState().schemaFromVar = chosen.mode;
  await next();
};

function faultsJson(): Json {
  const f = demoState().faults.config;
  return {
    ...(f.delayMs !== undefined ? { delayMs: f.delayMs } : {}),
    rules: f.rules.map((r) => ({
      match: r.match,
      ...(r.delayMs !== undefined ? { delayMs: r.delayMs } : {}),
      ...(r.status !== undefined ? { status: r.status } : {}),
      ...(r.hang !== undefined ? { hang: r.hang } : {}),
      ...(r.body !== undefined ? { body: r.body } : {}),
    })),
  };
}
