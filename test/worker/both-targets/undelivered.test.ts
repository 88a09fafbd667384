/**
 * A lead that outlives every retry (short retries here: TEST_LEAD_MAX_RETRIES)
 * reaches the dead letters, is kept encrypted (Workers: D1 through the dead-letter queue's
 * consumer; Node: Valkey from BullMQ's failed set), shows on «Недоставленные заявки» for
 * editors only, and «Доставить снова» delivers it once the CRM is back. No step loses it.
 */
import { isolate } from '../../../worker/cache/isolate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONSENT } from '../../../common/forms/definition';
import { readConfig, type Config } from '../../../worker/config/config';
import { consumeDeadLetters, keepUndelivered, unseal, UndeliveredUnreadable } from '../../../worker/leads/undelivered';
import type { LeadMessage } from '../../../worker/seams/lead-message';
import type { UndeliveredRecord } from '../../../worker/seams/seams';
import { TEST_SECRETS } from '../../setup/secrets';
import { bindings, control, eventually, freshStart, request, siteBindings } from '../helpers';

const SITE = 'http://127.0.0.1:8787';
const EDITOR = { name: 'redaktor', pass: 'demo-redaktor-2013' };
const PAGE = '/undelivered.html';

const config = (): Config => {
  const result = readConfig(siteBindings);
  if (!result.ok) throw new Error(`config: ${result.problems.map((p) => p.setting).join(', ')}`);
  return result.config;
};
const store = () => config().undelivered.store!;

async function clearStore() {
  for (const record of await store().list()) await store().remove(record.id);
}

beforeEach(async () => {
  await freshStart();
  await clearStore();
  isolate().checkedSessions.clear();
});
afterEach(async () => {
  await control.crm.fail({ down: false, times: 0 });
});

const text = (html: string) => html.replaceAll('<!-- -->', '');

async function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const { response, settled } = await request(
    path,
    {},
    {
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Origin: SITE, 'Sec-Fetch-Site': 'same-origin', ...headers },
    },
  );
  const html = text(await response.text());
  await settled();
  return { status: response.status, headers: response.headers, html };
}

async function logIn(): Promise<string> {
  const res = await post('/login', EDITOR);
  expect(res.status).toBe(303);
  return res.headers
    .getSetCookie()
    .find((line) => line.startsWith('editor='))!
    .split(';')[0]!;
}

async function asEditor(path: string, cookie: string) {
  const { response, settled } = await request(path, {}, { headers: { Cookie: cookie } });
  const html = text(await response.text());
  await settled();
  return { status: response.status, headers: response.headers, html };
}

interface CrmLead {
  data: { name: string; phone: string; email: string };
  deliveries: number;
}
const crmLeads = () => control.crm.received<CrmLead>();
const named = (name: string) => (list: CrmLead[]) => list.filter((l) => l.data.name === name);

const PERSON = { name: 'Евдокия Недоставленная', phone: '+7 (916) 404-13-57', email: 'evdokiya.nedost@example.ru' };

/** Everything the platform holds of the store, as it holds it: D1's rows on Workers, Valkey's hash on Node. */
async function rawStore(): Promise<string> {
  const env = bindings as unknown as { UNDELIVERED: unknown; PLATFORM?: string };
  if (env.PLATFORM !== 'node') {
    const { results } = await (env.UNDELIVERED as D1Database).prepare('SELECT * FROM undelivered_leads').all();
    return JSON.stringify(results);
  }
  const { requestConnection } = await import('../../../worker/platform/node/valkey');
  const { inject } = await import('vitest');
  const valkey = requestConnection(inject('valkeyUrl' as never) as string);
  await valkey.connect();
  try {
    const keys = await valkey.keys('*undelivered');
    const values = await Promise.all(keys.map((key) => valkey.hgetall(key)));
    return JSON.stringify(values);
  } finally {
    await valkey.quit();
  }
}

/** Node: jobs left in BullMQ's failed set (kept ones are removed, so the store is the one place editors look). Workers: not observable. */
async function failedJobs(): Promise<number | undefined> {
  if ((bindings as { PLATFORM?: string }).PLATFORM !== 'node') return undefined;
  const { requestConnection } = await import('../../../worker/platform/node/valkey');
  const { inject } = await import('vitest');
  const valkey = requestConnection(inject('valkeyUrl' as never) as string);
  await valkey.connect();
  try {
    const keys = await valkey.keys('*:leads:failed');
    return (await Promise.all(keys.map((key) => valkey.zcard(key)))).reduce((sum, n) => sum + n, 0);
  } finally {
    await valkey.quit();
  }
}

