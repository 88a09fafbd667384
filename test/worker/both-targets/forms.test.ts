import { beforeEach, describe, expect, it } from 'vitest';
import { CONSENT, HONEYPOT, type FormDefinition } from '../../../common/forms/definition';
import { formatPhone, phoneDigits } from '../../../common/forms/phone';
import { validateForm } from '../../../common/forms/validate';
import { crmPayload } from '../../../worker/leads/lead';
import type { Lead } from '../../../worker/seams/lead-message';
import { shownKeyOf, shownKeysOf } from '../../../worker/leads/accept';
import { readSubmitAnswer } from '../../../worker/leads/submit';
import { control, demo, eventually, freshStart, request } from '../helpers';

beforeEach(freshStart);

/** Each test posts as a visitor of its own: the forms' rate limit counts per client. */
let visitor = 0;
const newVisitor = () => `198.51.100.${(visitor = (visitor + 1) % 250) + 1}`;

async function post(form: string, body: unknown, headers: Record<string, string> = {}, from = newVisitor()) {
  const init: RequestInit = {
    method: 'POST',
    body: typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body),
    headers: { 'CF-Connecting-IP': from, ...(body instanceof FormData ? {} : { 'Content-Type': 'application/json' }), ...headers },
  };
  const { response, settled } = await request(`/api/forms/${form}`, {}, init);
  const json = (await response.json()) as Record<string, unknown>;
  await settled();
  return { status: response.status, json, headers: response.headers };
}

async function definition(form: string): Promise<FormDefinition> {
  const { response, settled } = await request(`/api/forms/${form}`);
  expect(response.status).toBe(200);
  const json = (await response.json()) as FormDefinition;
  await settled();
  return json;
}

const SERVICE_PAGE = {
  send_page_url: 'http://127.0.0.1:8787/services/apparatnaya-kosmetologiya/rf-lifting.html',
  send_page_title: 'RF-лифтинг',
};

const consultation = (overrides: Record<string, unknown> = {}) => ({
  vashe_imya: 'Анна Тестова',
  vash_telefon: '+7 (999) 123-45-67',
  primechanie: 'Хочу узнать о процедуре подробнее',
  [CONSENT.key]: true,
  ...SERVICE_PAGE,
  ...overrides,
});

interface Submission {
  webform_id: string;
  data: Record<string, unknown>;
}
const submissions = () => control.submissions<Submission>();

describe('the phone mask and validation (docs/requirements.md §5), shared by the popup and the worker', () => {
  it('reads a number however it is typed or pasted', () => {
    for (const typed of ['79991234567', '8 999 123 45 67', '+7 999 1234567', '+7 (999) 123-45-67', '9991234567']) {
      expect(formatPhone(typed)).toBe('+7 (999) 123-45-67');
    }
    expect(formatPhone('+7 (999) 123-45')).toBeUndefined();
    expect(phoneDigits('8 (999) 123-45-67')).toBe('79991234567');
  });

  it('asks for required fields, 10 characters in a required textarea, an e-mail, a whole phone number and the consent', () => {
    const def: FormDefinition = {
      id: 'review',
      title: 'Оставить отзыв',
      submitLabel: 'Отправить',
      fields: [
        { key: 'name', kind: 'text', required: true },
        { key: 'mail', kind: 'email', required: false },
        { key: 'tel', kind: 'tel', required: true },
        { key: 'text', kind: 'textarea', required: true },
      ],
    };
    const errors = validateForm(def, { name: ' ', mail: 'not-an-email', tel: '+7 (999) 12', text: 'коротко' });
    expect(Object.keys(errors).sort()).toEqual([CONSENT.key, 'mail', 'name', 'tel', 'text'].sort());
    expect(errors.text).toMatch(/10 символов/);
    expect(validateForm(def, { name: 'Анна', tel: '89991234567', text: 'Всё прошло отлично, спасибо', [CONSENT.key]: true })).toEqual({});
  });
});

