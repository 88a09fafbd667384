/**
 * The demo CRM (demo-crm/README.md): a stand-in for the clinic's CRM lead webhook, so that
 * `npm start` shows the whole lead flow offline. The site's worker posts docs/requirements.md §4's payload
 * (name, phone, email, comment, form_name, form_type) with `Authorization: Bearer <token>`; the
 * demo checks the token against DEMO_CRM_TOKEN, records each lead in memory (once per
 * idempotency key: the site retries), and can be told to fail (503) for a number of calls or until
 * switched back. Each createDemoCrm() has its own leads and switch. It is no Drupal call: the demo
 * origin that serves it (demo-origin/src/index.ts, under /__demo/crm) never counts it, and only
 * fault rules that name /__demo/crm reach it.
 */
import { Hono } from 'hono';
import { crmFaults } from '../../demo-origin/src/lib/faults';
import { createFaultSwitch, type FaultSwitch } from '../../demo-origin/src/lib/state';
import { isJsonObject, type Json, type JsonObject } from '../../demo-origin/src/lib/json';
import { emptyCrm, type CrmFileRecord, type CrmLead, type CrmState } from './state';

export interface CrmEnv {
  Bindings: {
    /** Bearer token the webhook expects; demo-origin/wrangler.toml sets "demo-crm-token". */
    DEMO_CRM_TOKEN?: string;
  };
}

/** Where the demo CRM is served on the demo origin's worker. */
export const CRM_PATH = '/__demo/crm';

/** wrangler.toml's default, also used when the var is unset or empty. */
export const DEFAULT_CRM_TOKEN = 'demo-crm-token';

/** docs/requirements.md §4: payload fields: each, when present, is a string (null allowed for a field left empty). */
const LEAD_FIELDS = ['name', 'phone', 'email', 'comment', 'form_name', 'form_type'] as const;

/** Far more than any lead with a 5 MB file as base64; a larger body is refused rather than kept in memory. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** The longest idempotency key recorded (longer ones are refused as malformed). */
const MAX_KEY_LENGTH = 200;

function crmJson(body: Json, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Demo-Crm': 'clinic-demo-origin', ...headers },
  });
}

