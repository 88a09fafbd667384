/**
 * A typed client of the demo origin's test control (README.md, "Test control", "Instances") and
 * of its demo CRM (demo-crm/README.md): one method per control. Plain `fetch` only, so that Node
 * tests, workerd tests and the bench use the same one. A control that answers anything but its
 * documented status (200; 204 for reset, 201 for a new instance) throws a DemoControlError carrying
 * the status and the answer's body.
 */
import type { FaultBody, FaultConfig, FaultConfigInput, FaultRule } from './src/lib/fault-rule';
import type { LoggedRequest } from './request-rounds';
import type { DemoScheduleControl, ScheduleBooking, ScheduleCode, ScheduleState } from './src/schedule/control-types';

export type { FaultBody, FaultConfig, FaultConfigInput, FaultRule };
export type { LoggedRequest };
export type { DemoScheduleControl, ScheduleBooking, ScheduleCode, ScheduleState };

/** Field layout the demo answers in (README.md, "Schema modes"). */
export type SchemaMode = 'full' | 'lean';

/** GET /__demo/requests: every API request the demo counted, by path+query as received. */
export interface RequestCounts {
  readonly total: number;
  readonly byUrl: Record<string, number>;
  /** The newest requests (up to 2000) in the order they arrived, with their times (request-rounds.ts reads them). */
  readonly log: readonly LoggedRequest[];
}

/** A node as the demo serves it now (GET /__demo/nodes/{nid}). */
export interface DemoNode {
  readonly nid: number;
  readonly title: string;
  readonly status: boolean;
  readonly bundle: string;
  readonly alias: string;
}

/** What an editor saving a node may change (POST /__demo/nodes/{nid}): at least one key. */
export interface NodeEdit {
  readonly title?: string;
  readonly status?: boolean;
  /** Attribute fields set to these values, in the shape JSON:API sends them. */
  readonly fields?: Record<string, unknown>;
  /** Attribute fields the node no longer sends at all. */
  readonly removeFields?: readonly string[];
}

/** An accepted webform submission (GET /__demo/submissions). */
export interface Submission {
  readonly sid: string;
  readonly webform_id: string;
  readonly created: string;
  readonly auth: 'basic' | 'basic-invalid' | 'anonymous';
  readonly uri: string | null;
  readonly data: Record<string, unknown>;
}

/** A form as an editor changed it (POST /__demo/webforms/{id}); each call replaces the previous switches. */
export interface WebformSwitch {
  readonly closed?: boolean;
  readonly required?: readonly string[];
  readonly signature?: boolean;
}

/** The site's API account's permission (POST /__demo/api-account). */
export interface ApiAccount {
  readonly viewUnpublished: boolean;
  readonly user?: string;
}

/** A lead the demo CRM accepted (GET /__demo/crm/leads). */
export interface CrmLead {
  readonly id: string;
  readonly received_at: string;
  readonly idempotency_key: string | null;
  readonly deliveries: number;
  readonly data: Record<string, unknown>;
  readonly files: readonly { name: string; type: string | null; size: number; sha256: string }[];
}

/** The demo CRM's failure switch: the next `times` calls answer 503, or every call while `down`. */
export interface CrmSwitch {
  readonly times: number;
  readonly down: boolean;
  /** Calls answered 503 by the switch since the last reset. */
  readonly failed: number;
}

/** A control's refusal: its status and body (JSON when it was JSON, else the text). */
export class DemoControlError extends Error {
  readonly status: number;
  readonly body: unknown;
  // No parameter properties: Node runs this file (the bench) by stripping its types only.
  constructor(status: number, body: unknown, what: string) {
    super(`demo ${what}: ${status} ${typeof body === 'string' ? body : JSON.stringify(body)}`);
    this.name = 'DemoControlError';
    this.status = status;
    this.body = body;
  }
}

export interface DemoCrmControl {
  /** The webhook's address, as the site is given it (CRM_WEBHOOK_URL). */
  readonly webhookUrl: string;
  /** Where the received leads are listed (GET, JSON), for a person to look at. */
  readonly leadsUrl: string;
  /** Posts to the webhook as the site does (the CRM's own answer, whatever its status). */
  post(body: BodyInit | null, headers?: HeadersInit, init?: RequestInit): Promise<Response>;
  /** Every lead received, oldest first. */
  received<T = CrmLead>(): Promise<T[]>;
  /** Sets the failure switch. */
  fail(change: { times?: number; down?: boolean }): Promise<CrmSwitch>;
  /** The failure switch as it is. */
  failState(): Promise<CrmSwitch>;
}

