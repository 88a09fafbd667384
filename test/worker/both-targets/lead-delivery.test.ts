/**
 * No lead is lost on a stock webform_rest. A
 * resume reaches the clinic without Drupal's upload patch, a refusal the visitor
 * cannot fix still reaches the CRM at once and Drupal later, the submission
 * records its page, and a filled trap field reaches the CRM marked.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT, HONEYPOT, HONEYPOT_OLD } from '../../../common/forms/definition';
import type { Bindings } from '../../../worker/config/bindings';
import { readConfig } from '../../../worker/config/config';
import { deliverLeads } from '../../../worker/leads/deliver';
import type { LeadMessage } from '../../../worker/seams/lead-message';
import { readSubmitAnswer } from '../../../worker/leads/submit';
import type { LeadQueue } from '../../../worker/seams/seams';
import { control, demo, eventually, freshStart, request, siteBindings } from '../helpers';

beforeEach(freshStart);

let visitor = 0;
/** A client of its own per post: the forms' rate limit counts per client. */
const newVisitor = () => `203.0.113.${(visitor = (visitor + 1) % 250) + 1}`;

async function post(form: string, body: Record<string, unknown> | FormData, overrides: Partial<Bindings> = {}) {
  const init: RequestInit = {
    method: 'POST',
    body: body instanceof FormData ? body : JSON.stringify(body),
    headers: { 'CF-Connecting-IP': newVisitor(), ...(body instanceof FormData ? {} : { 'Content-Type': 'application/json' }) },
  };
  const { response, settled } = await request(`/api/forms/${form}`, overrides, init);
  const json = (await response.json()) as Record<string, unknown>;
  await settled();
  return { status: response.status, json };
}

interface Submission {
  webform_id: string;
  uri: string | null;
  data: Record<string, unknown>;
}
interface CrmLead {
  data: Record<string, unknown> & { name: string; comment: string };
  files: { name: string; type: string | null; size: number; sha256: string }[];
  deliveries: number;
}
const submissions = () => control.submissions<Submission>();
const crmLeads = () => control.crm.received<CrmLead>();

/**
 * The leads' queue played by the test, so that a test awaits a delivery instead of the platform's next batch: what the
 * site queues is held (`site` goes into a post's settings), and `deliver()` hands everything held to the consumer's own
 * code (leads/deliver.ts) as one batch, and resolves when the consumer is done; what it retries or queues is held again.
 */
function heldQueue() {
  let held: { body: LeadMessage; attempts: number }[] = [];
  const queue: LeadQueue = {
    send: async (body) => {
      held.push({ body, attempts: 1 });
    },
  };
  const site = { LEADS: queue } as unknown as Partial<Bindings>;
  return {
    site,
    held: () => held.map((message) => message.body),
    async deliver() {
      const config = readConfig({ ...siteBindings, ...site });
      if (!config.ok) throw new Error('the test site is misconfigured');
      const batch = held;
      held = [];
      const background: Promise<unknown>[] = [];
      const messages = batch.map((message) => ({
        ...message,
        ack: () => undefined,
        retry: () => void held.push({ body: message.body, attempts: message.attempts + 1 }),
      }));
      await deliverLeads({ messages }, config.config, (promise) => background.push(promise));
      await Promise.allSettled(background);
    },
  };
}

const PAGE = { send_page_url: 'http://127.0.0.1:8787/vacancy/administrator.html', send_page_title: 'Администратор' };
const RESUME_TEXT = '%PDF-1.4 резюме Анны Соискателевой, опыт 5 лет';

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function firstVacancy(): Promise<string> {
  const { response } = await request('/api/forms/send_resume');
  const form = (await response.json()) as { fields: { key: string; options?: { value: string }[] }[] };
  return form.fields.find((f) => f.key === 'vakansiya')?.options?.[0]?.value ?? '';
}

async function resume(name: string, file = new File([RESUME_TEXT], 'rezyume-anna.pdf', { type: 'application/pdf' })): Promise<FormData> {
  const data = new FormData();
  const values = {
    vashe_imya: name,
    vash_telefon: '+7 (999) 321-54-76',
    email: 'anna.soisk@example.ru',
    vakansiya: await firstVacancy(),
    primechanie: 'Хочу у вас работать',
    ...PAGE,
  };
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  data.set(CONSENT.key, 'true');
  data.set('rezyume', file);
  return data;
}

const callback = (name: string, extra: Record<string, unknown> = {}) => ({
  vashe_imya: name,
  nomer_telefona: '+7 (999) 888-77-66',
  [CONSENT.key]: true,
  send_page_url: 'http://127.0.0.1:8787/news.html',
  send_page_title: 'Новости',
  ...extra,
});

