/**
 * Test control (demo only; the site never calls these): fault injection, schema mode, request
 * counters, submissions, node edits (title, published status), reset (which also clears the demo
 * CRM of routes/crm.ts and restores edited nodes). Also the
 * middleware that reads DEMO_SCHEMA, and the one that applies DEMO_DELAY_MS and the fault rules to
 * every API request: delays, hangs, error statuses, and bodies a real Drupal sends when it
 * misbehaves (an HTML maintenance page, JSON cut off mid-way); crmFaults applies to the demo CRM
 * only the rules that name it.
 */
import { Hono, type Context, type MiddlewareHandler, type Next } from 'hono';
import { z } from 'zod';
import { editNode, resetNodeEdits } from '../content/edits';
import { webformById } from '../content/webforms';
import { extraDoctors, MAX_EXTRA_DOCTORS } from '../content/extra-doctors';
import { pricedCodes, priceSumEdits, setPriceSums } from '../content/prices';
import { extraNodeCount, nodeByNid, setExtraNodes } from '../content/index';
import type { NodeRecord } from '../content/model';
import type { AppEnv } from '../env';
import { json, noContent, rawPathAndQuery } from '../lib/http';
import { errorDocument, reasonPhrase } from '../lib/jsonapi';
import type { Json } from '../lib/json';
import { isSchemaMode, schemaMode, SCHEMA_MODES } from '../lib/schema';
import { countRequest, requestsJson, resetState, state, type FaultConfig, type FaultRule } from '../lib/state';

export const controlRoutes = new Hono<AppEnv>();

/** How long a hanging request waits before it finally gives up (10 minutes). */
const HANG_MS = 10 * 60 * 1000;

const faultSchema = z.object({
  delayMs: z.number().int().min(0).max(HANG_MS).optional(),
  rules: z
    .array(
      z.object({
        match: z.string().min(1),
        delayMs: z.number().int().min(0).max(HANG_MS).optional(),
        status: z.number().int().min(100).max(599).optional(),
        hang: z.boolean().optional(),
        body: z.enum(['html', 'broken-json']).optional(),
      }),
    )
    .optional(),
});

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
  const parsed = faultSchema.safeParse(body);
  if (!parsed.success)
    return json({ error: 'Invalid fault config', issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 400);
  const config: FaultConfig = {
    rules: parsed.data.rules ?? [],
    ...(parsed.data.delayMs !== undefined ? { delayMs: parsed.data.delayMs } : {}),
  };
  state.faults = config;
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
  state.schemaOverride = mode;
  return json({ mode: schemaMode() });
});

controlRoutes.get('/__demo/schema', () => json({ mode: schemaMode() }));

// Reverse proxy (README.md, "Test control"): {"trusted": boolean}; whether login flood control reads the client IP
// from X-Forwarded-For, as settings.php's reverse_proxy settings make Drupal do. Reset trusts it again.
controlRoutes.post('/__demo/reverse-proxy', async (c) => {
  const body: unknown = await c.req.json().catch(() => undefined);
  const trusted = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { trusted?: unknown }).trusted : undefined;
  if (typeof trusted !== 'boolean') return json({ error: 'Body must be JSON {"trusted": true | false}' }, 400);
  state.trustsReverseProxy = trusted;
  return json({ trusted });
});

controlRoutes.get('/__demo/reverse-proxy', () => json({ trusted: state.trustsReverseProxy }));

controlRoutes.get('/__demo/requests', () => json(requestsJson()));

controlRoutes.post('/__demo/reset', () => {
  resetState();
  resetNodeEdits();
  setExtraNodes([]);
  setPriceSums({});
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
  state.apiAccount = parsed.data;
  return json(apiAccountJson());
});

controlRoutes.get('/__demo/api-account', () => json(apiAccountJson()));

function apiAccountJson(): Json {
  return { viewUnpublished: state.apiAccount.viewUnpublished, user: state.apiAccount.user ?? null };
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
    state.submissions.map((s) => ({ sid: s.sid, webform_id: s.webform_id, created: s.created, auth: s.auth, uri: s.uri, data: s.data })),
  ),
);

// Modules (README.md, "Test control"): {"webformUpload": boolean} installs webform_rest's upload patch; reset removes it.
controlRoutes.post('/__demo/modules', async (c) => {
  const parsed = z
    .object({ webformUpload: z.boolean() })
    .strict()
    .safeParse(await c.req.json().catch(() => undefined));
  if (!parsed.success) return json({ error: 'Body must be JSON {"webformUpload": true | false}' }, 400);
  state.webformUpload = parsed.data.webformUpload;
  return json({ webformUpload: state.webformUpload });
});

controlRoutes.get('/__demo/modules', () => json({ webformUpload: state.webformUpload }));

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
  state.webformSwitches.set(form.id, parsed.data);
  return json(parsed.data);
});

controlRoutes.all('/__demo/*', (c) => json({ error: `Unknown control endpoint ${c.req.method} ${new URL(c.req.url).pathname}` }, 404));

