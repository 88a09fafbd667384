/**
 * The state of one demo origin (createDemoOrigin): fault configuration, schema mode, request
 * counters, accepted webform submissions, uploads, login sessions, failed logins (flood control),
 * switches, node edits, extra nodes, price edits and the schedule system's bookings. Every instance has its own, so that test
 * files can each ask for a fresh Drupal (README.md, "Instances"); handlers reach the one of the
 * request they answer through Hono's context storage (demoState()).
 */
import { tryGetContext } from 'hono/context-storage';
import type { Json, JsonObject } from './json';
import type { FaultConfig } from './fault-rule';
import type { NodeRecord } from '../content/model';
import { createScheduleState, resetSchedule, type ScheduleState } from '../schedule/state';

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

export interface Session {
  readonly id: string;
  readonly uid: number;
  readonly csrfToken: string;
  readonly logoutToken: string;
}

/** Which modules the demo Drupal has (README.md, "Modules modes"). */
export type ModulesMode = 'clinic' | 'stock';

/** Field layout the demo answers in (README.md, "Schema modes"). */
export type SchemaMode = 'full' | 'lean';

export interface ApiAccount {
  readonly viewUnpublished: boolean;
  /** Only Basic credentials with this user name are that account; without it, any Basic credentials are. */
  readonly user?: string;
}

/** What a node edit (POST /__demo/nodes/{nid}) may change: content/edits.ts. */
export interface NodeValues {
  readonly title: string;
  readonly status: boolean;
  readonly changed: string;
  readonly fields: Readonly<Record<string, Json>>;
}

/** The fault configuration, shared with the demo CRM of the same instance (only rules naming it reach it). */
export interface FaultSwitch {
  config: FaultConfig;
}

export function createFaultSwitch(): FaultSwitch {
  return { config: { rules: [] } };
}

export interface DemoState {
  /** The path the instance is served under ("" for the default one): absolute URLs include it. */
  readonly basePath: string;
  readonly faults: FaultSwitch;
  /** The mode the instance was created with; null: the one the DEMO_SCHEMA var chooses. */
  readonly schemaDefault: SchemaMode | null;
  /** The mode DEMO_SCHEMA chose (refreshed from the binding on every request). */
  schemaFromVar: SchemaMode;
  /** The mode POST /__demo/schema set; null: the default one. */
  schemaOverride: SchemaMode | null;
  /** The modules mode DEMO_MODULES chose (refreshed from the binding on every request). */
  modulesFromVar: ModulesMode;
  /** The modules mode POST /__demo/modules set; null: DEMO_MODULES's. */
  modulesOverride: ModulesMode | null;
  total: number;
  readonly byUrl: Map<string, number>;
  /** The newest API requests in the order they arrived, with when each arrived and was answered (GET /__demo/requests). */
  readonly log: RequestLogEntry[];
  submissions: Submission[];
  readonly sessions: Map<string, Session>;
  /** Created lazily: Workers forbid random values in the global scope. */
  anonymousToken: string | null;
  /**
   * Failed login times (ms) of POST /user/login's flood control, per core's identifiers:
   * `user:{uid}-{ip}` (user flood) and `ip:{ip}` (IP flood).
   */
  readonly loginFailures: Map<string, number[]>;
  /** Whether the client IP is read from X-Forwarded-For, as settings.php's `reverse_proxy` makes Drupal do. */
  trustsReverseProxy: boolean;
  /** webform_rest's upload resource, a patch no release has (POST /__demo/modules {"webformUpload": true}). */
  webformUpload: boolean;
  /** Files uploaded through the upload resource, by fid: their name and size only. */
  readonly uploads: Map<string, { name: string; size: number }>;
  nextFid: number;
  /** Per form id: POST /__demo/webforms/{id}. */
  readonly webformSwitches: Map<string, WebformSwitch>;
  /**
   * The site's API account (HTTP Basic) as Drupal's permissions make it: with "view any unpublished
   * content" it gets drafts from translate-path and JSON:API, as an editor's session does.
   */
  apiAccount: ApiAccount;
  /** Edited nodes' values, by nid (content/edits.ts). */
  readonly edits: Map<number, NodeValues>;
  /** A bigger clinic's extra nodes (POST /__demo/doctors), in nid order, with their lookups. */
  extraNodes: readonly NodeRecord[];
  /** Price sums an editor changed (POST /__demo/prices), by row code. */
  readonly priceSums: Map<string, string>;
  /** The clinic's schedule system (schedule/): bookings, codes sent, its settings. */
  readonly schedule: ScheduleState;
  /** What else POST /__demo/reset clears (the instance's demo CRM). */
  readonly onReset: () => void;
}

