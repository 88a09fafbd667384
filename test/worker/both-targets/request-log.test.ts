/**
 * The request log and /health: one JSON line per request that ops can read, and
 * nothing personal in any log line. Every console call is captured while the
 * popup forms are submitted (accepted, queued while Drupal is down, refused by a
 * closed form, retried while the CRM fails) and an editor logs in, looks around
 * and logs out; then every captured line is searched for what the visitor typed,
 * the editor's password, session cookie and Drupal's tokens, and the purge secret.
 * Runs on both targets (vitest.config.ts lists it for the node project).
 */
import { isolate } from '../../../worker/cache/isolate';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { CONSENT, type FormDefinition, type FormField } from '../../../common/forms/definition';
import { POPUP_TITLES, type PopupForm } from '../../../common/popups';
import { failureOf, refusalOf } from '../../../worker/leads/crm';
import { readSubmitAnswer } from '../../../worker/leads/submit';
import type { RequestLine } from '../../../worker/middleware/request-log';
import { TEST_SECRETS } from '../../setup/secrets';
import { bindings, control, demo, eventually, firstAlias, freshStart, request } from '../helpers';

const SITE = 'http://127.0.0.1:8787';
const EDITOR = { name: 'redaktor', pass: 'demo-redaktor-2013' };
const TARGET = bindings.PLATFORM === 'node' ? 'node' : 'workers';

// ---- Capturing the console ---------------------------------------------------------------------------

const METHODS = ['log', 'info', 'warn', 'error', 'debug'] as const;
let spies: MockInstance[] = [];
let lines: string[] = [];

function show(arg: unknown): string {
  if (typeof arg === 'string') return arg;
  if (arg instanceof Error)
    return `${arg.name}: ${arg.message}\n${arg.stack ?? ''}${arg.cause === undefined ? '' : `\ncause: ${show(arg.cause)}`}`;
  try {
    return JSON.stringify(arg) ?? String(arg);
  } catch {
    return String(arg);
  }
}

beforeEach(async () => {
  await freshStart();
  const kv = bindings.DRUPAL_CACHE;
  const leftovers = (await kv.list({ prefix: 'editor-session:' })).keys.map((key) => key.name);
  await Promise.all(leftovers.map((name) => kv.delete(name)));
  isolate().checkedSessions.clear();
  lines = [];
  // Swallowed, not printed: the captured text is what the test reads.
  spies = METHODS.map((method) =>
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void lines.push(args.map(show).join(' '))),
  );
});

afterEach(() => {
  for (const spy of spies) spy.mockRestore();
});

/**
 * The request lines written so far. On Node the lines of one turn of the event loop are written together right
 * after it (platform/node/log-lines.ts): a timer's turn comes after that write.
 */
async function requestLines(): Promise<RequestLine[]> {
  await new Promise((done) => setTimeout(done, 0));
  return lines
    .flatMap((text) => text.split('\n'))
    .filter((line) => line.startsWith('{"time"'))
    .map((line) => JSON.parse(line) as RequestLine);
}

// ---- Distinctive personal data ---------------------------------------------------------------------

const run = crypto.randomUUID().slice(0, 6);
const digits = String(1_000_000 + Math.floor(Math.random() * 8_999_999)).slice(0, 7);
const PERSON = {
  name: `Евдокия Журавлёва-${run}`,
  phone: `+7 (981) ${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5, 7)}`,
  email: `evdokiya.${run}@pochta.example`,
  comment: `Прошу перезвонить после обеда, кабинет ${run}, спасибо заранее`,
};
/** Every way the visitor's data may be written: as typed, as normalised, its digits alone. */
const personal = [
  PERSON.name,
  `Журавлёва-${run}`,
  PERSON.phone,
  `7981${digits}`,
  `981${digits}`,
  `981 ${digits.slice(0, 3)}`,
  PERSON.email,
  `evdokiya.${run}`,
  PERSON.comment,
  `кабинет ${run}`,
];

