/**
 * webform_rest (worker/drupal/webform.ts) against a fake fetch, on the answers a real Drupal 10.2 and 10.3 gave
 * (test/fixtures/real-drupal/): a form's fields (docs/drupal.md §3a) asked at the address the recording asked, read
 * into the popup's fields, a form Drupal lacks as none, and its markup sanitised before it is cached; a submission
 * (§3c) posted as JSON with its page as the Referer and Drupal's refusals handed back as they came; and a file for
 * the upload resource a patched webform_rest has (docs/drupal.md, "Corrections"), remembered as absent for a day.
 */
import { describe, expect, it } from 'vitest';
import { webformCalls } from '../../../worker/drupal/webform';
import { BASE, fakeDrupal, originError, readable, recorded, recordedUrl, type Answer, type Sent, type Stack } from './fake-drupal';

function webforms(answer: (sent: Sent) => Answer) {
  const drupal = fakeDrupal(answer);
  return { ...drupal, calls: webformCalls(drupal.context) };
}

describe.each<Stack>(['10.2', '10.3'])("a form's fields as Drupal %s answered them", (stack) => {
  it("asks webform_rest for the form's fields as the recording did, and reads them in order with their kinds", async () => {
    const { calls, sent } = webforms(() => recorded(stack, 'webform-fields-consultation'));
    const form = await calls.webform('consultation');
    expect(sent[0]?.method).toBe('GET');
    expect(readable(sent[0]!.url)).toBe(readable(recordedUrl(recorded(stack, 'webform-fields-consultation'))));
    expect(form?.submitLabel).toBe('Записаться');
    expect(form?.fields.map((field) => [field.key, field.kind, field.required])).toEqual([
      ['vashe_imya', 'text', true],
      ['vash_telefon', 'tel', true],
      ['email', 'email', false],
      ['date', 'date', false],
      ['udobnoe_vremya', 'time', false],
      ['primechanie', 'textarea', false],
      ['send_page_url', 'hidden', false],
      ['send_page_title', 'hidden', false],
    ]);
    expect(form?.fields[1]).toMatchObject({ label: 'Ваш телефон', placeholder: '+7 (___) ___-__-__' });
  });

  it("reads a select's options and a radios' expanded predefined set", async () => {
    const { calls } = webforms(() => recorded(stack, 'webform-fields-review'));
    const fields = (await calls.webform('review'))?.fields ?? [];
    expect(fields.find((field) => field.key === 'vrach')).toMatchObject({
      kind: 'select',
      options: [
        { value: '5', label: 'Иванова Мария Петровна' },
        { value: '6', label: 'Петров Иван Сергеевич' },
        { value: '7', label: 'Смирнова Ольга Викторовна' },
      ],
    });
    expect(fields.find((field) => field.key === 'rekomenduete')?.options?.map((option) => option.value)).toEqual(['Yes', 'No']);
  });

  it('caches a form Drupal lacks (its 404) as a negative none', async () => {
    const { calls, sent, loaded } = webforms(() => recorded(stack, 'webform-fields-unknown'));
    expect(await calls.webform('no_such_form')).toBeNull();
    expect(readable(sent[0]!.url)).toBe(readable(recordedUrl(recorded(stack, 'webform-fields-unknown'))));
    expect(loaded.get(sent[0]!.url.href)).toEqual({ value: null, negative: true });
  });
});

describe("a form's fields: answers no stack recorded", () => {
  it('caches a form the API account may not see (403) as a negative none', async () => {
    const { calls, sent, loaded } = webforms(() => ({ status: 403, body: { message: 'Access denied' } }));
    expect(await calls.webform('consultation')).toBeNull();
    expect(loaded.get(sent[0]!.url.href)).toEqual({ value: null, negative: true });
  });

  it("sanitises the form's markup before it is cached", async () => {
    const callback = recorded('10.3', 'webform-fields-callback');
    const hostile = JSON.parse(
      JSON.stringify(callback.body).replace('<p>Перезвоним', '<p onclick=\\"steal()\\"><img src=x onerror=\\"steal()\\">Перезвоним'),
    ) as unknown;
    expect(JSON.stringify(hostile)).toContain('onerror');
    const { calls, sent, loaded } = webforms(() => ({ status: 200, body: hostile }));
    const markup = (await calls.webform('callback'))?.fields.find((field) => field.kind === 'markup');
    expect(markup?.html).toContain('Перезвоним в течение 15 минут');
    expect(markup?.html).not.toMatch(/onclick|onerror|steal/);
    expect(JSON.stringify(loaded.get(sent[0]!.url.href))).not.toContain('steal');
  });

  it('refuses a 200 that is no element tree as a problem of this call, and a 5xx as an outage; caches neither', async () => {
    const odd = webforms(() => ({ status: 200, body: [] }));
    const error = await originError(odd.calls.webform('consultation'));
    expect([error.status, error.unhealthy]).toEqual([200, false]);
    expect(odd.loaded.size).toBe(0);
    const down = webforms(() => ({ status: 500, body: 'The website encountered an unexpected error.', contentType: 'text/plain' }));
    expect((await originError(down.calls.webform('consultation'))).unhealthy).toBe(true);
    expect(down.loaded.size).toBe(0);
  });
});