describe('a lead past its last retry', () => {
  it('is kept encrypted, shown to editors, and delivered by «Доставить снова» once the CRM is back', { timeout: 90_000 }, async () => {
    await control.crm.fail({ down: true });
    const { response, settled } = await request(
      '/api/forms/consultation',
      {},
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.201' },
        body: JSON.stringify({
          vashe_imya: PERSON.name,
          vash_telefon: PERSON.phone,
          email: PERSON.email,
          [CONSENT.key]: true,
          send_page_url: `${SITE}/news.html`,
          send_page_title: 'Новости',
        }),
      },
    );
    expect(response.status).toBeLessThan(300);
    await response.text();
    await settled();

    // Every retry fails; the dead letter is then kept (within seconds with the tests' short retries).
    const records = await eventually(
      () => store().list(),
      (list) => list.length > 0,
      60_000,
    );
    expect(records).toHaveLength(1);
    const [record] = records as [UndeliveredRecord];
    expect(record).toMatchObject({ form: 'consultation', kind: 'crm', attempts: expect.any(Number), lastError: expect.any(String) });
    expect(record.attempts).toBeGreaterThan(1);
    expect(record.lastError).toMatch(/503|CRM/);
    expect(named(PERSON.name)(await crmLeads())).toEqual([]);
    const failed = await eventually(failedJobs, (n) => n === undefined || n === 0, 10_000);
    expect(failed ?? 0).toBe(0);

    // Not readable without the key: the raw row holds no name, phone or e-mail, and another key opens nothing.
    const raw = await rawStore();
    expect(raw).toContain(record.id);
    for (const secret of [PERSON.name, 'Евдокия', 'Недоставленная', '404-13-57', '4041357', 'evdokiya', 'example.ru'])
      expect(raw, secret).not.toContain(secret);
    await expect(unseal(record.sealed, btoa(String.fromCharCode(...new Uint8Array(32).fill(7))), record.id)).rejects.toThrow(
      UndeliveredUnreadable,
    );
    expect((await unseal(record.sealed, TEST_SECRETS.UNDELIVERED_KEY, record.id)).lead.fields.map((f) => f.value)).toContain(PERSON.phone);

    // /health counts it, with nothing personal.
    const health = await request('/health');
    const healthText = await health.response.text();
    await health.settled();
    expect(JSON.parse(healthText).undelivered).toBe(1);
    expect(healthText).not.toContain('Евдокия');

    // Visitors are sent to the login; editors see the list without the personal data, and the lead when opened.
    const anonymous = await request(PAGE);
    expect(anonymous.response.status).toBe(303);
    expect(anonymous.response.headers.get('Location')).toBe(`/login?destination=${PAGE}`);
    await anonymous.settled();
    const cookie = await logIn();
    const list = await asEditor(PAGE, cookie);
    expect(list.status).toBe(200);
    expect(list.headers.get('Cache-Control')).toContain('no-store');
    expect(list.html).toContain('Недоставленные заявки');
    expect(list.html).toContain('Записаться на приём');
    expect(list.html).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/);
    expect(list.html).toContain(record.lastError);
    expect(list.html).not.toContain('Евдокия');
    expect(list.html).toContain(`${PAGE}?id=${record.id}`);
    const opened = await asEditor(`${PAGE}?id=${record.id}`, cookie);
    expect(opened.status).toBe(200);
    for (const value of [PERSON.name, PERSON.phone, PERSON.email]) expect(opened.html).toContain(value);
    expect(opened.html).toContain('Доставить снова');
    expect(opened.html).toContain('Удалить');

    // Another site's form cannot re-queue it, and neither can a visitor.
    expect(
      (
        await post(
          PAGE,
          { id: record.id, action: 'redeliver' },
          { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', Cookie: cookie },
        )
      ).status,
    ).toBe(403);
    expect((await post(PAGE, { id: record.id, action: 'redeliver' })).status).toBe(403);
    expect(await store().count()).toBe(1);

    // The CRM is back: «Доставить снова» queues it, it leaves the list, and the CRM gets it once.
    await control.crm.fail({ down: false });
    const redelivered = await post(PAGE, { id: record.id, action: 'redeliver' }, { Cookie: cookie });
    expect(redelivered.status).toBe(200);
    expect(redelivered.html).toContain('снова поставлена в очередь');
    expect(await store().count()).toBe(0);
    const delivered = named(PERSON.name)(await eventually(crmLeads, (leads) => named(PERSON.name)(leads).length > 0, 30_000));
    expect(delivered).toEqual([
      expect.objectContaining({ deliveries: 1, data: expect.objectContaining({ phone: PERSON.phone, email: PERSON.email }) }),
    ]);
  });
});

/** A dead letter kept directly (no waiting for retries): for the actions that do not need the queue. */
async function keptLetter(name: string): Promise<string> {
  const message: LeadMessage = {
    kind: 'crm',
    lead: {
      id: crypto.randomUUID(),
      form: 'callback',
      webformId: 'callback',
      fields: [{ key: 'vashe_imya', kind: 'text', label: 'Ваше имя', value: name }],
      files: [],
      page: {},
      consent: { version: '1', at: new Date().toISOString() },
      receivedAt: new Date().toISOString(),
    },
  };
  const id = crypto.randomUUID();
  await keepUndelivered(config(), { id, message, attempts: 5, lastError: 'CRM не ответила: 503' });
  return id;
}