describe('GET /api/forms/{id}', () => {
  it("gives the consultation form's fields from Drupal: flattened, private ones left out, labels and the submit label", async () => {
    const form = await definition('consultation');
    expect(form.title).toBe('Записаться на приём');
    const keys = form.fields.map((f) => f.key);
    expect(keys).toEqual(expect.arrayContaining(['vashe_imya', 'vash_telefon', 'send_page_url', 'send_page_title']));
    expect(form.fields.find((f) => f.key === 'vash_telefon')).toMatchObject({ kind: 'tel', required: true, label: expect.any(String) });
    expect(form.fields.find((f) => f.key === 'send_page_url')).toMatchObject({ kind: 'hidden', prefill: 'page_url' });
    const review = await definition('review');
    expect(review.fields.map((f) => f.key)).not.toContain('otvet_administratora');
    const resume = await definition('send_resume');
    expect(resume.fields.map((f) => f.key)).toEqual(expect.arrayContaining(['vashe_imya', 'email', 'rezyume']));
    expect(resume.fields.find((f) => f.kind === 'file')?.extensions).toEqual(['pdf', 'doc', 'docx', 'rtf', 'odt']);
  });

  it("gives «Записаться на консультацию» the consultation form's fields", async () => {
    const form = await definition('consultation1');
    expect(form.title).toBe('Записаться на консультацию');
    expect(form.fields.map((f) => f.key)).toEqual((await definition('consultation')).fields.map((f) => f.key));
  });

  it('answers an unknown form 404 without asking Drupal', async () => {
    const before = (await demo.requests()).total;
    const { response } = await request('/api/forms/unknown_form');
    expect(response.status).toBe(404);
    expect((await demo.requests()).total).toBe(before);
  });
});

describe('POST /api/forms/{id}', () => {
  it('refuses what the popup would have refused, with Russian messages by field, and sends Drupal nothing', async () => {
    const { status, json } = await post('consultation', { vashe_imya: '', vash_telefon: '+7 (999) 12' });
    expect(status).toBe(400);
    const errors = json.errors as Record<string, string>;
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(['vashe_imya', 'vash_telefon', CONSENT.key]));
    for (const message of Object.values(errors)) expect(message).toMatch(/[а-яё]/i);
    expect(await submissions()).toEqual([]);
  });

  it("submits to Drupal with the page's address and title, and answers its sid", async () => {
    const { status, json } = await post('consultation', consultation({ vash_telefon: '8 999 123 45 67' }));
    expect(status).toBe(200);
    expect(json.sid).toEqual(expect.any(String));
    const [submission] = await submissions();
    expect(submission).toMatchObject({ webform_id: 'consultation', data: { ...SERVICE_PAGE, vash_telefon: '+7 (999) 123-45-67' } });
    expect(submission!.data).not.toHaveProperty(CONSENT.key);
  });

  it('submits «Записаться на консультацию» as the consultation form', async () => {
    expect((await post('consultation1', consultation())).status).toBe(200);
    expect((await submissions())[0]?.webform_id).toBe('consultation');
  });

  it('accepts a filled honeypot silently and keeps nothing', async () => {
    const { status, json } = await post('callback', { ...consultation(), [HONEYPOT]: 'http://spam.example' });
    expect(status).toBe(200);
    expect(json.sid).toEqual(expect.any(String));
    expect(await submissions()).toEqual([]);
  });

  it('answers abuse cleanly: unknown form 404, malformed JSON 400, a body over 1 MB 413, another site 403', async () => {
    expect((await post('nope', consultation())).status).toBe(404);
    const broken = await post('consultation', '{"vashe_imya": ');
    expect(broken.status).toBe(400);
    expect((broken.json.errors as Record<string, string>)._form).toMatch(/Не удалось прочитать/);
    expect((await post('consultation', '[1,2,3]')).status).toBe(400);
    expect((await post('consultation', { vashe_imya: { nested: true } })).status).toBe(400);
    const huge = await post('consultation', consultation({ primechanie: 'х'.repeat(1024 * 1024) }));
    expect(huge.status).toBe(413);
    expect((await post('consultation', consultation(), { Origin: 'https://evil.example' })).status).toBe(403);
    expect(await submissions()).toEqual([]);
  });

  it('refuses a resume of another kind or over 5 MB with a Russian message', async () => {
    const form = (name: string, size: number) => {
      const data = new FormData();
      for (const [key, value] of Object.entries({
        vashe_imya: 'Анна',
        vash_telefon: '+7 (999) 123-45-67',
        email: 'anna@example.ru',
        vakansiya: '',
      }))
        data.set(key, value);
      data.set(CONSENT.key, 'true');
      data.set('rezyume', new File([new Uint8Array(size)], name));
      return data;
    };
    const wrongKind = await post('send_resume', form('resume.exe', 1000));
    expect(wrongKind.status).toBe(400);
    expect((wrongKind.json.errors as Record<string, string>).rezyume).toMatch(/pdf/);
    const tooBig = await post('send_resume', form('resume.pdf', 6 * 1024 * 1024));
    expect(tooBig.status).toBe(400);
    expect((tooBig.json.errors as Record<string, string>).rezyume).toMatch(/5 МБ/);
  });

  it('answers 429 with a Russian message after a few posts a minute from one client', async () => {
    const me = newVisitor();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post('callback', { vashe_imya: '' }, {}, me)).status);
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const limited = await post('callback', { vashe_imya: '' }, {}, me);
    expect(limited.headers.get('Retry-After')).toBe('60');
    expect((limited.json.errors as Record<string, string>)._form).toMatch(/Слишком много заявок/);
  });

  it('keeps the request when Drupal is down, tells the visitor it was received, and delivers it when Drupal is back', async () => {
    await demo.faults({ rules: [{ match: '/webform_rest/submit', status: 503 }] });
    const { status, json } = await post('callback', {
      vashe_imya: 'Отложенная',
      nomer_telefona: '+7 (999) 765-43-21',
      [CONSENT.key]: true,
      ...SERVICE_PAGE,
    });
    expect(status).toBe(202);
    expect(json).toEqual({ queued: true });
    expect(await submissions()).toEqual([]);
    await demo.faults({ rules: [] });
    const delivered = await eventually(submissions, (list) => list.length > 0);
    expect(delivered[0]).toMatchObject({ webform_id: 'callback', data: { vashe_imya: 'Отложенная', ...SERVICE_PAGE } });
  });
});

