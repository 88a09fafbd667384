/**
 * Module-level state of the demo origin (one isolate under wrangler dev): fault configuration,
 * schema mode, request counters, accepted webform submissions, login sessions, failed logins (flood
 * control) and the demo CRM's leads and failure switch. Node edits live in content/edits.ts.
 */
import type { Json, JsonObject } from './json';

export interface FaultRule {
  /** Applies when the request's path+query (URL-decoded) contains this string. */
  readonly match: string;
  readonly delayMs?: number;
  readonly status?: number;
  readonly hang?: boolean;
  /**
   * Answers a body that is not what the site expects, with the rule's status (200 unless given):
   * `html` a text/html maintenance page; `broken-json` the real response cut off half-way.
   */
  readonly body?: FaultBody;
}

export type FaultBody = 'html' | 'broken-json';

export interface FaultConfig {
  /** Overrides DEMO_DELAY_MS when set. */
  readonly delayMs?: number;
  readonly rules: readonly FaultRule[];
}

export interface Submission {
  readonly sid: string;
  readonly webform_id: string;
  readonly created: string;
  /** How the post authenticated: HTTP Basic of a demo account, Basic that matched none (Drupal then treats the post as anonymous), or nothing. */
  readonly auth: 'basic' | 'basic-invalid' | 'anonymous';
  /** The form's own (non-private) elements only, as webform stores them; files as {name, size}. */
  readonly data: JsonObject;
  /** The page webform records for the submission: the submit call's Referer, null without one. */
  readonly uri: string | null;
}

/** A form's test switches (POST /__demo/webforms/{id}), as an editor would change the form. */
export interface WebformSwitch {
  /** Closed to new submissions: webform_rest answers 400 with the closed message. */
  readonly closed?: boolean;
  /** Elements made required. */
  readonly required?: readonly string[];
  /** A required element of a type the site does not render (a signature). */
  readonly signature?: boolean;
}

/** What the demo CRM keeps of a file it received: never the bytes. */
export interface CrmFileRecord {
  readonly name: string;
  readonly type: string | null;
  readonly size: number;
  readonly sha256: string;
}

/** A lead the demo CRM accepted (POST /__demo/crm/webhook). */
export interface CrmLead {
  readonly id: string;
  readonly received_at: string;
  readonly idempotency_key: string | null;
  /** Calls that carried this lead's idempotency key (1, or more when the site retried a delivered lead). */
  deliveries: number;
  /** The posted object, without the files' content. */
  readonly data: JsonObject;
  readonly files: readonly CrmFileRecord[];
}

export interface CrmState {
  leads: CrmLead[];
  nextId: number;
  /** The next this many webhook calls answer 503. */
  failTimes: number;
  /** Every webhook call answers 503 while set. */
  down: boolean;
  /** Webhook calls answered 503 by the switch since the last reset. */
  failed: number;
}

function emptyCrm(): CrmState {
  return { leads: [], nextId: 1, failTimes: 0, down: false, failed: 0 };
}

export interface Session {
  readonly id: string;
  readonly uid: number;
  readonly csrfToken: string;
  readonly logoutToken: string;
}

/** Field layout the demo answers in (README.md, "Schema modes"). */
export type SchemaMode = 'full' | 'lean';

export const state = {
  faults: { rules: [] } as FaultConfig,
  /** The mode DEMO_SCHEMA chose (refreshed from the binding on every request). */
  schemaDefault: 'full' as SchemaMode,
  /** The mode POST /__demo/schema set; null: the DEMO_SCHEMA one. */
  schemaOverride: null as SchemaMode | null,
  total: 0,
  byUrl: new Map<string, number>(),
  submissions: [] as Submission[],
  sessions: new Map<string, Session>(),
  /**
   * Failed login times (ms) of POST /user/login's flood control, per core's identifiers:
   * `user:{uid}-{ip}` (user flood) and `ip:{ip}` (IP flood).
   */
  loginFailures: new Map<string, number[]>(),
  /** Whether the client IP is read from X-Forwarded-For, as settings.php's `reverse_proxy` makes Drupal do. */
  trustsReverseProxy: true,
  crm: emptyCrm(),
  /** webform_rest's upload resource, a patch no release has (POST /__demo/modules {"webformUpload": true}). */
  webformUpload: false,
  /** Per form id: POST /__demo/webforms/{id}. */
  webformSwitches: new Map<string, WebformSwitch>(),
  /**
   * The site's API account (HTTP Basic) as Drupal's permissions make it: with "view any unpublished
   * content" it gets drafts from translate-path and JSON:API, as an editor's session does.
   */
  apiAccount: { viewUnpublished: false } as ApiAccount,
};

export interface ApiAccount {
  readonly viewUnpublished: boolean;
  /** Only Basic credentials with this user name are that account; without it, any Basic credentials are. */
  readonly user?: string;
}

export function resetState(): void {
  state.faults = { rules: [] };
  state.schemaOverride = null;
  state.total = 0;
  state.byUrl.clear();
  state.submissions = [];
  state.loginFailures.clear();
  state.trustsReverseProxy = true;
  state.crm = emptyCrm();
  state.webformUpload = false;
  state.webformSwitches.clear();
  state.apiAccount = { viewUnpublished: false };
}

export function countRequest(key: string): void {
  state.total += 1;
  state.byUrl.set(key, (state.byUrl.get(key) ?? 0) + 1);
}

export function requestsJson(): Json {
  const byUrl: JsonObject = {};
  for (const [k, v] of state.byUrl) byUrl[k] = v;
  return { total: state.total, byUrl };
}