/** The popup's values for a form as Drupal defines it: the person's data by kind, something valid elsewhere. */
function valuesFor(def: FormDefinition): Record<string, unknown> {
  const values: Record<string, unknown> = { [CONSENT.key]: true };
  const one = (field: Pick<FormField, 'kind' | 'options' | 'min'>): unknown => {
    switch (field.kind) {
      case 'tel':
        return PERSON.phone;
      case 'email':
        return PERSON.email;
      case 'textarea':
        return PERSON.comment;
      case 'date':
        return '2031-03-14';
      case 'time':
        return '10:30';
      case 'number':
        return field.min ?? '1';
      case 'select':
      case 'radios':
        return field.options?.[0]?.value ?? '';
      case 'checkboxes':
        return field.options?.slice(0, 1).map((o) => o.value) ?? [];
      case 'checkbox':
      case 'terms':
        return true;
      default:
        return PERSON.name;
    }
  };
  for (const field of def.fields) {
    if (field.kind === 'hidden' || field.kind === 'markup' || field.kind === 'file') continue;
    if (field.kind === 'email_confirm') values[field.key] = { mail_1: PERSON.email, mail_2: PERSON.email };
    else if (field.kind === 'composite') values[field.key] = Object.fromEntries((field.parts ?? []).map((part) => [part.key, one(part)]));
    else values[field.key] = one(field);
  }
  values.send_page_url = `${SITE}/services/`;
  values.send_page_title = 'Услуги';
  return values;
}

let visitor = 0;
const newVisitor = () => `192.0.2.${(visitor = (visitor + 1) % 250) + 1}`;

async function submit(form: PopupForm): Promise<number> {
  const { response: defined, settled: definedSettled } = await request(`/api/forms/${form}`);
  expect(defined.status, form).toBe(200);
  const def = (await defined.json()) as FormDefinition;
  await definedSettled();
  const values = valuesFor(def);
  const files = def.fields.filter((field) => field.kind === 'file');
  let body: BodyInit;
  const headers: Record<string, string> = { 'CF-Connecting-IP': newVisitor() };
  if (files.length > 0) {
    const data = new FormData();
    for (const [key, value] of Object.entries(values)) {
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        for (const [part, v] of Object.entries(value)) data.set(`${key}[${part}]`, String(v));
      else if (Array.isArray(value)) for (const v of value) data.append(key, String(v));
      else data.set(key, String(value));
    }
    for (const file of files) data.set(file.key, new File([`%PDF-1.4 ${PERSON.name}`], `rezyume-${run}.pdf`, { type: 'application/pdf' }));
    body = data;
  } else {
    body = JSON.stringify(values);
    headers['Content-Type'] = 'application/json';
  }
  const { response, settled } = await request(`/api/forms/${form}`, {}, { method: 'POST', body, headers });
  const answer = await response.text();
  await settled();
  expect([200, 202], `${form}: ${answer}`).toContain(response.status);
  return response.status;
}

interface CrmLead {
  data: { name: string; comment: string };
}
const crmLeads = () => control.crm.received<CrmLead>();
const submissions = () => control.submissions<{ data: Record<string, unknown> }>();
const mentionsPerson = (value: unknown) => JSON.stringify(value).includes(run);

/** Every captured line that holds any of `needles`, with which. */
function leaks(needles: readonly string[]): { needle: string; line: string }[] {
  return lines.flatMap((line) => needles.filter((needle) => line.includes(needle)).map((needle) => ({ needle, line })));
}

// ---- The tests ----------------------------------------------------------------------------------------