const named = (name: string) => (list: CrmLead[]) => list.filter((l) => l.data.name === name);
const submittedBy = (name: string) => (list: Submission[]) => list.filter((s) => s.data.vashe_imya === name);

describe('a resume on a Drupal without the upload resource (a stock webform_rest)', () => {
  it('goes with the lead to the CRM, Drupal names it, and the upload route is asked once for both submissions', async () => {
    const queue = heldQueue();
    const first = await post('send_resume', await resume('Анна Первая'), queue.site);
    expect(first.status).toBe(200);
    const second = await post('send_resume', await resume('Анна Вторая'), queue.site);
    expect(second.status).toBe(200);
    expect(await demo.count('/upload/')).toBe(1);

    // The CRM had it before the visitor was answered: no waiting on the queue.
    const leads = named('Анна Первая')(await crmLeads());
    expect(leads).toHaveLength(1);
    expect(leads[0]!.files).toEqual([
      {
        name: 'rezyume-anna.pdf',
        type: 'application/pdf',
        size: new TextEncoder().encode(RESUME_TEXT).byteLength,
        sha256: await sha256(RESUME_TEXT),
      },
    ]);
    const [submission] = submittedBy('Анна Первая')(await submissions());
    expect(String(submission!.data.primechanie)).toContain('Хочу у вас работать');
    expect(String(submission!.data.primechanie)).toContain('Файл «rezyume-anna.pdf» передан в CRM');
    // Drupal accepted it, yet the CRM is not told a second time: nothing is left in the queue to tell it.
    expect(queue.held()).toEqual([]);
    expect(named('Анна Первая')(await crmLeads())).toEqual([expect.objectContaining({ deliveries: 1 })]);
  });

  it('says in the submission that the file was not kept when no CRM is configured either, rather than «передан в CRM»', async () => {
    const data = await resume('Анна Без CRM');
    const init: RequestInit = { method: 'POST', body: data, headers: { 'CF-Connecting-IP': newVisitor() } };
    const { response, settled } = await request('/api/forms/send_resume', { CRM_WEBHOOK_URL: '' }, init);
    expect(response.status).toBe(200);
    await settled();
    const [submission] = submittedBy('Анна Без CRM')(await submissions());
    expect(String(submission!.data.primechanie)).toContain('Файл «rezyume-anna.pdf» не сохранён');
    expect(String(submission!.data.primechanie)).not.toContain('передан в CRM');
  });

  it('does not block the lead when the file field is required: the CRM has it with the file, the visitor is thanked', async () => {
    await control.webform('send_resume', { required: ['rezyume'] });
    const queue = heldQueue();
    const { status, json } = await post('send_resume', await resume('Анна Обязательная'), queue.site);
    expect(status).toBe(202);
    expect(json).toEqual({ queued: true });
    const leads = named('Анна Обязательная')(await crmLeads());
    expect(leads).toHaveLength(1);
    expect(leads[0]!.files.map((f) => [f.name, f.sha256])).toEqual([['rezyume-anna.pdf', await sha256(RESUME_TEXT)]]);
    expect(submittedBy('Анна Обязательная')(await submissions())).toEqual([]);
    // Drupal is asked again from the queue, refuses again, and the CRM is not told a second time.
    expect(queue.held()).toEqual([expect.objectContaining({ kind: 'drupal' })]);
    await queue.deliver();
    expect(queue.held()).toEqual([expect.objectContaining({ kind: 'drupal' })]);
    expect(named('Анна Обязательная')(await crmLeads())).toHaveLength(1);
  });

  it('asks the visitor to send a large file again in a few minutes when the CRM is down, and Drupal records nothing', async () => {
    await control.crm.fail({ down: true });
    const big = new File([new Uint8Array(300 * 1024).fill(65)], 'rezyume-bolshoe.pdf', { type: 'application/pdf' });
    const { status, json } = await post('send_resume', await resume('Анна Большая', big));
    expect(status).toBe(503);
    expect((json.errors as Record<string, string>).rezyume).toMatch(/через несколько минут/);
    expect(submittedBy('Анна Большая')(await submissions())).toEqual([]);
  });

  it('lets a small file ride on the queue when the CRM is down at that moment', async () => {
    await control.crm.fail({ times: 1 });
    expect((await post('send_resume', await resume('Анна Маленькая'))).status).toBe(200);
    const leads = named('Анна Маленькая')(await eventually(crmLeads, (list) => named('Анна Маленькая')(list).length > 0, 20_000));
    expect(leads.map((l) => l.files.map((f) => f.sha256))).toEqual([[await sha256(RESUME_TEXT)]]);
  });
});