describe('a submission (docs/drupal.md §3c)', () => {
  const submission = (stack: Stack, name: string) => recorded(stack, name).request.body as Record<string, unknown>;

  it('posts the values as JSON to /webform_rest/submit with the page as the Referer, and gives the answer as it came', async () => {
    const success = recorded('10.3', 'webform-submit-success');
    const { calls, sent } = webforms(() => success);
    const answer = await calls.submitWebform(submission('10.3', 'webform-submit-success'), 'https://clinic.test/doctors/ivanova.html');
    expect(answer).toEqual({ status: 200, body: success.body });
    expect(sent[0]?.method).toBe('POST');
    expect(readable(sent[0]!.url)).toBe(readable(recordedUrl(success)));
    expect(sent[0]?.headers.get('content-type')).toBe('application/json');
    expect(sent[0]?.headers.get('referer')).toBe('https://clinic.test/doctors/ivanova.html');
    expect(JSON.parse(sent[0]!.body)).toEqual(success.request.body);
  });

  it('sends no Referer when it knows no page', async () => {
    const { calls, sent } = webforms(() => recorded('10.3', 'webform-submit-success'));
    await calls.submitWebform(submission('10.3', 'webform-submit-success'));
    expect(sent[0]?.headers.has('referer')).toBe(false);
  });

  it.each<[Stack, string]>([
    ['10.3', 'webform-submit-required-missing'],
    ['10.3', 'webform-submit-unique'],
    ['10.3', 'webform-submit-closed'],
    ['10.3', 'webform-submit-unknown-form'],
    ['10.2', 'webform-submit-email-confirm-invalid'],
  ])("hands Drupal %s's refusal (%s) back as it came, for the caller to read", async (stack, name) => {
    const refusal = recorded(stack, name);
    const { calls } = webforms(() => refusal);
    expect(await calls.submitWebform(submission(stack, name))).toEqual({ status: 400, body: refusal.body });
  });

  it("turns Drupal 10.2's 500 for an unknown form into an OriginError: not an answer a visitor can act on", async () => {
    const { calls } = webforms(() => recorded('10.2', 'webform-submit-unknown-form'));
    const error = await originError(calls.submitWebform(submission('10.2', 'webform-submit-unknown-form')));
    expect([error.status, error.unhealthy]).toEqual([500, true]);
  });
});

describe('a file for the upload resource of a patched webform_rest', () => {
  const FILE = { name: 'Резюме "Иванова".pdf', bytes: new TextEncoder().encode('%PDF-1.4').buffer as ArrayBuffer };

  it("posts the raw bytes to the form's field, the name taken literally as UTF-8 bytes, and gives the answer as it came", async () => {
    const created = { status: 201, body: { fid: [{ value: 12 }], filename: [{ value: 'Резюме _Иванова_.pdf' }] } };
    const { calls, sent } = webforms(() => created);
    expect(await calls.uploadWebformFile('send_resume', 'resume', FILE)).toEqual(created);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url.href).toBe(`${BASE}/webform_rest/send_resume/upload/resume?_format=json`);
    expect(sent[0]?.headers.get('content-type')).toBe('application/octet-stream');
    // The header's bytes are the name's UTF-8 bytes, its quotes made harmless.
    const disposition = sent[0]!.headers.get('content-disposition')!;
    const bytes = Uint8Array.from(disposition, (char) => char.charCodeAt(0));
    expect(new TextDecoder().decode(bytes)).toBe('file; filename="Резюме _Иванова_.pdf"');
    expect(sent[0]?.body).toBe('%PDF-1.4');
  });

  it.each([404, 405])('takes a %i for no such resource, remembers it for a day, and then asks Drupal nothing', async (status) => {
    const { calls, sent, remembered } = webforms(() => ({ status, body: { message: 'No route found' } }));
    expect(await calls.uploadWebformFile('send_resume', 'resume', FILE)).toBeNull();
    expect([...remembered]).toEqual([
      [`${BASE}/webform_rest/%7Bwebform_id%7D/upload/%7Bfield_name%7D?_format=json`, { value: false, seconds: 86_400 }],
    ]);
    expect(await calls.uploadWebformFile('consultation', 'photo', FILE)).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('hands any other refusal back as it came, and remembers nothing', async () => {
    const tooBig = { status: 422, body: { message: 'The file is too big.' } };
    const { calls, remembered } = webforms(() => tooBig);
    expect(await calls.uploadWebformFile('send_resume', 'resume', FILE)).toEqual(tooBig);
    expect(remembered.size).toBe(0);
  });
});