export interface DemoControl {
  /** The demo Drupal's base URL (the site's DRUPAL_BASE_URL). */
  readonly baseUrl: string;
  /** Clears everything but login sessions, the CRM's leads and switch included (204). */
  reset(): Promise<void>;
  readonly faults: {
    /** Replaces the fault configuration. */
    set(config: FaultConfigInput): Promise<FaultConfig>;
    /** No delay, no rule. */
    clear(): Promise<void>;
    get(): Promise<FaultConfig>;
  };
  readonly schema: {
    /** Switches the field layout until reset() (which returns to the instance's own). */
    set(mode: SchemaMode): Promise<SchemaMode>;
    get(): Promise<SchemaMode>;
  };
  requests(): Promise<RequestCounts>;
  /** The requests logged after `requests().total` was `mark`, oldest first, each with `done` once answered. */
  callsSince(mark: number): Promise<readonly LoggedRequest[]>;
  /** How many API requests had a path+query containing `fragment` (URL-decoded). */
  count(fragment: string): Promise<number>;
  node(nid: number): Promise<DemoNode>;
  /** Saves a node as an editor would (`changed` bumps); reset() restores it. */
  edit(nid: number, edit: NodeEdit): Promise<DemoNode>;
  submissions<T = Submission>(): Promise<T[]>;
  webform(id: string, switches: WebformSwitch): Promise<WebformSwitch>;
  /** webform_rest's upload patch, and whether the clinic's own modules are there (README.md, "Modules modes"). */
  modules(change: { webformUpload?: boolean; mode?: 'clinic' | 'stock' }): Promise<{ webformUpload: boolean; mode: 'clinic' | 'stock' }>;
  moduleState(): Promise<{ webformUpload: boolean; mode: 'clinic' | 'stock' }>;
  apiAccount(account: ApiAccount): Promise<{ viewUnpublished: boolean; user: string | null }>;
  reverseProxy(trusted: boolean): Promise<{ trusted: boolean }>;
  /** A bigger clinic: `count` extra published doctors. */
  doctors(count: number): Promise<{ count: number }>;
  /** An editor's new sums, by price row code; each call replaces the previous ones. */
  prices(sums: Record<string, string>): Promise<{ sums: Record<string, string> }>;
  readonly crm: DemoCrmControl;
  /** The clinic's schedule system (README.md, "Schedule system"). */
  readonly schedule: DemoScheduleControl;
  /**
   * The same controls answering as they are, refusals included, with bodies of any shape: for
   * tests of the controls themselves.
   */
  readonly answer: {
    node(nid: number | string): Promise<Response>;
    edit(nid: number | string, body: unknown): Promise<Response>;
    crmFail(body: unknown): Promise<Response>;
  };
  /** A fresh instance of its own (README.md, "Instances"), with its own state, schema and CRM. */
  instance(options?: { schema?: SchemaMode }): Promise<DemoInstanceControl>;
}

export interface DemoInstanceControl extends DemoControl {
  readonly id: string;
  /** Forgets the instance (its base URL answers 404 from then on). */
  delete(): Promise<void>;
}

export interface DemoControlOptions {
  /** Every call gives up after this long (none unless given). */
  readonly timeoutMs?: number;
}