describe('no personal data and no secret in any log line', () => {
  it('while every popup form is submitted, queued, refused and retried', async () => {
    for (const form of Object.keys(POPUP_TITLES) as PopupForm[]) await submit(form);
    // Drupal down: the lead waits on the queue and is delivered from it.
    await demo.faults({ rules: [{ match: '/webform_rest/submit', status: 503 }] });
    expect(await submit('callback')).toBe(202);
    await demo.faults({ rules: [] });
    // A closed form: Drupal refuses with its own message; the CRM gets the lead now, Drupal later.
    await control.webform('consultation', { closed: true });
    expect(await submit('consultation')).toBe(202);
    await control.webform('consultation', { closed: false });
    // The CRM failing twice: deliveries are retried and logged.
    await control.crm.fail({ times: 2 });
    expect(await submit('review')).toBe(200);

    // The deliveries have run (and logged) once the demo has them all.
    await eventually(submissions, (list) => list.filter(mentionsPerson).length >= Object.keys(POPUP_TITLES).length + 3, 30_000);
    await eventually(crmLeads, (list) => list.filter(mentionsPerson).length >= Object.keys(POPUP_TITLES).length + 3, 30_000);

    expect(
      lines.some((line) => line.startsWith('Доставка: ') || line.includes('Drupal недоступен при отправке')),
      'the deliveries were logged',
    ).toBe(true);
    expect(leaks([...personal, ...Object.values(TEST_SECRETS)])).toEqual([]);
    // The request lines are there, one per request, for the form's API too.
    expect(
      (await requestLines()).filter((line) => line.path.startsWith('/api/forms/') && line.method === 'POST').length,
    ).toBeGreaterThanOrEqual(Object.keys(POPUP_TITLES).length + 3);
  });

  it("never repeats Drupal's words about a lead, which may quote what the visitor typed", () => {
    const refused = readSubmitAnswer(400, { error: { message: `Значение «${PERSON.name}» недопустимо` } })!;
    const invalid = readSubmitAnswer(400, {
      message: 'Submitted Data contains validation errors.',
      error: { vash_telefon: `Номер ${PERSON.phone} неверен` },
    })!;
    expect(refused.kind).toBe('refused');
    expect(invalid.kind).toBe('invalid');
    const said = [
      refusalOf(refused as Exclude<typeof refused, { kind: 'accepted' }>),
      refusalOf(invalid as Exclude<typeof invalid, { kind: 'accepted' }>),
      failureOf(new Error(`queue said: ${PERSON.email}`)),
    ];
    expect(said[1]).toContain('vash_telefon');
    for (const line of said) for (const needle of personal) expect(line).not.toContain(needle);
  });

  it('while an editor logs in, looks around, purges and logs out, and Drupal purges by its secret', async () => {
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      body: new URLSearchParams(fields),
      headers: { Origin: SITE, 'Sec-Fetch-Site': 'same-origin' },
    });
    const wrongPass = `неверный-${run}`;
    const refused = await request('/login', {}, form({ name: EDITOR.name, pass: wrongPass }));
    expect(refused.response.status).toBe(400);
    // Read as the runtime reads it: a page's copies are written once it is out (docs/architecture.md).
    await refused.response.text();
    await refused.settled();

    const login = await request('/login', {}, form({ name: EDITOR.name, pass: EDITOR.pass }));
    expect(login.response.status).toBe(303);
    await login.settled();
    const setCookie = login.response.headers.getSetCookie().find((line) => line.startsWith('editor='))!;
    const cookie = setCookie.split(';')[0]!;
    const sessionId = cookie.slice('editor='.length);
    const [key] = (await bindings.DRUPAL_CACHE.list({ prefix: 'editor-session:' })).keys;
    const stored = await bindings.DRUPAL_CACHE.get<{ drupalCookie: string; logoutToken: string }>(key!.name, 'json');
    const drupalSession = stored!.drupalCookie.split('=').pop()!;

    const asEditor = async (path: string, init: RequestInit = {}) => {
      const { response, settled } = await request(
        path,
        {},
        { ...init, headers: { Cookie: cookie, ...(init.headers as Record<string, string>) } },
      );
      await response.text();
      await settled();
      return response;
    };
    expect((await asEditor(await firstAlias('services'))).status).toBe(200);
    expect((await asEditor('/auth_page_link.html')).status).toBe(200);
    expect((await asEditor('/cache-rebuild.html')).status).toBe(200);
    const purge = (fields: Record<string, string>) =>
      asEditor('/cache-rebuild.html', {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: { Origin: SITE, 'Sec-Fetch-Site': 'same-origin' },
      });
    expect((await purge({ action: 'path', path: '/price.html' })).status).toBe(200);
    expect((await purge({ action: 'all' })).status).toBe(200);
    const revalidated = await request(`/api/revalidate?path=/&secret=${TEST_SECRETS.PURGE_SECRET}`);
    expect(revalidated.response.status).toBe(200);
    await revalidated.settled();
    expect((await asEditor('/logout', { method: 'POST', headers: { Origin: SITE, 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(303);

    const needles = [
      sessionId,
      stored!.drupalCookie,
      drupalSession,
      stored!.logoutToken,
      EDITOR.pass,
      wrongPass,
      ...Object.values(TEST_SECRETS),
    ];
    expect(
      needles.every((needle) => needle.length >= 8),
      'every needle is distinctive',
    ).toBe(true);
    expect(leaks(needles)).toEqual([]);
    // The editor's Drupal calls are in the request lines, by path only.
    const calls = (await requestLines()).flatMap((line) => line.drupal.map((call) => call.call));
    expect(calls).toEqual(expect.arrayContaining(['/user/login', '/user/logout']));
  });
});

describe('the request line', () => {
  const timingId = (response: Response) => /req;desc="([^"]+)"/.exec(response.headers.get('Server-Timing') ?? '')?.[1];

  it('is one JSON line per page, with the fields ops need and the id of Server-Timing', async () => {
    const alias = await firstAlias('services');
    const { response, settled } = await request(`${alias}?utm_source=${run}`);
    await response.text();
    await settled();
    expect(response.status).toBe(200);
    const id = timingId(response);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('Server-Timing')).toMatch(/drupal;dur=\d+, render;dur=\d+/);

    const mine = await requestLines();
    expect(mine).toHaveLength(1);
    const line = mine[0]!;
    expect(line).toMatchObject({ id, target: TARGET, method: 'GET', path: alias, status: 200, cache: response.headers.get('X-Cache') });
    expect(line.cache).toBe('MISS');
    expect(new Date(line.time).toISOString()).toBe(line.time);
    expect(line.renderMs).toEqual(expect.any(Number));
    expect(line.drupalMs).toEqual(expect.any(Number));
    // A cold page asked Drupal: its calls by endpoint path, each with its outcome; no query anywhere.
    expect(line.drupal.length).toBeGreaterThan(0);
    expect(line.drupal.map((call) => call.call)).toContain('/router/translate-path');
    for (const call of line.drupal) {
      expect(call.call).not.toContain('?');
      expect(call.outcome === 'pending' || typeof call.ms === 'number', JSON.stringify(call)).toBe(true);
    }
    expect(line.drupal.find((call) => call.call === '/router/translate-path')).toMatchObject({ method: 'GET', outcome: 200 });
    expect(JSON.stringify(line)).not.toContain(run);
    // Exactly the listed fields: nothing else can creep in.
    expect(Object.keys(line).sort()).toEqual([
      'cache',
      'drupal',
      'drupalMs',
      'id',
      'method',
      'path',
      'renderMs',
      'status',
      'target',
      'time',
    ]);

    // Served again from the cache: one more line, HIT, and its own id.
    const again = await request(alias);
    await again.response.text();
    await again.settled();
    const second = (await requestLines())[1]!;
    expect(second).toMatchObject({ id: timingId(again.response), cache: 'HIT' });
    expect(second.id).not.toBe(id);
  });

  it('takes the id a proxy gave (X-Request-Id, CF-Ray) when it is a plain token, and makes one otherwise', async () => {
    const given = async (headers: Record<string, string>) => {
      const { response, settled } = await request('/robots.txt', {}, { headers });
      await response.text();
      await settled();
      return { header: timingId(response), logged: (await requestLines()).at(-1)!.id };
    };
    expect(await given({ 'X-Request-Id': 'req-0123456789abcdef' })).toEqual({
      header: 'req-0123456789abcdef',
      logged: 'req-0123456789abcdef',
    });
    expect(await given({ 'CF-Ray': '8c1b2a3d4e5f6789-DME' })).toEqual({ header: '8c1b2a3d4e5f6789-DME', logged: '8c1b2a3d4e5f6789-DME' });
    const forged = await given({ 'X-Request-Id': 'x" , evil;dur=1' });
    expect(forged.header).toMatch(/^[0-9a-f-]{36}$/);
    expect(forged.logged).toBe(forged.header);
  });

  it("is written for error answers too, with Drupal's failure as the call's outcome", async () => {
    await demo.faults({ rules: [{ match: '/router/translate-path', status: 503 }] });
    const { response, settled } = await request('/services/nothing-cached.html');
    await response.text();
    await settled();
    expect(response.status).toBe(503);
    const line = (await requestLines()).at(-1)!;
    expect(line).toMatchObject({ status: 503, path: '/services/nothing-cached.html' });
    expect(line.drupal).toContainEqual(expect.objectContaining({ call: '/router/translate-path', outcome: 503 }));
  });
});