/** Token comparison whose time does not depend on where the strings differ. */
function constantTimeEqual(a: string, b: string): boolean {
  const x = new TextEncoder().encode(a);
  const y = new TextEncoder().encode(b);
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

function switchJson(crm: CrmState): JsonObject {
  return { times: crm.failTimes, down: crm.down, failed: crm.failed };
}

function leadJson(l: CrmLead): JsonObject {
  const files = l.files.map((f): JsonObject => ({ name: f.name, type: f.type, size: f.size, sha256: f.sha256 }));
  return { id: l.id, received_at: l.received_at, idempotency_key: l.idempotency_key, deliveries: l.deliveries, data: l.data, files };
}

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The optional `files` beside docs/requirements.md §4's fields: [{name, type?, size, content_base64}]. Each is kept as
 * its name, type, size and SHA-256 (never the bytes); a size that does not match the content is refused.
 */
async function filesOf(raw: Json | undefined): Promise<{ files: CrmFileRecord[] } | { problems: string[] }> {
  if (raw === undefined || raw === null) return { files: [] };
  if (!Array.isArray(raw)) return { problems: ['files: expected an array'] };
  const files: CrmFileRecord[] = [];
  const problems: string[] = [];
  for (const [i, item] of raw.entries()) {
    if (!isJsonObject(item) || typeof item.name !== 'string' || typeof item.size !== 'number' || typeof item.content_base64 !== 'string') {
      problems.push(`files[${i}]: expected {"name": string, "type"?: string, "size": number, "content_base64": string}`);
      continue;
    }
    let bytes: Uint8Array;
    try {
      bytes = Uint8Array.from(atob(item.content_base64), (ch) => ch.charCodeAt(0));
    } catch {
      problems.push(`files[${i}].content_base64: not base64`);
      continue;
    }
    if (bytes.length !== item.size) {
      problems.push(`files[${i}].size: ${item.size}, but the content has ${bytes.length} bytes`);
      continue;
    }
    files.push({
      name: item.name,
      type: typeof item.type === 'string' ? item.type : null,
      size: bytes.length,
      sha256: hex(await crypto.subtle.digest('SHA-256', bytes)),
    });
  }
  return problems.length ? { problems } : { files };
}

/** Lenient shape check: a JSON object whose docs/requirements.md §4 fields, when present, are strings (or null). */
function leadProblems(body: JsonObject): string[] {
  const problems: string[] = [];
  for (const f of LEAD_FIELDS) {
    const v = body[f];
    if (v !== undefined && v !== null && typeof v !== 'string')
      problems.push(`${f}: expected a string, got ${Array.isArray(v) ? 'array' : typeof v}`);
  }
  if (!LEAD_FIELDS.some((f) => typeof body[f] === 'string' && (body[f] as string).trim() !== '')) {
    problems.push(`a lead needs at least one of ${LEAD_FIELDS.join(', ')}`);
  }
  return problems;
}

export interface DemoCrm {
  /** Its routes, to be mounted at CRM_PATH. */
  readonly app: Hono<CrmEnv>;
  /** Forgets every lead and turns the failure switch off. */
  reset(): void;
}

/**
 * A demo CRM with its own leads and failure switch; `faults` is the fault configuration of the
 * demo origin that serves it (only rules naming /__demo/crm apply).
 */
export function createDemoCrm(options: { faults?: FaultSwitch } = {}): DemoCrm {
  const faults = options.faults ?? createFaultSwitch();
  const crm = emptyCrm();
  const app = new Hono<CrmEnv>();

  app.post('/webhook', crmFaults<CrmEnv>(faults), async (c) => {
    // The failure switch first: a CRM that is down answers 503 whatever the request.
    if (crm.down || crm.failTimes > 0) {
      if (!crm.down) crm.failTimes -= 1;
      crm.failed += 1;
      return crmJson({ ok: false, error: 'Demo CRM is unavailable (failure switch, POST /__demo/crm/fail).' }, 503);
    }

    const expected = (c.env?.DEMO_CRM_TOKEN ?? '').trim() || DEFAULT_CRM_TOKEN;
    const auth = c.req.header('Authorization') ?? '';
    const m = /^Bearer[ \t]+(\S+)\s*$/i.exec(auth);
    if (!m || !constantTimeEqual(m[1] ?? '', expected)) {
      return crmJson({ ok: false, error: auth ? 'Invalid bearer token.' : 'Missing "Authorization: Bearer <token>" header.' }, 401, {
        'WWW-Authenticate': 'Bearer realm="demo-crm"',
      });
    }

    const raw = await c.req.text();
    if (new TextEncoder().encode(raw).length > MAX_BODY_BYTES)
      return crmJson({ ok: false, error: `Body over ${MAX_BODY_BYTES} bytes.` }, 413);
    let body: Json;
    try {
      body = JSON.parse(raw) as Json;
    } catch {
      return crmJson(
        { ok: false, error: 'Body must be a JSON object: {"name", "phone", "email", "comment", "form_name", "form_type"}.' },
        400,
      );
    }
    if (!isJsonObject(body))
      return crmJson(
        { ok: false, error: 'Body must be a JSON object, not ' + (Array.isArray(body) ? 'an array' : typeof body) + '.' },
        400,
      );
    const { files: rawFiles, ...fields } = body;
    const attached = await filesOf(rawFiles);
    const problems = [...leadProblems(fields), ...('problems' in attached ? attached.problems : [])];
    if (problems.length || 'problems' in attached) return crmJson({ ok: false, error: 'Invalid lead.', issues: problems }, 400);

    const key = (c.req.header('Idempotency-Key') ?? c.req.header('X-Idempotency-Key') ?? '').trim() || null;
    if (key !== null && key.length > MAX_KEY_LENGTH)
      return crmJson({ ok: false, error: `Idempotency key over ${MAX_KEY_LENGTH} characters.` }, 400);
    if (key !== null) {
      const seen = crm.leads.find((l) => l.idempotency_key === key);
      if (seen) {
        seen.deliveries += 1;
        return crmJson({ ok: true, id: seen.id, duplicate: true });
      }
    }
    const id = String(crm.nextId++);
    crm.leads.push({ id, received_at: new Date().toISOString(), idempotency_key: key, deliveries: 1, data: fields, files: attached.files });
    return crmJson({ ok: true, id });
  });

  app.all('/webhook', (c) => crmJson({ ok: false, error: `Method ${c.req.method} not allowed; POST a lead.` }, 405, { Allow: 'POST' }));

  app.get('/leads', () => crmJson(crm.leads.map(leadJson)));

  app.get('/fail', () => crmJson(switchJson(crm)));

  // {"times": n}: the next n webhook calls answer 503; {"down": true|false}: every call until switched off.
  app.post('/fail', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      body = undefined;
    }
    const o = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    const times = o?.times;
    const down = o?.down;
    const validTimes = times === undefined || (typeof times === 'number' && Number.isInteger(times) && times >= 0 && times <= 10_000);
    const validDown = down === undefined || typeof down === 'boolean';
    if (!o || (times === undefined && down === undefined) || !validTimes || !validDown) {
      return crmJson(
        { error: `Body must be JSON {"times": n} (0–10000) and/or {"down": true | false}, got ${JSON.stringify(body ?? null)}` },
        400,
      );
    }
    if (typeof times === 'number') crm.failTimes = times;
    if (typeof down === 'boolean') crm.down = down;
    return crmJson(switchJson(crm));
  });

  return { app, reset: () => Object.assign(crm, emptyCrm()) };
}