describe('a resume on a Drupal with the upload resource (the patch)', () => {
  it('goes to the CRM when the upload fails for a moment, and the failure is not taken for a Drupal without the resource', async () => {
    await control.modules({ webformUpload: true });
    await demo.faults({ rules: [{ match: '/upload/', status: 503 }] });
    expect((await post('send_resume', await resume('Анна Сбойная'))).status).toBe(200);
    expect(named('Анна Сбойная')(await crmLeads())[0]!.files.map((f) => f.name)).toEqual(['rezyume-anna.pdf']);
    await demo.faults({ rules: [] });
    expect((await post('send_resume', await resume('Анна Повторная'))).status).toBe(200);
    expect(submittedBy('Анна Повторная')(await submissions())[0]!.data.rezyume).toMatchObject({ fid: expect.stringMatching(/^\d+$/) });
  });

  it('is uploaded to Drupal, and the submission carries its fid', async () => {
    await control.modules({ webformUpload: true });
    expect((await post('send_resume', await resume('Анна Загруженная'))).status).toBe(200);
    const [submission] = submittedBy('Анна Загруженная')(await submissions());
    expect(submission!.data.rezyume).toMatchObject({ fid: expect.stringMatching(/^\d+$/), name: 'rezyume-anna.pdf' });
    expect(String(submission!.data.primechanie)).not.toContain('передан в CRM');
    const leads = named('Анна Загруженная')(await eventually(crmLeads, (list) => named('Анна Загруженная')(list).length > 0, 20_000));
    expect(leads[0]!.files).toEqual([]);
  });
});

describe('a refusal the visitor cannot fix (docs/drupal.md, Corrections)', () => {
  it('a closed form: 202 queued, the CRM has it at once and once, Drupal gets it when the form reopens', async () => {
    await control.webform('callback', { closed: true });
    const queue = heldQueue();
    const { status, json } = await post('callback', callback('Закрытая Форма'), queue.site);
    expect(status).toBe(202);
    expect(json).toEqual({ queued: true });
    expect(named('Закрытая Форма')(await crmLeads())).toHaveLength(1);
    expect(submittedBy('Закрытая Форма')(await submissions())).toEqual([]);
    // Still closed at the queue's first try: it stays owed to Drupal.
    await queue.deliver();
    expect(submittedBy('Закрытая Форма')(await submissions())).toEqual([]);
    await control.webform('callback', { closed: false });
    await queue.deliver();
    expect(submittedBy('Закрытая Форма')(await submissions())).toHaveLength(1);
    expect(queue.held()).toEqual([]);
    expect(named('Закрытая Форма')(await crmLeads())).toEqual([expect.objectContaining({ deliveries: 1 })]);
  });

  it('a required element the popup does not show: the same', async () => {
    // The popup's copy of the form is from before the editor added a required signature.
    const { response } = await request('/api/forms/callback');
    expect(((await response.json()) as { fields: { key: string }[] }).fields.map((f) => f.key)).not.toContain('podpis');
    await control.webform('callback', { signature: true });
    const queue = heldQueue();
    const { status, json } = await post('callback', callback('Без Подписи'), queue.site);
    expect(status).toBe(202);
    expect(json).toEqual({ queued: true });
    expect(named('Без Подписи')(await crmLeads())).toHaveLength(1);
    await control.webform('callback', {});
    await queue.deliver();
    expect(submittedBy('Без Подписи')(await submissions())).toHaveLength(1);
    expect(queue.held()).toEqual([]);
    expect(named('Без Подписи')(await crmLeads())).toEqual([expect.objectContaining({ deliveries: 1 })]);
  });

  it("an error on a field keyed `message` is that field's, for the visitor to fix", async () => {
    // The popup's copy of the form is from before the editor made the comment required.
    expect((await request('/api/forms/callback')).response.status).toBe(200);
    await control.webform('callback', { required: ['message'] });
    const { status, json } = await post('callback', callback('Без Комментария'));
    expect(status).toBe(400);
    expect((json.errors as Record<string, string>).message).toMatch(/Комментарий/);
    expect(named('Без Комментария')(await crmLeads())).toEqual([]);
    expect(submittedBy('Без Комментария')(await submissions())).toEqual([]);
  });

  it('reads webform_rest 4.x and older answers apart', () => {
    expect(readSubmitAnswer(400, { error: { message: 'Извините… Эта форма закрыта для новых отправок.' } })).toMatchObject({
      kind: 'refused',
    });
    expect(
      readSubmitAnswer(400, { message: 'Submitted Data contains validation errors.', error: { message: 'Поле «Сообщение» обязательно.' } }),
    ).toEqual({
      kind: 'invalid',
      errors: { message: 'Поле «Сообщение» обязательно.' },
    });
    // Older releases: validation errors as 200 without the summary.
    expect(readSubmitAnswer(200, { error: { message: 'Поле «Сообщение» обязательно.' } })).toEqual({
      kind: 'invalid',
      errors: { message: 'Поле «Сообщение» обязательно.' },
    });
    expect(readSubmitAnswer(403, { message: 'Permission denied.' })).toMatchObject({ kind: 'refused' });
  });
});

