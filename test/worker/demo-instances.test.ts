/**
 * The demo origin's instances (demo-origin/README.md, "Instances"): each keeps its own
 * content edits, fault rules, schema and CRM, so that a test file can own one while
 * others use theirs; a deleted instance answers 404.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DemoInstanceControl } from '../../demo-origin/control-client';
import { DEMO_ORIGIN_TEST_VARS } from '../setup/secrets';
import { control } from './helpers';

const TOKEN = DEMO_ORIGIN_TEST_VARS.DEMO_CRM_TOKEN;
const LEAD = { name: 'Анна', phone: '+7 (999) 123-45-67', form_name: 'callback', form_type: 'callback' };

let lean: DemoInstanceControl;
let full: DemoInstanceControl;

beforeEach(async () => {
  await control.reset();
  lean = await control.instance({ schema: 'lean' });
  full = await control.instance();
});
afterEach(async () => {
  await Promise.allSettled([lean.delete(), full.delete()]);
});

const nidOf = async (instance: DemoInstanceControl, alias: string): Promise<number> => {
  const res = await fetch(`${instance.baseUrl}/router/translate-path?path=${encodeURIComponent(alias)}&_format=json`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { entity: { id: string } };
  return Number(body.entity.id);
};

describe('demo origin instances', () => {
  it('each answers at its own base URL with its own schema', async () => {
    expect(lean.baseUrl).not.toBe(full.baseUrl);
    expect(lean.baseUrl).toContain(`/__instances/${lean.id}`);
    expect(await lean.schema.get()).toBe('lean');
    expect(await full.schema.get()).toBe('full');
    expect(await control.schema.get()).toBe('full');
  });

  it("keeps an editor's save to the instance it was made in", async () => {
    const nid = await nidOf(full, '/contacts.html');
    const before = (await control.node(nid)).title;
    await full.edit(nid, { title: 'Контакты клиники (новое)' });
    expect((await full.node(nid)).title).toBe('Контакты клиники (новое)');
    expect((await lean.node(nid)).title).toBe(before);
    expect((await control.node(nid)).title).toBe(before);
  });

  it('keeps fault rules and counters to the instance they were set in', async () => {
    await full.faults.set({ rules: [{ match: '/router/translate-path', status: 500 }] });
    const broken = await fetch(`${full.baseUrl}/router/translate-path?path=%2Fcontacts.html&_format=json`);
    expect(broken.status).toBe(500);
    expect((await fetch(`${lean.baseUrl}/router/translate-path?path=%2Fcontacts.html&_format=json`)).status).toBe(200);
    expect(await full.count('/router/translate-path')).toBe(1);
    expect(await lean.count('/router/translate-path')).toBe(1);
    expect((await control.faults.get()).rules).toEqual([]);
  });

  it('gives each its own CRM, and forgets an instance once it is deleted', async () => {
    const sent = await full.crm.post(JSON.stringify(LEAD), { 'Content-Type': 'application/json', Authorization: `Bearer ${TOKEN}` });
    expect(sent.status).toBeLessThan(300);
    expect(await full.crm.received()).toHaveLength(1);
    expect(await lean.crm.received()).toHaveLength(0);
    expect(await control.crm.received()).toHaveLength(0);

    await full.delete();
    expect((await fetch(`${full.baseUrl}/jsonapi`)).status).toBe(404);
    expect((await fetch(`${lean.baseUrl}/jsonapi`)).status).toBe(200);
  });
});
