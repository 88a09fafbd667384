/**
 * `npm run bench:faults`: the site under load while Drupal misbehaves, a storm of unknown URLs,
 * and hostile inputs — against the built worker in workerd and the Node target on loopback, with the demo origin as Drupal.
 *
 * 1. Warm cache: home and a service page at 10, 50 and 200 connections.
 * 2. Origin faults after the fresh and stale windows have passed (a site started with 1 s TTLs):
 *    503, hanging, refused connections (a TCP proxy in front of the demo origin is closed), an HTML
 *    maintenance page, truncated JSON, 1.5 s slow. Visited pages must stay 200 (served stale).
 * 3. 2 000 distinct unknown URLs from 20 clients: origin calls per unknown URL.
 * 4. Hostile inputs, one at a time, each with the origin calls it caused.
 * Then 1–4 again on the Node target (dist/node/server.js with its own redis-server), and:
 * 5. (Node) Valkey killed with SIGKILL under load: visited pages still 200, a never-visited one
 *    answered, a lead sent meanwhile accepted (200/202) and in the demo CRM once Valkey, restarted
 *    from its append-only file, is back.
 *
 * Exits non-zero when a criterion of bench/faults/report.ts fails; prints why, then a summary per target.
 * Environment: FAULTS_WARM_SECONDS (3), FAULTS_LOAD_SECONDS (12) per load run; FAULTS_SCENARIOS
 * (e.g. `2,4`; all by default) to run only some parts; FAULTS_TARGETS (`workers,node` by default).
 */
import { CONSENT } from '../common/forms/definition.ts';
import {
  freePort,
  startDemoOrigin,
  startNodeSite,
  startSite,
  startValkey,
  type ValkeyServer,
  type WorkerServer,
} from '../scripts/servers.ts';
import { countsDiff, demoControl, type DemoControl, type FaultConfig, type OriginCounts } from './faults/demo-control.ts';
import { demoControl as controlClient } from '../demo-origin/control-client.ts';
import { HOSTILE_CASES, judge } from './faults/hostile.ts';
import { runLoad, type LoadResult } from './faults/load.ts';
import { rawGet, type RawResponse } from './faults/raw-request.ts';
import { CRITERIA, errorText, formatStatuses, ms, Report, type Criterion } from './faults/report.ts';
import { errorsSince, logMark } from './faults/site-log.ts';
import { startTcpProxy, type TcpProxy } from './faults/tcp-proxy.ts';

const WARM_SECONDS = Number(process.env.FAULTS_WARM_SECONDS ?? 3);
/** Longer than the request timeout, so that a request hung from the start of a fault run times out within it. */
const FAULT_SECONDS = Number(process.env.FAULTS_LOAD_SECONDS ?? 12);
/** Every request, under load or alone: unanswered after this long, it counts as hung. */
const REQUEST_TIMEOUT_MS = 10_000;
const LOAD_TIMEOUT_SECONDS = REQUEST_TIMEOUT_MS / 1000;

const LEGEND =
  `timeout = unanswered after ${LOAD_TIMEOUT_SECONDS} s (hung); error = connection error; dropped = connection closed before any answer; ` +
  'truncated = connection closed mid-answer; unparsed = an answer autocannon could not read after a timeout';

/** Short windows, so that every cached copy is past them (stale-if-error only) within 2.5 s. */
const FRESH_SECONDS = 1;
const STALE_SECONDS = 1;
const FAULT_SITE_VARS = {
  CACHE_FRESH_SECONDS: String(FRESH_SECONDS),
  CACHE_STALE_SECONDS: String(STALE_SECONDS),
  ORIGIN_TIMEOUT_MS: '1000',
  // A circuit breaker retries Drupal after this long; short, so each fault starts with it closed.
  ORIGIN_RETRY_SECONDS: '1',
};

const SCENARIOS = new Set((process.env.FAULTS_SCENARIOS ?? '1,2,3,4,5').split(',').map((s) => s.trim()));
const TARGETS = new Set((process.env.FAULTS_TARGETS ?? 'workers,node').split(',').map((s) => s.trim()));

type Target = 'workers' | 'node';

const UNKNOWN_URLS = 2_000;
const STORM_CONNECTIONS = 20;
const STALE_P50_TARGET_MS = 100;

interface Page {
  name: string;
  path: string;
}

interface Pages {
  home: Page;
  service: Page;
  /** Visited (so cached) before the origin faults. */
  faultSet: Page[];
  /** Pages no scenario visits; one per fault run, to see what an uncached page gets. */
  neverVisited: string[];
}

interface Suite {
  target: Target;
  demo: WorkerServer;
  control: DemoControl;
  report: Report;
  pages: Pages;
}