describe("the submission's page (webform's uri, from the Referer)", () => {
  it('is the page the visitor was on, from the request and from the queue alike; never another site', async () => {
    expect((await post('callback', callback('Со Страницы'))).status).toBe(200);
    expect(submittedBy('Со Страницы')(await submissions())[0]!.uri).toBe('http://127.0.0.1:8787/news.html');

    expect((await post('callback', callback('С Чужой', { send_page_url: 'https://evil.example/phish' }))).status).toBe(200);
    expect(submittedBy('С Чужой')(await submissions())[0]!.uri).toBeNull();

    await demo.faults({ rules: [{ match: '/webform_rest/submit', status: 503 }] });
    expect((await post('callback', callback('Из Очереди'))).status).toBe(202);
    await demo.faults({ rules: [] });
    const queued = submittedBy('Из Очереди')(await eventually(submissions, (list) => submittedBy('Из Очереди')(list).length > 0, 20_000));
    expect(queued[0]!.uri).toBe('http://127.0.0.1:8787/news.html');
  });
});

describe('the trap field', () => {
  it.each([HONEYPOT, HONEYPOT_OLD])('filled as %s: the visitor sees success, the CRM has it marked, Drupal nothing', async (key) => {
    const name = `Автозаполнение ${key}`;
    const { status, json } = await post('callback', callback(name, { [key]: 'https://example.ru' }));
    expect(status).toBe(200);
    expect(json.sid).toEqual(expect.any(String));
    const [lead] = named(name)(await eventually(crmLeads, (list) => named(name)(list).length > 0, 20_000));
    expect(lead!.data.suspected_spam).toBe(true);
    expect(lead!.data.comment.split('\n')[0]).toBe('Возможно, спам: заполнено скрытое поле-ловушка');
    expect(lead!.data.phone).toBe('+7 (999) 888-77-66');
    expect(submittedBy(name)(await submissions())).toEqual([]);
  });
});

describe('logs', () => {
  const lines: string[] = [];
  beforeEach(() => {
    lines.length = 0;
    for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        lines.push(
          args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '),
        );
      });
    }
  });
  afterEach(() => vi.restoreAllMocks());

  it('never hold personal data or file bytes, whatever became of the lead', async () => {
    await control.webform('send_resume', { required: ['rezyume'] });
    await control.crm.fail({ times: 1 });
    const queue = heldQueue();
    await post('send_resume', await resume('Анна Журнальная'), queue.site);
    await control.webform('callback', { closed: true });
    await post('callback', callback('Анна Журнальная'), queue.site);
    await post('callback', callback('Анна Журнальная', { [HONEYPOT]: 'x' }), queue.site);
    await demo.faults({ rules: [{ match: '/webform_rest/', status: 503 }] });
    await post('send_resume', await resume('Анна Журнальная'), queue.site);
    await demo.faults({ rules: [] });
    await control.webform('callback', { closed: false });
    // The queue's deliveries log too: twice round, so that what one delivery queues is delivered as well.
    await queue.deliver();
    await queue.deliver();
    expect(submittedBy('Анна Журнальная')(await submissions()).length).toBeGreaterThan(0);

    expect(lines.length).toBeGreaterThan(0);
    const all = lines.join('\n');
    const base64 = btoa(String.fromCharCode(...new TextEncoder().encode(RESUME_TEXT)));
    for (const secret of [
      'Анна',
      'Журнальная',
      '321-54-76',
      '888-77-66',
      'anna.soisk',
      'example.ru',
      'rezyume-anna',
      'резюме Анны',
      base64.slice(0, 24),
      'Хочу у вас работать',
    ]) {
      expect(all, secret).not.toContain(secret);
    }
  });
});
