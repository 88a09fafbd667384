/**
 * The demo origin's stand-ins for the lead pipeline: the demo CRM webhook (token,
 * recording, idempotency key, failure switch, reset, fault isolation) and webform_rest's submit
 * (docs/drupal.md §3c: error and success shapes, what a submission keeps).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ORIGIN_TEST_VARS } from '../../setup/secrets';
import { control, demo, demoUrl } from '../helpers';

/** The tests' demo origin runs with DEMO_CRM_TOKEN set to the stand-in CRM token (wrangler.toml's default is demo-crm-token). */
const TOKEN = DEMO_ORIGIN_TEST_VARS.DEMO_CRM_TOKEN;

const LEAD = {
  name: 'Анна',
  phone: '+7 (999) 123-45-67',
  email: 'anna@example.com',
  comment:
    'Дата: 2027-03-01; Время: 10:00; Комментарий: Хочу на СМАС-лифтинг; Страница: http://127.0.0.1:8787/services/apparatnaya-kosmetologiya/smas-lifting.html «SMAS-лифтинг»',
  form_name: 'consultation',
  form_type: 'consultation',
};

interface CrmLead {
  id: string;
  received_at: string;
  idempotency_key: string | null;
  deliveries: number;
  data: Record<string, unknown>;
}

interface Submission {
  sid: string;
  webform_id: string;
  created: string;
  auth: 'basic' | 'basic-invalid' | 'anonymous';
  data: Record<string, unknown>;
}

function webhook(body: unknown, headers: Record<string, string> = {}, raw?: string): Promise<Response> {
  return control.crm.post(raw ?? JSON.stringify(body), {
    'Content-Type': 'application/json',
    Authorization: `Bearer ${TOKEN}`,
    ...headers,
  });
}

async function failSwitch(body: unknown): Promise<Response> {
  return control.answer.crmFail(body);
}

const leads = () => control.crm.received<CrmLead>();
const submissions = () => control.submissions<Submission>();