describe('«Удалить»', () => {
  it('asks first, then deletes; the confirmation alone deletes nothing', async () => {
    const id = await keptLetter('Удаляемый Посетитель');
    const cookie = await logIn();
    const asked = await post(PAGE, { id, action: 'delete' }, { Cookie: cookie });
    expect(asked.status).toBe(200);
    expect(asked.html).toContain('Удалить заявку безвозвратно?');
    expect(await store().get(id)).not.toBeNull();
    const done = await post(PAGE, { id, action: 'delete', confirm: 'yes' }, { Cookie: cookie });
    expect(done.html).toContain('Заявка удалена.');
    expect(await store().get(id)).toBeNull();
    expect((await asEditor(`${PAGE}?id=${id}`, cookie)).status).toBe(404);
  });
});

describe('a dead letter that cannot be kept', () => {
  it('without the key stays in the dead-letter queue (retried, never acknowledged) and is not stored in clear', async () => {
    const result = readConfig({ ...siteBindings, UNDELIVERED_KEY: '' });
    expect(result.ok).toBe(true);
    const noKey = (result as { config: Config }).config;
    const outcome: string[] = [];
    const body: LeadMessage = {
      kind: 'drupal',
      lead: {
        id: 'lead-without-key',
        form: 'callback',
        webformId: 'callback',
        fields: [],
        files: [],
        page: {},
        consent: { version: '1', at: '' },
        receivedAt: new Date().toISOString(),
      },
    };
    await consumeDeadLetters(
      { messages: [{ id: 'dead-1', body, ack: () => outcome.push('ack'), retry: () => outcome.push('retry') }] },
      noKey,
    );
    expect(outcome).toEqual(['retry']);
    expect(await store().count()).toBe(0);
  });

  it('a malformed key is a configuration error named in Russian', () => {
    const result = readConfig({ ...siteBindings, UNDELIVERED_KEY: 'короткий' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toEqual([
      { setting: 'UNDELIVERED_KEY', message: expect.stringContaining('32 байтами в base64') },
    ]);
  });
});

describe('D1 (Workers)', () => {
  it.skipIf((bindings as { PLATFORM?: string }).PLATFORM === 'node')(
    'a database nobody migrated gets its table on the first dead letter',
    async () => {
      await (bindings as unknown as { UNDELIVERED: D1Database }).UNDELIVERED.prepare('DROP TABLE undelivered_leads').run();
      const id = await keptLetter('Без Миграции');
      expect((await store().get(id))?.form).toBe('callback');
      expect(await store().count()).toBe(1);
    },
  );
});

describe('BullMQ (Node)', () => {
  it.runIf((bindings as { PLATFORM?: string }).PLATFORM === 'node')(
    'a dead letter left in the failed set (no key then, a crash) is kept by the start-up sweep and leaves BullMQ',
    async () => {
      const { Queue, Worker } = await import('bullmq');
      const { requestConnection, blockingConnection } = await import('../../../worker/platform/node/valkey');
      const { sweepDeadLetters } = await import('../../../worker/platform/node/lead-consumer');
      const { LEADS_QUEUE } = await import('../../../worker/platform/node/lead-queue');
      const { inject } = await import('vitest');
      const url = inject('valkeyUrl' as never) as string;
      const prefix = `sweep-${crypto.randomUUID().slice(0, 8)}`;
      const connection = requestConnection(url);
      await connection.connect();
      const blocking = blockingConnection(url);
      const queue = new Queue<LeadMessage>(LEADS_QUEUE, { connection, prefix });
      // A consumer that fails its only attempt, and does nothing about it: the job stays among the failed.
      const failing = new Worker<LeadMessage>(
        LEADS_QUEUE,
        async () => {
          throw new Error('CRM ответила 503');
        },
        { connection: blocking, prefix },
      );
      try {
        const lead: LeadMessage['lead'] = {
          id: crypto.randomUUID(),
          form: 'callback',
          webformId: 'callback',
          fields: [{ key: 'vashe_imya', kind: 'text', value: 'Оставшийся В Очереди' }],
          files: [],
          page: {},
          consent: { version: '1', at: '' },
          receivedAt: new Date().toISOString(),
        };
        const job = await queue.add('crm', { kind: 'crm', lead }, { attempts: 1, removeOnFail: false });
        await eventually(
          () => queue.getFailedCount(),
          (n) => n === 1,
          10_000,
        );
        await failing.close();
        expect(await store().get(String(job.id))).toBeNull();

        await sweepDeadLetters(connection, { prefix, bindings });
        const kept = await store().get(String(job.id));
        expect(kept).toMatchObject({ form: 'callback', kind: 'crm', attempts: 1, lastError: 'CRM ответила 503' });
        expect(JSON.stringify(kept)).not.toContain('Оставшийся');
        expect(await queue.getFailedCount()).toBe(0);
      } finally {
        await failing.close();
        await queue.obliterate({ force: true }).catch(() => undefined);
        await queue.close();
        blocking.disconnect();
        await connection.quit();
      }
    },
  );
});