describe('GET /health', () => {
  async function health(overrides: Parameters<typeof request>[1] = {}) {
    const { response, settled } = await request('/health', overrides);
    const body = (await response.json()) as {
      ok: boolean;
      target: string;
      drupal: { reachable: boolean; ms?: number; breaker?: string };
      queue: { depth?: number };
    };
    await settled();
    return { status: response.status, headers: response.headers, body };
  }

  it('answers 200 with Drupal reachable, the target, and the queue depth where the platform tells it', async () => {
    const { status, headers, body } = await health();
    expect(status).toBe(200);
    expect(headers.get('Cache-Control')).toBe('no-store');
    expect(headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(body).toMatchObject({ ok: true, target: TARGET, drupal: { reachable: true, ms: expect.any(Number) } });
    if (TARGET === 'node') expect(body.queue.depth).toEqual(expect.any(Number));
    else expect(body.queue).toEqual({});
    expect((await requestLines()).at(-1)).toMatchObject({ path: '/health', status: 200 });
  });

  it('answers 503 when Drupal does not, and leaves Drupal alone while the breaker is open', async () => {
    await demo.faults({ rules: [{ match: '/router/translate-path', status: 503 }] });
    const first = await health();
    expect(first.status).toBe(503);
    expect(first.body).toMatchObject({ ok: false, drupal: { reachable: false } });
    // The breaker opens after a few failures in a row; then the check asks Drupal nothing.
    await health();
    await health();
    const before = await demo.count('/router/translate-path');
    const open = await health();
    expect(open.status).toBe(503);
    expect(open.body.drupal).toEqual({ reachable: false, breaker: 'open' });
    expect(await demo.count('/router/translate-path')).toBe(before);
  });

  it('answers 503 when Drupal cannot be reached at all', async () => {
    const { status, body } = await health({ DRUPAL_BASE_URL: 'http://127.0.0.1:9' });
    expect(status).toBe(503);
    expect(body.drupal.reachable).toBe(false);
  });

  it('answers JSON a monitor can read on a misconfigured site, naming the setting and never its value', async () => {
    const { response, settled } = await request('/health', { DRUPAL_BASE_URL: undefined, LEGAL_INN: 'секрет-123' });
    const text = await response.text();
    await settled();
    expect(response.status).toBe(500);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    const body = JSON.parse(text) as { ok: boolean; target: string; misconfigured: { setting: string; message: string }[] };
    expect(body).toMatchObject({ ok: false, target: TARGET });
    expect(body.misconfigured.map((p) => p.setting)).toEqual(expect.arrayContaining(['DRUPAL_BASE_URL', 'LEGAL_INN']));
    expect(text).not.toContain('секрет-123');
    // Any other address still gets the page for people.
    const page = await request('/', { DRUPAL_BASE_URL: undefined });
    expect(page.response.headers.get('Content-Type')).toMatch(/^text\/html/);
    await page.response.text();
    await page.settled();
  });
});