function submit(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${demoUrl}/webform_rest/submit?_format=json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const basic = (user: string, pass: string) => `Basic ${btoa(`${user}:${pass}`)}`;

const PAGE = {
  send_page_url: 'http://127.0.0.1:8787/services/apparatnaya-kosmetologiya/smas-lifting.html',
  send_page_title: 'SMAS-лифтинг',
};

beforeEach(async () => {
  await demo.reset();
});

describe('demo CRM webhook', () => {
  it('refuses a missing or wrong bearer token with 401 JSON and records nothing', async () => {
    const missing = await control.crm.post(JSON.stringify(LEAD), { 'Content-Type': 'application/json' });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('WWW-Authenticate')).toContain('Bearer');
    expect(await missing.json()).toMatchObject({ ok: false, error: expect.any(String) });

    for (const auth of ['Bearer wrong-token', `Basic ${btoa(`x:${TOKEN}`)}`, TOKEN, `Bearer ${TOKEN}x`]) {
      const res = await webhook(LEAD, { Authorization: auth });
      expect(res.status, auth).toBe(401);
      expect((await res.json()) as { ok: boolean }).toMatchObject({ ok: false });
    }
    expect(await leads()).toEqual([]);
  });

  it('records an accepted lead with its time and answers {ok, id}', async () => {
    const before = Date.now();
    const res = await webhook(LEAD);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, id: '1' });
    const second = await webhook({ ...LEAD, name: 'Борис', email: null });
    expect(await second.json()).toEqual({ ok: true, id: '2' });

    const all = await leads();
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({ id: '1', idempotency_key: null, deliveries: 1, data: LEAD });
    expect(Date.parse(all[0]!.received_at)).toBeGreaterThanOrEqual(before - 60_000);
    expect(all[1]!.data).toMatchObject({ name: 'Борис', email: null });
  });

  it('refuses bodies that are not a JSON object or not a lead with 400', async () => {
    const notJson = await webhook(null, {}, 'name=Анна&phone=123');
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ ok: false });
    expect((await webhook([LEAD])).status).toBe(400);
    expect((await webhook('lead')).status).toBe(400);
    const wrong = await webhook({ ...LEAD, phone: 79991234567 });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ ok: false, issues: [expect.stringContaining('phone')] });
    expect((await webhook({})).status).toBe(400);
    expect(await leads()).toEqual([]);
    // Lenient otherwise: fields left out, or extra keys, are fine.
    expect((await webhook({ phone: LEAD.phone, form_type: 'consultation', consent_version: '2025-09-01' })).status).toBe(200);
  });

  it('records a lead once per idempotency key (either header name)', async () => {
    const first = await webhook(LEAD, { 'Idempotency-Key': 'lead-abc' });
    expect(await first.json()).toEqual({ ok: true, id: '1' });
    const retry = await webhook(LEAD, { 'Idempotency-Key': 'lead-abc' });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ ok: true, id: '1', duplicate: true });
    const retryX = await webhook(LEAD, { 'X-Idempotency-Key': 'lead-abc' });
    expect(await retryX.json()).toEqual({ ok: true, id: '1', duplicate: true });
    const other = await webhook(LEAD, { 'X-Idempotency-Key': 'lead-def' });
    expect(await other.json()).toEqual({ ok: true, id: '2' });

    const all = await leads();
    expect(all.map((l) => [l.id, l.idempotency_key, l.deliveries])).toEqual([
      ['1', 'lead-abc', 3],
      ['2', 'lead-def', 1],
    ]);
  });

  it('answers 503 for the next n calls after {"times": n}, then records again', async () => {
    const set = await failSwitch({ times: 2 });
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ times: 2, down: false, failed: 0 });

    const a = await webhook(LEAD, { 'Idempotency-Key': 'k1' });
    expect(a.status).toBe(503);
    expect(await a.json()).toMatchObject({ ok: false });
    expect((await webhook(LEAD, { 'Idempotency-Key': 'k1' })).status).toBe(503);
    expect(await leads()).toEqual([]);
    const ok = await webhook(LEAD, { 'Idempotency-Key': 'k1' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, id: '1' });
    expect(await control.crm.failState()).toEqual({ times: 0, down: false, failed: 2 });
    expect((await leads()).map((l) => l.deliveries)).toEqual([1]);
  });

  it('answers 503 to every call while {"down": true}, until switched off', async () => {
    expect(await (await failSwitch({ down: true })).json()).toEqual({ times: 0, down: true, failed: 0 });
    for (let i = 0; i < 3; i++) expect((await webhook(LEAD)).status).toBe(503);
    // The switch is checked before the token: a CRM that is down answers 503 to anyone.
    expect((await webhook(LEAD, { Authorization: 'Bearer nope' })).status).toBe(503);
    expect(await leads()).toEqual([]);
    expect(await (await failSwitch({ down: false })).json()).toEqual({ times: 0, down: false, failed: 4 });
    expect((await webhook(LEAD)).status).toBe(200);
    expect(await leads()).toHaveLength(1);
  });

  it('refuses a malformed failure switch with 400', async () => {
    for (const body of [{}, { times: -1 }, { times: 1.5 }, { times: '2' }, { down: 'yes' }, []]) {
      expect((await failSwitch(body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it('is cleared, leads and switch, by POST /__demo/reset', async () => {
    await webhook(LEAD, { 'Idempotency-Key': 'k' });
    await failSwitch({ times: 5, down: true });
    await demo.reset();
    expect(await leads()).toEqual([]);
    expect(await control.crm.failState()).toEqual({ times: 0, down: false, failed: 0 });
    const res = await webhook(LEAD, { 'Idempotency-Key': 'k' });
    expect(await res.json()).toEqual({ ok: true, id: '1' });
  });

  it('is not counted, delayed or faulted like a Drupal call, unless a rule names /__demo/crm', async () => {
    await demo.faults({ delayMs: 3_000, rules: [{ match: '/', status: 500 }] });
    const started = Date.now();
    expect((await webhook(LEAD)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect((await demo.requests()).total).toBe(0);

    await demo.faults({ rules: [{ match: '/__demo/crm/webhook', status: 502 }] });
    const faulted = await webhook(LEAD);
    expect(faulted.status).toBe(502);
    expect(await leads()).toHaveLength(1);
    expect((await demo.requests()).total).toBe(0);
  });
});

describe('webform_rest submit (docs/drupal.md §3c)', () => {
  it('answers the validation error map for missing required fields', async () => {
    const res = await submit({ webform_id: 'consultation', ...PAGE });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Submitted Data contains validation errors.',
      error: {
        vashe_imya: 'Поле «Ваше имя» обязательно для заполнения.',
        vash_telefon: 'Поле «Ваш телефон» обязательно для заполнения.',
      },
    });
    expect(await submissions()).toEqual([]);
  });

  it('checks the e-mail format, the review minimum length, the time window and the required checkbox', async () => {
    const res = await submit({ webform_id: 'review', vashe_imya: 'Ирина', email: 'irina@', primechanie: 'Коротко', ...PAGE });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; error: Record<string, string> };
    expect(body.message).toBe('Submitted Data contains validation errors.');
    expect(Object.keys(body.error).sort()).toEqual(['email', 'primechanie', 'soglasie']);
    expect(body.error.email).toContain('irina@');

    const late = await submit({
      webform_id: 'consultation',
      vashe_imya: 'Анна',
      vash_telefon: '+7 (999) 123-45-67',
      udobnoe_vremya: '22:00',
    });
    expect(late.status).toBe(400);
    expect(Object.keys(((await late.json()) as { error: object }).error)).toEqual(['udobnoe_vremya']);
  });

  it('answers the webform_id errors and refuses a body that is not JSON', async () => {
    const unknown = await submit({ webform_id: 'no_such_form', name: 'x' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: { message: 'Invalid webform_id value.' } });
    const missing = await submit({ vashe_imya: 'x' });
    expect(await missing.json()).toEqual({ error: { message: 'Missing required webform_id value.' } });
    const empty = await submit({});
    expect(await empty.json()).toEqual({ error: { message: 'No data has been submitted.' } });
    const form = await fetch(`${demoUrl}/webform_rest/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
      body: '--x--',
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toEqual({ message: 'No route found that matches "Content-Type: multipart/form-data; boundary=x"' });
  });

  it('accepts a formatted phone, answers {sid}, and keeps the page URL and title but no private or unknown keys', async () => {
    const res = await submit({
      webform_id: 'consultation',
      vashe_imya: 'Анна',
      vash_telefon: '+7 (999) 123-45-67',
      email: 'anna@example.com',
      date: '2027-03-01',
      udobnoe_vremya: '10:30',
      primechanie: 'Хочу на консультацию',
      ...PAGE,
      utm_source: 'unknown key',
    });
    expect(res.status).toBe(200);
    const { sid } = (await res.json()) as { sid: string };
    expect(sid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    const review = await submit({
      webform_id: 'review',
      vashe_imya: 'Ирина',
      email: 'irina@example.com',
      primechanie: 'Всё понравилось, спасибо врачу!',
      soglasie: true,
      otvet_administratora: 'private: set only by the clinic',
      ...PAGE,
    });
    expect(review.status).toBe(200);

    const [first, second] = await submissions();
    expect(first).toMatchObject({ sid, webform_id: 'consultation', auth: 'anonymous' });
    expect(first!.data).toEqual({
      vashe_imya: 'Анна',
      vash_telefon: '+7 (999) 123-45-67',
      email: 'anna@example.com',
      date: '2027-03-01',
      udobnoe_vremya: '10:30',
      primechanie: 'Хочу на консультацию',
      ...PAGE,
    });
    expect(second!.data).not.toHaveProperty('otvet_administratora');
    expect(second!.data).toMatchObject(PAGE);
  });

  it('takes anonymous posts and Basic credentials alike, recording only which kind', async () => {
    const data = { webform_id: 'callback', vashe_imya: 'Олег', nomer_telefona: '+7 (999) 765-43-21', udobnoe_vremya: 'asap', ...PAGE };
    expect((await submit(data, { Authorization: basic('api-user-7f3kq9', 'api-pass-Zx81vLq') })).status).toBe(200);
    expect((await submit(data, { Authorization: basic('redaktor', 'demo-redaktor-2013') })).status).toBe(200);
    const all = await submissions();
    expect(all.map((s) => s.auth)).toEqual(['basic-invalid', 'basic']);
    expect(JSON.stringify(all)).not.toContain('api-pass-Zx81vLq');
  });

  it('keeps only the name and size of a file, never its content, and checks its extension', async () => {
    const content = 'x'.repeat(300);
    const dataUrl = `data:application/pdf;name=${encodeURIComponent('резюме.pdf')};base64,${btoa(content)}`;
    const base = {
      webform_id: 'send_resume',
      vashe_imya: 'Мария',
      vash_telefon: '+7 (999) 111-22-33',
      email: 'maria@example.com',
      send_page_url: PAGE.send_page_url,
    };
    const vacancy = await demo.json<Record<string, { '#options': Record<string, string> }>>('/webform_rest/send_resume/fields');
    const option = Object.keys(vacancy.vakansiya!['#options'])[0]!;

    const ok = await submit({ ...base, vakansiya: option, rezyume: dataUrl });
    expect(ok.status).toBe(200);
    const byName = await submit({ ...base, vakansiya: option, rezyume: 'cv.docx' });
    expect(byName.status).toBe(200);
    // Real webform_rest's form: the fid of a file uploaded beforehand.
    expect((await submit({ ...base, vakansiya: option, rezyume: '12' })).status).toBe(200);
    const [withData, withName, withFid] = await submissions();
    expect(withData!.data.rezyume).toEqual({ name: 'резюме.pdf', size: 300 });
    expect(withName!.data.rezyume).toEqual({ name: 'cv.docx', size: null });
    expect(withFid!.data.rezyume).toEqual({ fid: '12', name: null, size: null });
    expect(JSON.stringify(withData)).not.toContain(btoa(content));

    const exe = await submit({ ...base, vakansiya: option, rezyume: 'data:application/octet-stream;name=cv.exe;base64,AAAA' });
    expect(exe.status).toBe(400);
    expect(Object.keys(((await exe.json()) as { error: object }).error)).toEqual(['rezyume']);
  });
});