export interface StateOptions {
  readonly basePath?: string;
  readonly schema?: SchemaMode;
  readonly faults?: FaultSwitch;
  readonly onReset?: () => void;
}

export function createState(options: StateOptions = {}): DemoState {
  return {
    basePath: options.basePath ?? '',
    faults: options.faults ?? createFaultSwitch(),
    schemaDefault: options.schema ?? null,
    schemaFromVar: 'full',
    schemaOverride: null,
    modulesFromVar: 'clinic',
    modulesOverride: null,
    total: 0,
    byUrl: new Map(),
    log: [],
    submissions: [],
    sessions: new Map(),
    anonymousToken: null,
    loginFailures: new Map(),
    trustsReverseProxy: true,
    webformUpload: false,
    uploads: new Map(),
    nextFid: 1000,
    webformSwitches: new Map(),
    apiAccount: { viewUnpublished: false },
    edits: new Map(),
    extraNodes: [],
    priceSums: new Map(),
    schedule: createScheduleState(),
    onReset: options.onReset ?? (() => undefined),
  };
}

/** POST /__demo/reset: everything but login sessions (and the uploads' fids, which keep counting). */
export function resetState(s: DemoState): void {
  s.faults.config = { rules: [] };
  s.schemaOverride = null;
  s.modulesOverride = null;
  s.total = 0;
  s.byUrl.clear();
  s.log.length = 0;
  s.submissions = [];
  s.loginFailures.clear();
  s.trustsReverseProxy = true;
  s.webformUpload = false;
  s.webformSwitches.clear();
  s.apiAccount = { viewUnpublished: false };
  s.edits.clear();
  s.extraNodes = [];
  s.priceSums.clear();
  resetSchedule(s.schedule);
  s.onReset();
}

export interface StateEnv {
  Variables: { demo: DemoState };
}

/**
 * The state of the instance answering the current request. Outside a request (module
 * initialisation), a blank state: what the content files define. Read with `get`: Hono's `var`
 * copies every variable of the request into a new object, and this is asked for in loops.
 */
export function demoState(): DemoState {
  return tryGetContext<StateEnv>()?.get('demo') ?? blank;
}

const blank = createState();

/** One API request as the log keeps it: path+query as received, ms since the epoch it arrived and was answered. */
export interface RequestLogEntry {
  url: string;
  at: number;
  done?: number;
}

/** The log keeps the newest requests only: a load run must not grow it without end. */
const LOG_KEPT = 2000;

/** Counts the request and logs its arrival; the caller sets `done` on the entry once it has answered. */
export function countRequest(key: string): RequestLogEntry {
  const s = demoState();
  s.total += 1;
  s.byUrl.set(key, (s.byUrl.get(key) ?? 0) + 1);
  const entry: RequestLogEntry = { url: key, at: Date.now() };
  s.log.push(entry);
  if (s.log.length > LOG_KEPT) s.log.splice(0, s.log.length - LOG_KEPT);
  return entry;
}

export function requestsJson(): Json {
  const s = demoState();
  const byUrl: JsonObject = {};
  for (const [k, v] of s.byUrl) byUrl[k] = v;
  const log = s.log.map(({ url, at, done }): JsonObject => (done === undefined ? { url, at } : { url, at, done }));
  return { total: s.total, byUrl, log };
}