describe('the CRM webhook, from the queue (docs/requirements.md §4)', () => {
  interface CrmLead {
    data: { name: string; phone: string; email: string; comment: string; form_name: string; form_type: string };
    deliveries: number;
  }
  const crmLeads = () => control.crm.received<CrmLead>();

  it("receives every accepted lead with docs/requirements.md §4's payload", async () => {
    expect((await post('consultation', consultation({ email: 'anna@example.ru' }))).status).toBe(200);
    // Leads queued by earlier tests may still arrive: this test's lead is found by its name.
    const lead = (await eventually(crmLeads, (list) => list.some((l) => l.data.name === 'Анна Тестова'))).find(
      (l) => l.data.name === 'Анна Тестова',
    );
    expect(lead!.data).toMatchObject({
      name: 'Анна Тестова',
      phone: '+7 (999) 123-45-67',
      email: 'anna@example.ru',
      form_name: 'Записаться на приём',
      form_type: 'consultation',
    });
    expect(lead!.data.comment).toContain(SERVICE_PAGE.send_page_url);
    expect(lead!.data.comment).toContain(`Заголовок страницы: ${SERVICE_PAGE.send_page_title}`);
    expect(lead!.data.comment).toContain(`редакция ${CONSENT.version}`);
  });

  it('retries while the CRM fails and delivers the lead once it recovers, exactly once', async () => {
    await control.crm.fail({ times: 2 });
    expect(
      (await post('callback', { vashe_imya: 'Пётр', nomer_telefona: '89991112233', [CONSENT.key]: true, ...SERVICE_PAGE })).status,
    ).toBe(200);
    const mine = (list: CrmLead[]) => list.filter((l) => l.data.name === 'Пётр');
    const leads = mine(await eventually(crmLeads, (list) => mine(list).length > 0, 20_000));
    expect(leads).toHaveLength(1);
    expect(leads[0]!.data).toMatchObject({ name: 'Пётр', phone: '+7 (999) 111-22-33', form_name: 'Заказать звонок' });
    const failed = await control.crm.failState();
    expect(failed.failed).toBe(2);
  });

  it('uploads a resume to Drupal first and names it in the submission', async () => {
    // webform_rest's upload resource is a patch; the demo is stock until told otherwise.
    await control.modules({ webformUpload: true });
    const vacancy = (await definition('send_resume')).fields.find((f) => f.key === 'vakansiya')?.options?.[0]?.value ?? '';
    const data = new FormData();
    for (const [key, value] of Object.entries({
      vashe_imya: 'Анна',
      vash_telefon: '+7 (999) 123-45-67',
      email: 'anna@example.ru',
      vakansiya: vacancy,
      ...SERVICE_PAGE,
    }))
      data.set(key, value);
    data.set(CONSENT.key, 'true');
    data.set('rezyume', new File(['%PDF-1.4 резюме'], 'rezyume-anna.pdf', { type: 'application/pdf' }));
    const { status } = await post('send_resume', data);
    expect(status).toBe(200);
    const [submission] = await submissions();
    expect(submission!.data.rezyume).toMatchObject({ name: 'rezyume-anna.pdf' });
  });
});