/** One fault at a time; `faults` goes to the demo origin's /__demo/faults, `refuse` closes the proxy. */
interface FaultCase {
  name: string;
  connections: number[];
  faults?: FaultConfig;
  refuse?: true;
}

const FAULT_CASES: readonly FaultCase[] = [
  { name: 'origin 503', connections: [50, 200], faults: { rules: [{ match: '/', status: 503 }] } },
  { name: 'origin hangs', connections: [50, 200], faults: { rules: [{ match: '/', hang: true }] } },
  { name: 'origin refuses connections', connections: [50], refuse: true },
  { name: 'origin HTML page (200)', connections: [50], faults: { rules: [{ match: '/', body: 'html' }] } },
  { name: 'origin broken JSON (200)', connections: [50], faults: { rules: [{ match: '/', body: 'broken-json' }] } },
  { name: 'origin 1.5 s slow', connections: [50], faults: { delayMs: 1_500 } },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// Pages and checks shared by the scenarios

async function aliases(demoUrl: string, bundle: string, limit: number): Promise<string[]> {
  const res = await fetch(`${demoUrl}/jsonapi/node/${bundle}?filter[status]=1&page[limit]=${limit}&sort=-created`);
  const doc = (await res.json()) as { data: { attributes: { path: { alias: string } } }[] };
  const list = doc.data.map((n) => n.attributes.path.alias).filter(Boolean);
  if (!list.length) throw new Error(`no ${bundle} in the demo origin`);
  return list;
}

async function findPages(demoUrl: string): Promise<Pages> {
  const [services, doctors, news] = await Promise.all([
    aliases(demoUrl, 'services', 1),
    aliases(demoUrl, 'doctors', 1),
    aliases(demoUrl, 'news', 20),
  ]);
  const home = { name: 'home', path: '/' };
  const service = { name: 'service', path: services[0]! };
  return {
    home,
    service,
    faultSet: [
      home,
      service,
      { name: 'news', path: '/news.html' },
      { name: 'news p2', path: '/news.html/2' },
      { name: 'doctor', path: doctors[0]! },
    ],
    neverVisited: news,
  };
}

/**
 * A visited page, requested once: it must be 200 (no answer at all is a hang, judged as such).
 * Returns its X-Cache, or null when there was no answer.
 */
async function visit(suite: Suite, siteUrl: string, path: string, during: string): Promise<string | null> {
  const answer = await rawGet(siteUrl, path, { timeoutMs: REQUEST_TIMEOUT_MS });
  if (typeof answer.status === 'number' && answer.status !== 200)
    suite.report.fail('visited200', `${during}: ${path} answered ${describe(answer)}`);
  checkNo5xx(suite, `${during}: ${path}`, answer, false);
  return typeof answer.status === 'number' ? String(answer.headers['x-cache'] ?? '') : null;
}

function describe(answer: RawResponse): string {
  return typeof answer.status === 'number' ? `${answer.status} after ${ms(answer.ms)}` : `${answer.status} (${answer.error})`;
}

/** 5xx, a hang or a dropped connection fails; the honest 503 only where `honest503` says so. */
function checkNo5xx(suite: Suite, what: string, answer: RawResponse, honest503: boolean): void {
  const bad = typeof answer.status !== 'number' || (answer.status >= 500 && !(honest503 && answer.status === 503));
  if (bad) suite.report.fail('no5xx', `${what} answered ${describe(answer)}`);
}

/** A load run on visited pages: every answer 200, nothing 5xx, nothing hung or dropped. */
function judgeLoad(suite: Suite, label: string, result: LoadResult): void {
  const wrong: string[] = [];
  for (const [path, statuses] of Object.entries(result.byPath)) {
    // Unanswered and unparsed requests are judged below, as hangs.
    const other = Object.fromEntries(Object.entries(statuses).filter(([code]) => code !== '200' && code !== 'unparsed'));
    if (Object.keys(other).length) wrong.push(`${path} ${formatStatuses(other)}`);
  }
  if (wrong.length) suite.report.fail('visited200', `${label}: ${wrong.join(', ')}`);
  const broken = Object.fromEntries(Object.entries(result.statuses).filter(([code]) => !/^\d+$/.test(code) || Number(code) >= 500));
  if (Object.keys(broken).length) {
    suite.report.fail('no5xx', `${label}: ${formatStatuses(broken)}`);
  }
}

interface RunMarks {
  log: number;
  demoLog: number;
}

const startRun = (suite: Suite, site: WorkerServer): RunMarks => ({
  log: logMark(site),
  demoLog: logMark(suite.demo),
});

/** Prints the site's and the demo origin's error lines since the run started. */
function endRun(suite: Suite, site: WorkerServer, marks: RunMarks): void {
  for (const line of errorsSince(site, marks.log)) console.log(`    site log: ${line}`);
  for (const line of errorsSince(suite.demo, marks.demoLog)) console.log(`    demo origin log: ${line}`);
}

function printLoad(label: string, connections: number, result: LoadResult, origin: number | string): void {
  // Requests still waiting when a run stops are neither answers nor timeouts; show them when they had waited long.
  const inFlight =
    result.oldestInFlightMs > 2_000 ? `, ${result.inFlightAtStop} in flight at stop (oldest ${ms(result.oldestInFlightMs)})` : '';
  console.log(
    `  ${label.padEnd(34)} c=${String(connections).padEnd(4)} sent ${String(result.sent).padStart(6)}  ${formatStatuses(result.statuses).padEnd(28)}` +
      ` p50 ${ms(result.p50).padStart(7)}  p99 ${ms(result.p99).padStart(8)}  origin req ${origin}  X-Cache ${formatStatuses(result.xCache)}${inFlight}`,
  );
}

// ---------------------------------------------------------------------------------------------
// 1. Warm cache

async function warmScenario(suite: Suite, site: WorkerServer): Promise<void> {
  console.log('\n1. Warm cache (default TTLs; every page already cached)');
  const pages = [suite.pages.home, suite.pages.service];
  for (const page of pages) for (let i = 0; i < 2; i++) await visit(suite, site.url, page.path, 'warm-up');
  for (const connections of [10, 50, 200]) {
    for (const page of pages) {
      await suite.control.reset();
      const marks = startRun(suite, site);
      const result = await runLoad({
        baseUrl: site.url,
        paths: [page.path],
        connections,
        seconds: WARM_SECONDS,
        timeoutSeconds: LOAD_TIMEOUT_SECONDS,
        latencyOf: '2xx',
      });
      const origin = (await suite.control.counts()).total;
      const label = `warm ${page.name}`;
      printLoad(label, connections, result, origin);
      endRun(suite, site, marks);
      judgeLoad(suite, label, result);
      suite.report.row({
        scenario: `1 ${label}`,
        connections,
        sent: result.sent,
        statuses: result.statuses,
        p50: result.p50,
        p99: result.p99,
        origin,
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// 2. Origin faults

/** The site under origin faults, behind the TCP proxy; restarted when a fault left it wedged. */
interface FaultSite {
  server: WorkerServer;
  proxy: TcpProxy;
  restart(): Promise<void>;
}

/** Visit every fault-set page twice, so that all are cached. */
async function prime(suite: Suite, site: WorkerServer): Promise<void> {
  for (const page of suite.pages.faultSet) for (let i = 0; i < 2; i++) await visit(suite, site.url, page.path, 'priming the fault site');
}

/**
 * Drupal healthy again, every fault-set page refreshed from it, then all copies left to age past
 * the fresh and stale windows: the next fault meets a site that must ask Drupal, and can only
 * serve stale copies when Drupal fails.
 */
async function recover(suite: Suite, fs: FaultSite): Promise<void> {
  await suite.control.clearFaults();
  await fs.proxy.open();
  // Not STALE means the site reached Drupal (a circuit breaker may keep serving stale for a while).
  const deadline = Date.now() + 20_000;
  let cache: string | null;
  while ((cache = await visit(suite, fs.server.url, '/', 'recovery after a fault')) === 'STALE') {
    if (Date.now() > deadline) {
      suite.report.note('the site still served STALE 20 s after the origin recovered');
      break;
    }
    await sleep(250);
  }
  if (cache === null) {
    // Still hung with Drupal healthy (failed above): a fresh site, so the next fault is tested at all.
    console.log('    ⚠ the site did not answer although Drupal is healthy again: restarting it (empty cache) for the next fault');
    suite.report.note('the fault site stayed hung after Drupal recovered and was restarted');
    await fs.restart();
    await prime(suite, fs.server);
  }
  for (const page of suite.pages.faultSet) await visit(suite, fs.server.url, page.path, 'recovery after a fault');
  await sleep((FRESH_SECONDS + STALE_SECONDS) * 1000 + 500);
}

/** One fault at one concurrency: switch it on, load the visited pages, probe a never-visited one. */
async function runFault(suite: Suite, fs: FaultSite, fault: FaultCase, connections: number): Promise<LoadResult> {
  await recover(suite, fs);
  const { server: site, proxy } = fs;
  await suite.control.reset();
  proxy.resetCount();
  if (fault.refuse) await proxy.refuse();
  if (fault.faults) await suite.control.setFaults(fault.faults);
  const marks = startRun(suite, site);
  const label = `${fault.name} c=${connections}`;

  const result = await runLoad({
    baseUrl: site.url,
    paths: suite.pages.faultSet.map((p) => p.path),
    connections,
    seconds: FAULT_SECONDS,
    timeoutSeconds: LOAD_TIMEOUT_SECONDS,
    latencyOf: '2xx',
  });
  const origin = fault.refuse ? `refused (${proxy.accepted} accepted)` : (await suite.control.counts()).total;
  await checkFaultKept(suite, fault, label);
  printLoad(fault.name, connections, result, origin);
  endRun(suite, site, marks);
  judgeLoad(suite, fault.name, result);
  suite.report.row({
    scenario: `2 ${fault.name}`,
    connections,
    sent: result.sent,
    statuses: result.statuses,
    p50: result.p50,
    p99: result.p99,
    origin,
  });

  // A page the site has never seen has nothing stale to serve: an honest 503 is allowed.
  const fresh = suite.pages.neverVisited.shift();
  if (fresh) {
    const probe = await rawGet(site.url, fresh, { timeoutMs: REQUEST_TIMEOUT_MS });
    console.log(`    never-visited ${fresh}: ${describe(probe)}`);
    checkNo5xx(suite, `${fault.name}: never-visited ${fresh}`, probe, true);
  }
  return result;
}

/** The demo keeps faults in its process's memory: if it restarted, the run did not test the fault. */
async function checkFaultKept(suite: Suite, fault: FaultCase, label: string): Promise<void> {
  const same = (a: FaultConfig = {}) => JSON.stringify({ delayMs: a.delayMs, rules: a.rules ?? [] });
  const inForce = await suite.control.faults();
  if (same(inForce) !== same(fault.faults)) {
    suite.report.suiteProblem(
      `the demo origin lost its fault config during "${label}" (now ${JSON.stringify(inForce)}): restarted? That run did not test the fault.`,
    );
  }
}

async function faultScenarios(suite: Suite, fs: FaultSite): Promise<void> {
  console.log(
    `\n2. Origin faults (site with CACHE_FRESH_SECONDS=${FRESH_SECONDS}, CACHE_STALE_SECONDS=${STALE_SECONDS}, ORIGIN_TIMEOUT_MS=1000; ` +
      `${FAULT_SECONDS} s per run on ${suite.pages.faultSet.map((p) => p.path).join(', ')})`,
  );
  await prime(suite, fs.server);
  const staleP50: string[] = [];
  for (const fault of FAULT_CASES) {
    for (const connections of fault.connections) {
      const result = await runFault(suite, fs, fault, connections);
      if (fault.faults?.rules?.some((r) => r.hang)) staleP50.push(`${ms(result.p50)} at ${connections} connections`);
    }
  }
  await suite.control.clearFaults();
  await fs.proxy.open();
  const line = `p50 of stale pages while the origin hangs: ${staleP50.join(', ')} (target < ${STALE_P50_TARGET_MS} ms)`;
  console.log(`  ${line}`);
  suite.report.note(line);
  // What the runtime itself takes at those loads: a static file the site never runs code for (docs/benchmarks.md,
  // "Stale pages while Drupal hangs").
  const floor: string[] = [];
  for (const connections of new Set(FAULT_CASES.flatMap((fault) => (fault.faults?.rules?.some((r) => r.hang) ? fault.connections : [])))) {
    const file = await runLoad({
      baseUrl: fs.server.url,
      paths: ['/favicon.svg'],
      connections,
      seconds: 4,
      timeoutSeconds: 10,
      latencyOf: '2xx',
    });
    floor.push(`${ms(file.p50)} at ${connections} connections`);
  }
  const floorLine = `p50 of a static file (/favicon.svg) on the same site, the runtime's floor: ${floor.join(', ')}`;
  console.log(`  ${floorLine}`);
  suite.report.note(floorLine);
}

// ---------------------------------------------------------------------------------------------
// 3. Unknown-URL storm

const UNKNOWN_PATH = /\/net-takoi-stranicy-(\d+)\.html/;

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Origin calls per unknown URL (by the path they name) and the calls that name none. */
function attribute(counts: OriginCounts): { perUrl: Map<string, number>; unattributed: Record<string, number> } {
  const perUrl = new Map<string, number>();
  const unattributed: Record<string, number> = {};
  for (const [key, n] of Object.entries(counts.byUrl)) {
    const id = UNKNOWN_PATH.exec(safeDecode(key))?.[1];
    if (id) perUrl.set(id, (perUrl.get(id) ?? 0) + n);
    else unattributed[key] = n;
  }
  return { perUrl, unattributed };
}

/** What the unknown URLs cost, attributed through the paths the calls name. */
function printStormCosts(counts: OriginCounts): { perUrlMax: number; histogram: Record<string, number> } {
  const { perUrl, unattributed } = attribute(counts);
  const perUrlMax = Math.max(0, ...perUrl.values());
  const histogram: Record<string, number> = {};
  for (const n of perUrl.values()) histogram[`${n} calls`] = (histogram[`${n} calls`] ?? 0) + 1;
  console.log(`    calls naming the URL, per URL: ${formatStatuses(histogram)} (max ${perUrlMax})`);
  const example = [...perUrl.entries()].find(([, n]) => n === perUrlMax)?.[0];
  if (example) {
    const calls = Object.entries(counts.byUrl).filter(([key]) => UNKNOWN_PATH.exec(safeDecode(key))?.[1] === example);
    console.log(`    e.g. /net-takoi-stranicy-${example}.html cost: ${calls.map(([k, n]) => `${k}${n > 1 ? ` ×${n}` : ''}`).join(', ')}`);
  }
  const unattributedTotal = Object.values(unattributed).reduce((a, b) => a + b, 0);
  const list = Object.entries(unattributed)
    .map(([k, n]) => `${k} ×${n}`)
    .join(', ');
  console.log(`    calls naming no URL (path-independent): ${unattributedTotal}${unattributedTotal ? ` — ${list}` : ''}`);
  return { perUrlMax, histogram };
}

async function unknownUrlStorm(suite: Suite, site: WorkerServer): Promise<void> {
  console.log(`\n3. ${UNKNOWN_URLS} distinct unknown URLs from ${STORM_CONNECTIONS} clients (default TTLs)`);
  // The error page's frame (menus, error node) is the same for every unknown URL: cache it first.
  await rawGet(site.url, '/net-takoi-stranicy-warmup.html', { timeoutMs: REQUEST_TIMEOUT_MS });
  await suite.control.reset();
  const marks = startRun(suite, site);
  let sent = 0;
  const result = await runLoad({
    baseUrl: site.url,
    paths: { group: 'unknown URLs', next: () => `/net-takoi-stranicy-${++sent}.html` },
    connections: STORM_CONNECTIONS,
    amount: UNKNOWN_URLS,
    maxSeconds: 90,
    timeoutSeconds: REQUEST_TIMEOUT_MS / 1000,
    latencyOf: 'all',
  });
  const counts = await suite.control.settledCounts();
  const urls = Math.max(sent, 1);
  printLoad('unknown URLs', STORM_CONNECTIONS, result, counts.total);
  endRun(suite, site, marks);
  console.log(
    `    ${urls} URLs in ${result.seconds.toFixed(1)} s; origin calls per unknown URL: ${(counts.total / urls).toFixed(2)} on average`,
  );
  const { perUrlMax, histogram } = printStormCosts(counts);

  suite.report.row({
    scenario: '3 unknown URLs',
    connections: STORM_CONNECTIONS,
    sent: result.sent,
    statuses: result.statuses,
    p50: result.p50,
    p99: result.p99,
    origin: `${counts.total} (${(counts.total / urls).toFixed(2)}/URL, max ${perUrlMax})`,
  });
  if (perUrlMax > 2)
    suite.report.fail('unknownCost', `an unknown URL cost up to ${perUrlMax} origin calls naming it (${formatStatuses(histogram)})`);
  // Path-independent calls are allowed once (the error frame, cached); repeated per URL they are a cost too.
  if (counts.total > 2 * urls + 20)
    suite.report.fail('unknownCost', `${counts.total} origin calls for ${urls} unknown URLs = ${(counts.total / urls).toFixed(2)} per URL`);
  const broken = Object.fromEntries(Object.entries(result.statuses).filter(([code]) => !/^\d+$/.test(code) || Number(code) >= 500));
  if (Object.keys(broken).length) suite.report.fail('no5xx', `unknown URLs: ${formatStatuses(broken)}`);
  if (!sent || sent < UNKNOWN_URLS) suite.report.fail('no5xx', `the storm sent only ${sent} of ${UNKNOWN_URLS} URLs within 90 s`);
}

// ---------------------------------------------------------------------------------------------
// 4. Hostile inputs

const short = (s: string, max = 110) => (s.length > max ? `${s.slice(0, max)}…(${s.length} chars)` : s);

async function hostileInputs(suite: Suite, site: WorkerServer): Promise<void> {
  console.log('\n4. Hostile inputs (one at a time; ✗ marks an origin call the request should not have caused)');
  // The error frames are path-independent and cached after one request each.
  await rawGet(site.url, '/net-takoi-stranicy-hostile-warmup.html', { timeoutMs: REQUEST_TIMEOUT_MS });
  await rawGet(site.url, '/400', { timeoutMs: REQUEST_TIMEOUT_MS });
  await suite.control.settledCounts();
  await suite.control.reset();
  const marks = startRun(suite, site);
  const statuses: Record<string, number> = {};
  let before = await suite.control.counts();
  for (const hostile of HOSTILE_CASES) {
    const answer = await rawGet(site.url, hostile.path, { headers: hostile.headers ?? {}, timeoutMs: REQUEST_TIMEOUT_MS });
    const after = await suite.control.settledCounts();
    const calls = countsDiff(before, after);
    before = after;
    statuses[String(answer.status)] = (statuses[String(answer.status)] ?? 0) + 1;

    const verdict = judge(hostile, calls, answer, site.url);
    const location = answer.headers['location'] ? ` → ${short(String(answer.headers['location']), 60)}` : '';
    console.log(
      `  ${String(answer.status).padStart(7)} ${ms(answer.ms).padStart(7)}  ${hostile.name}${location}  (${short(hostile.path, 70)})`,
    );
    for (const [key, n] of Object.entries(calls)) {
      console.log(`            ${verdict.forbiddenCalls.includes(key) ? '✗' : '·'} origin ${short(key)}${n > 1 ? ` ×${n}` : ''}`);
    }
    checkNo5xx(suite, `hostile "${hostile.name}"`, answer, false);
    if (verdict.forbiddenCalls.length) {
      const list = verdict.forbiddenCalls.map((key) => short(key, 70)).join(', ');
      suite.report.fail('hostileOrigin', `"${hostile.name}" caused ${verdict.forbiddenCalls.length} call(s) it should not: ${list}`);
    }
    for (const evidence of verdict.leaks) suite.report.fail('hostileOrigin', `"${hostile.name}": ${evidence}`);
    for (const reason of verdict.unsafe) suite.report.fail('hostileAnswers', `"${hostile.name}": ${reason}`);
  }
  endRun(suite, site, marks);
  const total = (await suite.control.counts()).total;
  suite.report.row({ scenario: '4 hostile inputs', connections: 1, sent: HOSTILE_CASES.length, statuses, origin: total });
}

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------
// 5. Valkey killed (Node)

const VALKEY_CONNECTIONS = 50;
/** How long the load runs before Valkey is killed, and after that before the lead is sent. */
const KILL_AFTER_MS = 2_000;
const LEAD_AFTER_KILL_MS = 1_000;
const CRM_WAIT_MS = 60_000;

/** The demo CRM's webhook and its demo token (demo-origin/wrangler.toml's DEMO_CRM_TOKEN). */
const crmVars = (demoUrl: string) => ({ CRM_WEBHOOK_URL: controlClient(demoUrl).crm.webhookUrl, CRM_WEBHOOK_TOKEN: 'demo-crm-token' });

/** A callback request as the popup posts it; its own client address, as the forms' limit counts per client. */
async function postLead(siteUrl: string, name: string): Promise<{ status: number | 'timeout' | 'error'; ms: number; body: string }> {
  const started = performance.now();
  try {
    const res = await fetch(`${siteUrl}/api/forms/callback`, {
      method: 'POST',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.57' },
      body: JSON.stringify({
        vashe_imya: name,
        nomer_telefona: '+7 (999) 555-44-33',
        [CONSENT.key]: true,
        send_page_url: `${siteUrl}/`,
        send_page_title: 'Главная',
      }),
    });
    const body = await res.text();
    return { status: res.status, ms: performance.now() - started, body: body.slice(0, 200) };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return { status: timedOut ? 'timeout' : 'error', ms: performance.now() - started, body: errorText(error).split('\n')[0]! };
  }
}

async function crmHas(demoUrl: string, name: string): Promise<{ deliveries: number } | null> {
  const leads = await controlClient(demoUrl).crm.received<{ data: { name?: string }; deliveries: number }>();
  const mine = leads.filter((lead) => lead.data.name === name);
  return mine.length ? { deliveries: mine.reduce((n, l) => n + l.deliveries, 0) } : null;
}

async function valkeyKilled(suite: Suite, site: WorkerServer, valkey: { current: ValkeyServer }): Promise<void> {
  const paths = suite.pages.faultSet.map((p) => p.path);
  console.log(
    `\n5. Valkey killed (SIGKILL) ${KILL_AFTER_MS / 1000} s into a ${FAULT_SECONDS} s run at ${VALKEY_CONNECTIONS} connections on ${paths.join(', ')} (default TTLs); ` +
      `a lead sent ${LEAD_AFTER_KILL_MS / 1000} s after the kill; Valkey restarted from its AOF after the run`,
  );
  await prime(suite, site);
  await suite.control.reset();
  const marks = startRun(suite, site);
  const load = runLoad({
    baseUrl: site.url,
    paths,
    connections: VALKEY_CONNECTIONS,
    seconds: FAULT_SECONDS,
    timeoutSeconds: LOAD_TIMEOUT_SECONDS,
    latencyOf: '2xx',
  });
  await sleep(KILL_AFTER_MS);
  const old = valkey.current;
  await old.kill();
  await sleep(LEAD_AFTER_KILL_MS);
  const name = `Проверка Valkey ${Date.now().toString(36)}`;
  const lead = await postLead(site.url, name);
  // A page nobody asked for yet: Drupal is healthy, so Workers would render it; so must Node without Valkey.
  const fresh = suite.pages.neverVisited.shift();
  const probe = fresh ? await rawGet(site.url, fresh, { timeoutMs: REQUEST_TIMEOUT_MS }) : null;
  const result = await load;
  const origin = (await suite.control.counts()).total;
  printLoad('Valkey killed', VALKEY_CONNECTIONS, result, origin);
  endRun(suite, site, marks);
  judgeLoad(suite, 'Valkey killed', result);
  suite.report.row({
    scenario: '5 Valkey killed',
    connections: VALKEY_CONNECTIONS,
    sent: result.sent,
    statuses: result.statuses,
    p50: result.p50,
    p99: result.p99,
    origin,
  });
  const hung = (result.statuses.timeout ?? 0) + (result.statuses.unparsed ?? 0);
  if (hung) suite.report.fail('valkeyDown', `Valkey killed: ${hung} request(s) unanswered within ${LOAD_TIMEOUT_SECONDS} s`);
  if (probe && fresh) {
    console.log(`    never-visited ${fresh} with Valkey down: ${describe(probe)}, X-Cache ${probe.headers['x-cache'] ?? '—'}`);
    if (probe.status !== 200)
      suite.report.fail('valkeyDown', `never-visited ${fresh} with Valkey down answered ${describe(probe)} (Workers, Drupal healthy: 200)`);
  }
  console.log(`    lead sent with Valkey down: ${lead.status} after ${ms(lead.ms)} ${lead.body}`);
  if (lead.status !== 200 && lead.status !== 202)
    suite.report.fail('valkeyDown', `a lead sent with Valkey down answered ${lead.status} after ${ms(lead.ms)}: ${lead.body}`);
  const inCrmWhileDown = await crmHas(suite.demo.url, name);
  console.log(`    in the demo CRM before Valkey is back: ${inCrmWhileDown ? `yes (${inCrmWhileDown.deliveries} deliveries)` : 'no'}`);

  valkey.current = await startValkey({ port: old.port, dir: old.dir });
  const restarted = performance.now();
  let delivered: { deliveries: number } | null = inCrmWhileDown;
  while (!delivered && performance.now() - restarted < CRM_WAIT_MS) {
    await sleep(250);
    delivered = await crmHas(suite.demo.url, name);
  }
  const after = performance.now() - restarted;
  if (delivered) console.log(`    lead in the demo CRM ${ms(after)} after Valkey restarted (${delivered.deliveries} deliveries)`);
  else suite.report.fail('valkeyDown', `the lead sent with Valkey down was not in the demo CRM ${ms(CRM_WAIT_MS)} after Valkey restarted`);
  const leadRow = delivered ? `lead ${lead.status}, in CRM ${ms(after)} after restart` : `lead ${lead.status}, not in CRM`;

  // Back: the same pages with Valkey restarted.
  const backMarks = startRun(suite, site);
  await suite.control.reset();
  const back = await runLoad({
    baseUrl: site.url,
    paths,
    connections: VALKEY_CONNECTIONS,
    seconds: WARM_SECONDS,
    timeoutSeconds: LOAD_TIMEOUT_SECONDS,
    latencyOf: '2xx',
  });
  const backOrigin = (await suite.control.counts()).total;
  printLoad('Valkey restarted', VALKEY_CONNECTIONS, back, backOrigin);
  endRun(suite, site, backMarks);
  judgeLoad(suite, 'Valkey restarted', back);
  suite.report.row({
    scenario: '5 Valkey restarted',
    connections: VALKEY_CONNECTIONS,
    sent: back.sent,
    statuses: back.statuses,
    p50: back.p50,
    p99: back.p99,
    origin: backOrigin,
  });
  suite.report.note(`Valkey killed: ${leadRow}; never-visited page ${probe ? describe(probe) : '—'}`);
}

// ---------------------------------------------------------------------------------------------

/** The demo origin with its full log, which shows reloads (a reload loses its fault switches). */
async function startDemo(): Promise<WorkerServer> {
  return startDemoOrigin({ port: await freePort(), developerLog: true });
}

/**
 * A server on a free port. Other runs on the machine pick free ports too (and wrangler also takes
 * port + 10 000): a port taken between the choice and the start is tried again on another.
 */
async function onFreePort<T>(start: (port: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(await freePort());
    } catch (error) {
      if (attempt >= 3 || !/Address already in use|EADDRINUSE/.test(String(error))) throw error;
    }
  }
}

/** How a target's sites start: the main site (default TTLs) and the fault site behind the proxy. */
interface TargetSites {
  site(): Promise<WorkerServer>;
  /** Each call an empty cache: a restart is meant to start afresh. */
  faultSite(proxyUrl: string): Promise<WorkerServer>;
}

/** Scenarios 1–4 (and 5 on Node) on one target, into its own report. */
async function runTarget(
  target: Target,
  demo: WorkerServer,
  stops: (() => Promise<void>)[],
  sites: TargetSites,
  valkey?: { current: ValkeyServer },
): Promise<Suite> {
  const report =
    target === 'node'
      ? new Report('Node target (dist/node/server.js + Valkey)')
      : new Report(
          'Workers target (workerd)',
          (Object.keys(CRITERIA) as Criterion[]).filter((c) => c !== 'valkeyDown'),
        );
  const suite: Suite = {
    target,
    demo,
    control: demoControl(demo.url),
    report,
    pages: await findPages(demo.url),
  };
  console.log(
    `\n===== ${target === 'node' ? 'Node target: dist/node/server.js, Valkey (redis-server, AOF)' : 'Workers target: the built worker in workerd'} =====`,
  );
  try {
    const site = await sites.site();
    stops.push(site.stop);
    if (SCENARIOS.has('1')) await warmScenario(suite, site);

    if (SCENARIOS.has('2')) {
      // The fault site reaches Drupal through a TCP proxy, so that Drupal can refuse connections.
      const proxy = await startTcpProxy(demo.port, await freePort());
      stops.push(proxy.close);
      const faultSite: FaultSite = {
        server: await sites.faultSite(proxy.url),
        proxy,
        restart: async () => {
          await faultSite.server.stop();
          faultSite.server = await sites.faultSite(proxy.url);
        },
      };
      stops.push(() => faultSite.server.stop());
      await faultScenarios(suite, faultSite);
      await faultSite.server.stop();
      await proxy.close();
    }

    if (SCENARIOS.has('3')) await unknownUrlStorm(suite, site);
    if (SCENARIOS.has('4')) await hostileInputs(suite, site);
    if (SCENARIOS.has('5') && valkey) await valkeyKilled(suite, site, valkey);
    await site.stop();
  } catch (error) {
    console.error(`\nThe ${target} suite stopped: ${errorText(error)}`);
    report.crash(error);
  }
  return suite;
}

async function main(): Promise<void> {
  const started = Date.now();
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => {});
  };
  // Ctrl-C or a kill: stop every server first.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stopAll().then(() => process.exit(signal === 'SIGINT' ? 130 : 143)));
  }

  const reports: Report[] = [];
  const setup = new Report('suite set-up');
  try {
    const demo = await startDemo();
    stops.push(demo.stop);
    console.log(`Fault-and-load suite: ${[...TARGETS].join(' and ')} on loopback, demo origin ${demo.url}`);
    console.log(`Answers: HTTP status × count; ${LEGEND}. p50/p99: latency of the 200 answers (of all answers for unknown URLs).`);

    if (TARGETS.has('workers')) {
      const suite = await runTarget('workers', demo, stops, {
        site: () => onFreePort((port) => startSite({ port, vars: { DRUPAL_BASE_URL: demo.url, SITE_URL: `http://127.0.0.1:${port}` } })),
        faultSite: (proxyUrl) =>
          onFreePort((port) =>
            startSite({ port, vars: { DRUPAL_BASE_URL: proxyUrl, SITE_URL: `http://127.0.0.1:${port}`, ...FAULT_SITE_VARS } }),
          ),
      });
      reports.push(suite.report);
    }

    if (TARGETS.has('node')) {
      const valkey = { current: await onFreePort((port) => startValkey({ port })) };
      stops.push(() => valkey.current.stop());
      let faultSites = 0;
      const suite = await runTarget(
        'node',
        demo,
        stops,
        {
          site: () =>
            onFreePort((port) =>
              startNodeSite({
                port,
                valkeyUrl: valkey.current.url,
                keyPrefix: 'bench:',
                vars: { DRUPAL_BASE_URL: demo.url, SITE_URL: `http://127.0.0.1:${port}`, ...crmVars(demo.url) },
              }),
            ),
          // Its own key prefix each time: a restarted fault site starts with an empty cache, as a new workerd's does.
          faultSite: (proxyUrl) =>
            onFreePort((port) =>
              startNodeSite({
                port,
                valkeyUrl: valkey.current.url,
                keyPrefix: `faults${++faultSites}:`,
                vars: { DRUPAL_BASE_URL: proxyUrl, SITE_URL: `http://127.0.0.1:${port}`, ...FAULT_SITE_VARS },
              }),
            ),
        },
        valkey,
      );
      reports.push(suite.report);
    }
  } catch (error) {
    console.error(`\nThe suite stopped: ${errorText(error)}`);
    setup.crash(error);
    reports.push(setup);
  } finally {
    await stopAll();
  }
  for (const report of reports) report.print();
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  process.exitCode = reports.some((r) => r.failed) ? 1 : 0;
}

await main();