/**
 * Takes the default schema mode from DEMO_SCHEMA ("full" when unset or empty); any other value
 * is a configuration mistake, answered 500 on every request so that it cannot go unnoticed.
 */
export const demoSchema: MiddlewareHandler<AppEnv> = async (c, next) => {
  const raw = (c.env?.DEMO_SCHEMA ?? '').trim();
  const mode = raw === '' ? 'full' : raw;
  if (!isSchemaMode(mode)) {
    return json({ message: `DEMO_SCHEMA must be ${SCHEMA_MODES.map((m) => `"${m}"`).join(' or ')}, not "${raw}".` }, 500);
  }
  state.schemaDefault = mode;
  await next();
};

function faultsJson(): Json {
  const f = state.faults;
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

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

/** What a Drupal behind a failing PHP or a maintenance switch answers instead of JSON. */
const MAINTENANCE_HTML =
  '<!DOCTYPE html>\n<html lang="ru"><head><meta charset="utf-8"><title>Сайт на обслуживании</title></head>' +
  '<body><h1>Сайт на техническом обслуживании</h1><p>Скоро вернёмся. Site is currently under maintenance.</p></body></html>\n';

/** The fault rules whose `match` the request's path+query (raw or URL-decoded) contains. */
function matchingRules(url: string): FaultRule[] {
  const key = rawPathAndQuery(url);
  const decoded = safeDecode(key);
  return state.faults.rules.filter((r) => decoded.includes(r.match) || key.includes(r.match));
}

/**
 * Counts every API request, then applies the delay (fault config delayMs, else DEMO_DELAY_MS;
 * a matching rule's delayMs replaces both) and the first matching hang rule, else the first
 * matching status/body rule.
 */
export const demoFaults: MiddlewareHandler<AppEnv> = async (c, next) => {
  countRequest(rawPathAndQuery(c.req.url));
  const envDelay = Number(c.env?.DEMO_DELAY_MS ?? '0');
  const baseDelay = state.faults.delayMs ?? (Number.isFinite(envDelay) ? envDelay : 0);
  return applyFaults(c, next, matchingRules(c.req.url), baseDelay);
};

/** A rule that names the demo CRM (`match` starting with this) is the only kind that reaches it. */
export const CRM_RULE_PREFIX = '/__demo/crm';

/**
 * The demo CRM's webhook is no Drupal call: it is never counted, and neither DEMO_DELAY_MS, the
 * config's delayMs nor a catch-all rule such as `{"match": "/"}` touch it. Only rules whose `match`
 * starts with /__demo/crm apply (e.g. `{"match": "/__demo/crm/webhook", "hang": true}`).
 */
export const crmFaults: MiddlewareHandler<AppEnv> = async (c, next) =>
  applyFaults(
    c,
    next,
    matchingRules(c.req.url).filter((r) => r.match.startsWith(CRM_RULE_PREFIX)),
    0,
  );

async function applyFaults(c: Context<AppEnv>, next: Next, rules: readonly FaultRule[], baseDelay: number): Promise<Response | void> {
  const ruleDelays = rules.flatMap((r) => (r.delayMs !== undefined ? [r.delayMs] : []));
  const delay = ruleDelays.length ? Math.max(...ruleDelays) : baseDelay;
  if (delay > 0) await sleep(delay);

  if (rules.some((r) => r.hang)) {
    await sleep(HANG_MS);
    return json({ message: 'Demo fault: the request hung and was finally abandoned.' }, 504);
  }
  const answerRule = rules.find((r) => r.status !== undefined || r.body !== undefined);
  if (answerRule?.body === 'html') {
    return new Response(MAINTENANCE_HTML, { status: answerRule.status ?? 200, headers: { 'Content-Type': 'text/html; charset=UTF-8' } });
  }
  if (answerRule?.body === 'broken-json') {
    await next();
    c.res = await truncated(c.res, answerRule);
    return;
  }
  const statusRule = answerRule;
  if (statusRule?.status !== undefined) {
    const status = statusRule.status;
    const detail = `Demo fault: HTTP ${status} injected for "${statusRule.match}".`;
    if (new URL(c.req.url).pathname.startsWith('/jsonapi')) {
      return new Response(JSON.stringify(errorDocument(status, detail, c.req.url)), {
        status,
        headers: { 'Content-Type': 'application/vnd.api+json' },
      });
    }
    return json({ message: `${reasonPhrase(status)}. ${detail}` }, status);
  }
  await next();
}

/**
 * The real answer with its body cut off half-way (as when Drupal's PHP dies mid-response or a
 * proxy drops the connection), keeping its Content-Type; status 200 unless the rule gives one.
 */
async function truncated(res: Response, rule: FaultRule): Promise<Response> {
  const text = await res.text();
  const headers = new Headers(res.headers);
  headers.delete('Content-Length');
  return new Response(text.slice(0, Math.floor(text.length / 2)), { status: rule.status ?? 200, headers });
}