describe("Drupal's answers to a submission (docs/drupal.md §3c)", () => {
  it('reads the sid, the error map (Form API names as Drupal gave them), and a refusal', () => {
    expect(readSubmitAnswer(200, { sid: 'abc' })).toEqual({ kind: 'accepted', sid: 'abc' });
    expect(readSubmitAnswer(200, { sid: 17 })).toEqual({ kind: 'accepted', sid: '17' });
    expect(
      readSubmitAnswer(400, {
        message: 'Submitted Data contains validation errors.',
        error: { email: 'Поле E-mail обязательно.', 'lichnye_dannye][vash_telefon': '<em>Телефон</em> неверен' },
      }),
    ).toEqual({
      kind: 'invalid',
      errors: { email: 'Поле E-mail обязательно.', 'lichnye_dannye][vash_telefon': 'Телефон неверен' },
    });
    expect(readSubmitAnswer(200, { error: { email: 'Поле E-mail обязательно.' } })).toMatchObject({ kind: 'invalid' });
    expect(readSubmitAnswer(400, { error: { message: 'This webform is closed.' } })).toEqual({
      kind: 'refused',
      reason: 'This webform is closed.',
    });
    expect(readSubmitAnswer(502, 'Bad gateway')).toBeUndefined();
  });

  it("puts Drupal's error names on what the popup shows: a field inside fieldsets by its key, a composite's part as key][part", () => {
    const shown = shownKeysOf([
      { key: 'vash_telefon', kind: 'tel', required: true },
      {
        key: 'fio',
        kind: 'composite',
        required: true,
        parts: [
          { key: 'first', kind: 'text', required: true },
          { key: 'last', kind: 'text', required: true },
        ],
      },
      { key: 'send_page_url', kind: 'hidden', required: false, prefill: 'page_url' },
    ]);
    expect(shownKeyOf('lichnye_dannye][vash_telefon', shown)).toBe('vash_telefon');
    expect(shownKeyOf('fio][first', shown)).toBe('fio][first');
    expect(shownKeyOf('kontakty][fio][last', shown)).toBe('fio][last');
    expect(shownKeyOf('fio', shown)).toBe('fio');
    expect(shownKeyOf('first', shown)).toBeUndefined();
    expect(shownKeyOf('send_page_url', shown)).toBeUndefined();
    expect(shownKeyOf('skrytoe_pole', shown)).toBeUndefined();
  });
});

describe('the CRM payload (docs/requirements.md §4)', () => {
  it('takes name, phone and e-mail by kind and joins date, time, comment, page and consent into the comment', () => {
    const lead: Lead = {
      id: 'x',
      form: 'consultation',
      webformId: 'consultation',
      fields: [
        { key: 'vashe_imya', kind: 'text', value: 'Анна' },
        { key: 'vash_telefon', kind: 'tel', value: '+7 (999) 123-45-67' },
        { key: 'email', kind: 'email', value: 'anna@example.ru' },
        { key: 'date', kind: 'date', value: '2026-12-01' },
        { key: 'udobnoe_vremya', kind: 'time', value: '10:30' },
        { key: 'primechanie', kind: 'textarea', value: 'Перезвоните утром' },
      ],
      files: [],
      page: { url: 'https://clinic.example/price.html', title: 'Цены' },
      consent: { version: CONSENT.version, at: '2026-11-22T10:00:00.000Z' },
      receivedAt: '2026-11-22T10:00:00.000Z',
    };
    const payload = crmPayload(lead, 'Записаться на приём');
    expect(payload).toMatchObject({
      name: 'Анна',
      phone: '+7 (999) 123-45-67',
      email: 'anna@example.ru',
      form_name: 'Записаться на приём',
      form_type: 'consultation',
    });
    expect(payload.comment.split('\n')).toEqual([
      'Дата: 01.12.2026',
      'Время: 10:30',
      'Перезвоните утром',
      'Страница: https://clinic.example/price.html',
      'Заголовок страницы: Цены',
      `Согласие на обработку персональных данных: редакция ${CONSENT.version}, 2026-11-22T10:00:00.000Z`,
    ]);
  });
});

describe('the pages around a form', () => {
  it('thanks the visitor, and says plainly when the request waits for delivery', async () => {
    const { response } = await request('/thank-you.html');
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(html).toContain('Спасибо! Заявка получена');
    const queued = await (await request('/thank-you.html?queued=1')).response.text();
    expect(queued).toContain('заявка не');
  });

  it('serves the consent document the checkbox links to, with its version', async () => {
    const { response } = await request(CONSENT.url);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Согласие на обработку персональных данных');
    expect(html).toContain(CONSENT.version.split('-').reverse().join('.'));
  });
});

describe('Yandex Metrica', () => {
  it('loads the counter only when one is configured, under the page nonce', async () => {
    const without = await (await request('/', {}, { headers: { Cookie: 'consent=analytics' } })).response.text();
    expect(without).not.toContain('mc.yandex.ru');
    // Only for a visitor who accepted analytics: test/worker/consent.test.ts has the rest.
    const { response } = await request('/', { METRIKA_ID: '12345678' }, { headers: { Cookie: 'consent=analytics' } });
    const html = await response.text();
    const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(response.headers.get('Content-Security-Policy') ?? '')?.[1];
    expect(html).toMatch(new RegExp(`<script nonce="${nonce?.replace(/[+/=]/g, (c) => `\\${c}`)}">[^<]*ym\\(12345678,"init"`));
  });
});
