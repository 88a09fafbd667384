/**
 * Several processes, one site: two Node site processes (each its own port and
 * spool) on one Valkey under one key prefix behave as one site — a purge made on
 * one is seen by the other at once, cold misses are shared, leads are delivered
 * once, the forms' rate limit and the editors' sessions are shared — and a
 * process told to stop finishes the lead delivery it has started.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  freePort,
  startDemoOrigin,
  startNodeSite,
  startValkey,
  type NodeSiteServer,
  type ValkeyServer,
  type WorkerServer,
} from '../../scripts/servers';
import { DEMO_ORIGIN_TEST_VARS, TEST_SECRETS } from '../setup/secrets';
import { callbackLead, demoOf, eventually, siteVars, visitors, type CrmLead } from './helpers';

const PREFIX = 'clinic-multi:';
const EDITOR = { name: 'redaktor', pass: 'demo-redaktor-2013' };

let demo: WorkerServer;
let valkey: ValkeyServer;
let a: NodeSiteServer;
let b: NodeSiteServer;
const started: NodeSiteServer[] = [];

async function site(options: { keyPrefix?: string } = {}): Promise<NodeSiteServer> {
  const port = await freePort();
  const server = await startNodeSite({
    port,
    valkeyUrl: valkey.url,
    keyPrefix: options.keyPrefix ?? PREFIX,
    vars: siteVars(demo.url, port),
  });
  started.push(server);
  return server;
}

beforeAll(async () => {
  demo = await startDemoOrigin({ port: await freePort(), vars: DEMO_ORIGIN_TEST_VARS });
  valkey = await startValkey({ port: await freePort() });
  a = await site();
  b = await site();
});

afterAll(async () => {
  for (const server of started) await server.stop().catch(() => undefined);
  await valkey?.stop();
  await demo?.stop();
});

beforeEach(async () => {
  await control().reset();
});

const control = () => demoOf(demo.url).control;
const demoJson = <T>(path: string) => demoOf(demo.url).json<T>(path);

/** How many origin requests had a path+query containing `fragment` (URL-decoded). */
async function originCount(fragment: string): Promise<number> {
  const { byUrl } = await control().requests();
  return Object.entries(byUrl)
    .filter(([url]) => decodeURIComponent(url.replaceAll('+', ' ')).includes(fragment))
    .reduce((sum, [, n]) => sum + n, 0);
}

interface NodeSummary {
  nid: number;
  uuid: string;
  alias: string;
}

async function nodesOf(bundle: string): Promise<NodeSummary[]> {
  const doc = await demoJson<{ data: { id: string; attributes: { drupal_internal__nid: number; path: { alias: string } } }[] }>(
    `/jsonapi/node/${bundle}?filter[status]=1&sort=-created&page[limit]=10`,
  );
  return doc.data.map((d) => ({ nid: d.attributes.drupal_internal__nid, uuid: d.id, alias: d.attributes.path.alias }));
}

const get = (server: NodeSiteServer, path: string, init: RequestInit = {}) =>
  fetch(server.url + path, { redirect: 'manual', signal: AbortSignal.timeout(20_000), ...init });

/** A distinct visitor per submission: the forms' limit counts per client across every process. */
const newVisitor = visitors('203.0.113');
const callback = (name: string) => callbackLead(name);