/** The control of the demo origin at `baseUrl` (its root, or an instance's base URL). */
export function demoControl(baseUrl: string, options: DemoControlOptions = {}): DemoControl {
  const base = baseUrl.replace(/\/+$/, '');
  const root = new URL(base).origin;
  const init = (method: string, body?: unknown): RequestInit => ({
    method,
    ...(options.timeoutMs !== undefined ? { signal: AbortSignal.timeout(options.timeoutMs) } : {}),
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const send = async <T>(method: string, url: string, body: unknown, expected: number): Promise<T> =>
    answerOf<T>(await fetch(url, init(method, body)), expected, `${method} ${new URL(url).pathname}`);
  const call = <T>(method: string, path: string, body?: unknown, expected = 200) => send<T>(method, `${base}${path}`, body, expected);
  const raw = (method: string, path: string, body?: unknown) => fetch(`${base}${path}`, init(method, body));

  const requests = () => call<RequestCounts>('GET', '/__demo/requests');

  return {
    baseUrl: base,
    reset: () => call<void>('POST', '/__demo/reset', undefined, 204),
    faults: {
      set: (config) => call<FaultConfig>('POST', '/__demo/faults', config),
      clear: async () => void (await call<FaultConfig>('POST', '/__demo/faults', {})),
      get: () => call<FaultConfig>('GET', '/__demo/faults'),
    },
    schema: {
      set: async (mode) => (await call<{ mode: SchemaMode }>('POST', '/__demo/schema', { mode })).mode,
      get: async () => (await call<{ mode: SchemaMode }>('GET', '/__demo/schema')).mode,
    },
    requests,
    async callsSince(mark) {
      const { log, total } = await requests();
      return log.slice(log.length - (total - mark));
    },
    async count(fragment) {
      const { byUrl } = await requests();
      return Object.entries(byUrl)
        .filter(([url]) => safeDecode(url).includes(fragment))
        .reduce((sum, [, n]) => sum + n, 0);
    },
    node: (nid) => call<DemoNode>('GET', `/__demo/nodes/${nid}`),
    edit: (nid, edit) => call<DemoNode>('POST', `/__demo/nodes/${nid}`, edit),
    submissions: <T>() => call<T[]>('GET', '/__demo/submissions'),
    webform: (id, switches) => call<WebformSwitch>('POST', `/__demo/webforms/${encodeURIComponent(id)}`, switches),
    modules: (change) => call<{ webformUpload: boolean; mode: 'clinic' | 'stock' }>('POST', '/__demo/modules', change),
    moduleState: () => call<{ webformUpload: boolean; mode: 'clinic' | 'stock' }>('GET', '/__demo/modules'),
    apiAccount: (account) => call<{ viewUnpublished: boolean; user: string | null }>('POST', '/__demo/api-account', account),
    reverseProxy: (trusted) => call<{ trusted: boolean }>('POST', '/__demo/reverse-proxy', { trusted }),
    doctors: (count) => call<{ count: number }>('POST', '/__demo/doctors', { count }),
    prices: (sums) => call<{ sums: Record<string, string> }>('POST', '/__demo/prices', { sums }),
    crm: {
      webhookUrl: `${base}/__demo/crm/webhook`,
      leadsUrl: `${base}/__demo/crm/leads`,
      post: (body, headers, init) => fetch(`${base}/__demo/crm/webhook`, { ...init, method: init?.method ?? 'POST', headers, body }),
      received: <T>() => call<T[]>('GET', '/__demo/crm/leads'),
      fail: (change) => call<CrmSwitch>('POST', '/__demo/crm/fail', change),
      failState: () => call<CrmSwitch>('GET', '/__demo/crm/fail'),
    },
    schedule: {
      yclientsApiUrl: `${base}/yclients/api/v1`,
      renovatioApiUrl: `${base}/renovatio/api/public`,
      codesPageUrl: `${base}/__demo/schedule/codes`,
      state: () => call<ScheduleState>('GET', '/__demo/schedule'),
      take: (slot) => call<ScheduleBooking>('POST', '/__demo/schedule/take', slot),
      frontDesk: (change) => call<ScheduleBooking>('POST', '/__demo/schedule/front-desk', change),
      settings: (change) => call<Awaited<ReturnType<DemoScheduleControl['settings']>>>('POST', '/__demo/schedule/settings', change),
      async lastCode(phoneDigits) {
        const { codes } = await call<ScheduleState>('GET', '/__demo/schedule');
        return [...codes].reverse().find((c) => c.phone === phoneDigits)?.code ?? null;
      },
    },
    answer: {
      node: (nid) => raw('GET', `/__demo/nodes/${nid}`),
      edit: (nid, body) => raw('POST', `/__demo/nodes/${nid}`, body),
      crmFail: (body) => raw('POST', '/__demo/crm/fail', body),
    },
    async instance(model = {}) {
      const created = await send<{ id: string; baseUrl: string }>('POST', `${root}/__demo/instances`, model, 201);
      return {
        ...demoControl(created.baseUrl, options),
        id: created.id,
        delete: () => send<void>('DELETE', `${root}/__demo/instances/${created.id}`, undefined, 204),
      };
    },
  };
}

/** A control's JSON answer, or a DemoControlError for any status but the expected one. */
async function answerOf<T>(res: Response, expected: number, what: string): Promise<T> {
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: the text is the answer.
  }
  if (res.status !== expected) throw new DemoControlError(res.status, parsed, what);
  return parsed as T;
}

function safeDecode(url: string): string {
  try {
    return decodeURIComponent(url.replaceAll('+', ' '));
  } catch {
    return url;
  }
}
