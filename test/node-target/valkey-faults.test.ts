/**
 * Valkey faults on the Node target: with Valkey gone the site still answers (from
 * its memory or from Drupal), never hangs, and keeps the leads it accepts on disk
 * until Valkey is back; leads waiting in Valkey's queue survive a `kill -9` through
 * its append-only file.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { DEMO_ORIGIN_TEST_VARS } from '../setup/secrets';
import { callbackLead, demoOf, eventually, siteVars, visitors, type CrmLead } from './helpers';

let demo: WorkerServer;
let valkey: ValkeyServer;
let site: NodeSiteServer;
/** The site's spool and files: the test looks into its spool for the leads it keeps on disk. */
const stateDir = mkdtempSync(join(tmpdir(), 'clinic-valkey-faults-'));
const spooled = () => readdirSync(join(stateDir, 'lead-spool')).filter((name) => /\.json($|\.claimed-)/.test(name));

beforeAll(async () => {
  demo = await startDemoOrigin({ port: await freePort(), vars: DEMO_ORIGIN_TEST_VARS });
  valkey = await startValkey({ port: await freePort() });
  const port = await freePort();
  site = await startNodeSite({
    port,
    valkeyUrl: valkey.url,
    keyPrefix: 'clinic-faults:',
    stateDir,
    vars: siteVars(demo.url, port),
  });
});

afterAll(async () => {
  await site?.stop();
  await valkey?.stop();
  await demo?.stop();
  // Restarted on the first one's folder (restartValkey), the server no longer counts it as its own to remove.
  if (valkey) rmSync(valkey.dir, { recursive: true, force: true });
  rmSync(stateDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await control().reset();
});

/** Valkey back on its port from its own folder, as after a crash: it reloads the append-only file. */
async function restartValkey() {
  valkey = await startValkey({ port: valkey.port, dir: valkey.dir });
}

const control = () => demoOf(demo.url).control;
const demoJson = <T>(path: string) => demoOf(demo.url).json<T>(path);

/** Every request here must be answered within 5 s: a Valkey that is away may not hold a visitor up. */
const get = (path: string, init: RequestInit = {}) =>
  fetch(site.url + path, { redirect: 'manual', signal: AbortSignal.timeout(5_000), ...init });

const newVisitor = visitors('192.0.2');

async function submit(name: string) {
  const res = await get('/api/forms/callback', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': newVisitor() },
    body: JSON.stringify(callbackLead(name, '+7 (999) 555-44-33')),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const crmLeads = () => demoOf(demo.url).crmLeads();
const named = (names: string[]) => (list: CrmLead[]) => list.filter((lead) => names.includes(lead.data.name));

async function newestNewsAlias(): Promise<string> {
  const doc = await demoJson<{ data: { attributes: { path: { alias: string } } }[] }>(
    '/jsonapi/node/news?filter[status]=1&sort=-created&page[limit]=1',
  );
  return doc.data[0]!.attributes.path.alias;
}

describe('the Node site when Valkey fails', () => {
  it('answers pages without Valkey, keeps a lead on disk meanwhile, and delivers it once Valkey is back', async () => {
    const alias = await newestNewsAlias();
    const before = await get(alias);
    expect(before.status).toBe(200);
    const title = /<h1>([^<]*)<\/h1>/.exec(await before.text())?.[1];
    expect(title).toBeTruthy();

    await valkey.kill();

    const page = await get(alias);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`<h1>${title}</h1>`);
    const missing = await get('/net-takoi-stranicy-v-valkey-testah.html');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toMatch(/[а-яё]/i);

    const name = 'Пациентка Без Валки';
    const { status, json } = await submit(name);
    expect([200, 202]).toContain(status);
    if (status === 202) expect(json).toEqual({ queued: true });
    else expect(json.sid).toEqual(expect.any(String));
    // Valkey is away: the lead waits on the disk, not delivered.
    expect(spooled()).toHaveLength(1);
    expect(named([name])(await crmLeads())).toEqual([]);

    await restartValkey();
    const leads = named([name])(await eventually(crmLeads, (list) => named([name])(list).length > 0, 60_000));
    expect(leads).toEqual([expect.objectContaining({ deliveries: 1 })]);
  });

  it('delivers every lead waiting in the queue after Valkey is killed and restarted from its append-only file', async () => {
    await control().crm.fail({ down: true });
    const names = ['Первый', 'Второй', 'Третий', 'Четвёртый', 'Пятый'].map((n) => `${n} Пациент Очереди`);
    for (const name of names) expect((await submit(name)).status).toBe(200);
    // Let them fail a delivery or two, so that they wait with retries.
    await eventually(
      () => control().crm.failState(),
      ({ failed }) => failed >= names.length,
      20_000,
    );

    await valkey.kill();
    await restartValkey();
    await control().crm.fail({ down: false });

    const leads = named(names)(await eventually(crmLeads, (list) => named(names)(list).length >= names.length, 100_000));
    expect(leads.map((lead) => lead.data.name).sort()).toEqual([...names].sort());
    expect(leads.map((lead) => lead.deliveries)).toEqual(names.map(() => 1));
  });
});