async function submit(server: NodeSiteServer, body: unknown, from = newVisitor()) {
  const res = await get(server, '/api/forms/callback', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const crmLeads = () => demoOf(demo.url).crmLeads();
/** The leads the shared queue still holds (waiting, retried later, being delivered, or spooled), as /health tells them. */
const queueDepth = async (server: NodeSiteServer) =>
  ((await (await get(server, '/health')).json()) as { queue: { depth?: number } }).queue.depth;
const submissions = () => control().submissions<{ data: { vashe_imya?: string } }>();

describe('two Node processes on one Valkey', () => {
  it("shows an edit purged on A in B's very next answer", async () => {
    const [news] = await nodesOf('news');
    const { nid, alias } = news!;
    // The first answer stores the page after it is sent: B serves it from the cache once that is done.
    const cached = await eventually(
      async () => (await get(b, alias)).headers.get('X-Cache'),
      (state) => state === 'HIT',
      10_000,
    );
    expect(cached).toBe('HIT');
    const title = 'Заголовок, исправленный в соседнем процессе';
    await control().edit(nid, { title });
    // Before the purge B keeps its copy.
    expect(await (await get(b, alias)).text()).not.toContain(title);
    const purge = await get(a, `/api/revalidate?tags=node:${nid}&secret=${TEST_SECRETS.PURGE_SECRET}`, { method: 'POST' });
    expect(purge.status).toBe(200);
    expect(await (await get(b, alias)).text()).toContain(`<h1>${title}</h1>`);
  });

  it('asks Drupal once for a page missed cold on both processes at once', async () => {
    // A doctor's page nobody has asked for yet: cold in Valkey and in both processes' memory.
    const doctors = await nodesOf('doctors');
    const doctor = doctors.at(-1)!;
    const before = await originCount(doctor.uuid);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => get(i % 2 ? b : a, doctor.alias)));
    for (const res of answers) {
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const asked = (await originCount(doctor.uuid)) - before;
    console.log(`Одновременные промахи на двух процессах: JSON:API узла запрошен ${asked} раз(а) на 10 запросов`);
    // Each process coalesces its own misses, and the store's claim lets one process fetch for both.
    expect(asked).toBe(1);
  });

  it('delivers 20 leads posted to both processes while the CRM is down, each exactly once, once it recovers', async () => {
    await control().crm.fail({ down: true });
    const names = Array.from({ length: 20 }, (_, i) => `Пациент Многопроцессный ${String.fromCharCode(0x410 + i)}`);
    const answers = await Promise.all(names.map((name, i) => submit(i % 2 ? b : a, callback(name))));
    for (const { status, json } of answers) {
      expect(status).toBe(200);
      expect(json.sid).toEqual(expect.any(String));
    }
    expect(await crmLeads()).toEqual([]);
    // Every lead met the CRM down at least once before it comes back.
    await eventually(
      () => control().crm.failState(),
      ({ failed }) => failed >= names.length,
      30_000,
    );
    await control().crm.fail({ down: false });
    const mine = (list: CrmLead[]) => list.filter((lead) => names.includes(lead.data.name));
    const leads = mine(await eventually(crmLeads, (list) => mine(list).length >= 20, 60_000));
    expect(leads.map((lead) => lead.data.name).sort()).toEqual([...names].sort());
    expect(leads.map((lead) => lead.deliveries)).toEqual(names.map(() => 1));
    const submitted = (await submissions()).filter((s) => names.includes(String(s.data.vashe_imya)));
    expect(submitted).toHaveLength(20);
    // Nothing arrives a second time afterwards: once the queue holds nothing (nor a spool), nothing is left to deliver.
    expect(
      await eventually(
        () => queueDepth(a),
        (depth) => depth === 0,
        30_000,
      ),
    ).toBe(0);
    expect(mine(await crmLeads()).map((lead) => lead.deliveries)).toEqual(names.map(() => 1));
  });

  it("counts one visitor's posts on both processes against one limit", async () => {
    const me = newVisitor();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await submit(i % 2 ? b : a, { vashe_imya: '' }, me)).status);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
  });

  it('keeps an editor logged in on A logged in on B', async () => {
    const login = await get(a, '/login', { method: 'POST', body: new URLSearchParams(EDITOR) });
    expect(login.status).toBe(303);
    const cookie = login.headers
      .getSetCookie()
      .find((line) => line.startsWith('editor='))!
      .split(';')[0]!;
    const [service] = await nodesOf('services');
    const editLink = `href="${demo.url}/node/${service!.nid}/edit"`;
    const asEditor = await get(b, service!.alias, { headers: { Cookie: cookie } });
    expect(asEditor.status).toBe(200);
    const html = await asEditor.text();
    expect(html).toContain('class="editor-bar"');
    expect(html).toContain(editLink);
    const asVisitor = await (await get(b, service!.alias)).text();
    expect(asVisitor).not.toContain('class="editor-bar"');
    expect(asVisitor).not.toContain(editLink);
  });

  it('finishes a lead delivery in flight before a SIGTERMed process exits', async () => {
    // A site of its own (its own queue), so that no other process takes the lead over.
    const lone = await site({ keyPrefix: 'clinic-sigterm:' });
    await control().faults.set({ rules: [{ match: '/__demo/crm/webhook', delayMs: 2_000 }] });
    const name = 'Пациентка Остановленная';
    expect((await submit(lone, callback(name))).status).toBe(200);
    // Long enough for the consumer to take the job; far shorter than the CRM's 2 s.
    await new Promise((r) => setTimeout(r, 300));
    const exited = new Promise<number | null>((done) => lone.process.once('exit', (code) => done(code)));
    lone.signal('SIGTERM');
    expect(await exited).toBe(0);
    const leads = (await crmLeads()).filter((lead) => lead.data.name === name);
    expect(leads).toHaveLength(1);
  });
});
