/**
 * The demo origin's editing switches for the editors' mode: renaming and unpublishing
 * a node (POST /__demo/nodes/{nid}) shows in every answer and reset restores it; an editor's login
 * session sees unpublished nodes in JSON:API and translate-path while anonymous requests get 403;
 * user flood control blocks a name after 5 failed logins (docs/drupal.md §4a).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { control, demo, demoUrl, eventually } from './helpers';

const SMAS = 24;
const SMAS_ALIAS = '/services/apparatnaya-kosmetologiya/smas-lifting.html';
/** Unpublished service «Карбокситерапия» (a draft). */
const DRAFT = 47;
const DRAFT_ALIAS = '/services/kosmetologiya/karboksiterapiya.html';
const FLOOD_MESSAGE = 'Too many failed login attempts from your IP address. This IP address is temporarily blocked.';

interface JsonApiNode {
  id: string;
  attributes: { drupal_internal__nid: number; title: string; status: boolean; changed: string };
}

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${demoUrl}${path}`, { headers });
}

async function getJson<T>(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const res = await get(path, headers);
  return { status: res.status, body: (await res.json()) as T };
}

const translate = (path: string, headers: Record<string, string> = {}) =>
  getJson<{ label?: string; entity?: { uuid: string; id: string }; message?: string }>(
    `/router/translate-path?path=${encodeURIComponent(path)}`,
    headers,
  );

function login(name: string, pass: string): Promise<Response> {
  return fetch(`${demoUrl}/user/login?_format=json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, pass }),
  });
}

/** Logs the demo editor in and returns the Cookie header of its session. */
async function editorCookie(): Promise<string> {
  const res = await login('redaktor', 'demo-redaktor-2013');
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('Set-Cookie') ?? '';
  const pair = setCookie.split(';')[0] ?? '';
  expect(pair).toMatch(/^S?SESS\w+=.+/);
  return pair;
}

function editNode(nid: number | string, body: unknown): Promise<Response> {
  return control.answer.edit(nid, body);
}

/** The uuid of a node (translate-path by /node/{nid}, as an editor so that drafts resolve too). */
async function uuidOf(nid: number, cookie: string): Promise<string> {
  const { body } = await translate(`/node/${nid}`, { Cookie: cookie });
  if (!body.entity) throw new Error(`node ${nid} did not resolve`);
  return body.entity.uuid;
}

beforeEach(() => demo.reset());
afterEach(() => demo.reset());

describe('title switch', () => {
  it('renames a node in JSON:API, translate-path, REST views, search, metatags and breadcrumbs, and reset restores it', async () => {
    const before = await demo.node(SMAS);
    expect(before).toEqual({ nid: SMAS, title: 'SMAS-лифтинг Ultraformer', status: true, bundle: 'services', alias: SMAS_ALIAS });
    const uuid = (await translate(SMAS_ALIAS)).body.entity?.uuid ?? '';
    const individual = `/jsonapi/node/services/${uuid}`;
    const changedBefore = (await getJson<{ data: JsonApiNode }>(individual)).body.data.attributes.changed;

    const title = 'Ультразвуковой СМАС-лифтинг (новое название)';
    await demo.setTitle(SMAS, title);
    expect(await demo.node(SMAS)).toEqual({ ...before, title });

    const doc = (await getJson<{ data: JsonApiNode }>(individual)).body;
    expect(doc.data.attributes.title).toBe(title);
    expect(Date.parse(doc.data.attributes.changed)).toBeGreaterThan(Date.parse(changedBefore));
    const collection = (await getJson<{ data: JsonApiNode[] }>(`/jsonapi/node/services?filter[drupal_internal__nid]=${SMAS}`)).body;
    expect(collection.data.map((n) => n.attributes.title)).toEqual([title]);

    expect((await translate(SMAS_ALIAS)).body.label).toBe(title);

    // REST view: the services of article 160 name 24 by its title.
    const rows = (await getJson<Array<{ nid: string; title: string }>>('/rest/service/article/160?_format=json')).body;
    expect(rows.find((r) => r.nid === String(SMAS))?.title).toBe(title);

    const search = (await getJson<Array<{ id: string; title: string }>>(`/rest/search?keys=${encodeURIComponent('новое название')}`)).body;
    expect(search.map((r) => r.id)).toContain(String(SMAS));

    const meta = (
      await getJson<{ '#attached': { html_head: Array<[{ '#attributes': Record<string, string> }, string]> } }>(
        `/blocks_for_page/metatag?page=${encodeURIComponent(SMAS_ALIAS)}`,
      )
    ).body;
    const tag = (key: string) => meta['#attached'].html_head.find(([, k]) => k === key)?.[0]['#attributes'];
    expect(tag('title')?.content).toBe(`${title} | Клиника «Лаванда»`);
    expect(tag('og_title')?.content).toBe(title);

    const crumbs = (
      await getJson<{ data: Array<{ title: string; link?: string }> }>(`/breadcrumb_headless?page=${encodeURIComponent(SMAS_ALIAS)}`)
    ).body;
    expect(crumbs.data.at(-1)).toEqual({ title });
    // A child service's trail names its renamed parent.
    const child = await demo.node(38);
    const childCrumbs = (
      await getJson<{ data: Array<{ title: string; link?: string }> }>(`/breadcrumb_headless?page=${encodeURIComponent(child.alias)}`)
    ).body;
    expect(childCrumbs.data).toContainEqual({ title, link: SMAS_ALIAS });

    await demo.reset();
    expect((await demo.node(SMAS)).title).toBe(before.title);
    expect((await translate(SMAS_ALIAS)).body.label).toBe(before.title);
    const restored = (await getJson<{ data: JsonApiNode }>(individual)).body.data.attributes;
    expect(restored.title).toBe(before.title);
    expect(restored.changed).toBe(changedBefore);
  });

  it('takes 1–255 characters, and answers 404 for an unknown node', async () => {
    expect((await editNode(SMAS, { title: '' })).status).toBe(400);
    expect((await editNode(SMAS, { title: '   ' })).status).toBe(400);
    expect((await editNode(SMAS, { title: 'я'.repeat(256) })).status).toBe(400);
    expect((await editNode(SMAS, { title: 5 })).status).toBe(400);
    expect((await editNode(SMAS, {})).status).toBe(400);
    const ok = await editNode(SMAS, { title: 'я'.repeat(255) });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { title: string }).title).toBe('я'.repeat(255));
    expect((await editNode(999999, { title: 'x' })).status).toBe(404);
    expect((await control.answer.node(999999)).status).toBe(404);
  });

  it('unpublishes a node: anonymous requests get 403 for it until reset', async () => {
    const res = await editNode(SMAS, { status: false });
    expect(await res.json()).toMatchObject({ nid: SMAS, status: false });
    expect((await translate(SMAS_ALIAS)).status).toBe(403);
    const cookie = await editorCookie();
    const uuid = await uuidOf(SMAS, cookie);
    expect((await get(`/jsonapi/node/services/${uuid}`)).status).toBe(403);
    expect((await get(`/jsonapi/node/services/${uuid}`, { Cookie: cookie })).status).toBe(200);

    await demo.reset();
    expect((await translate(SMAS_ALIAS)).status).toBe(200);
    expect((await get(`/jsonapi/node/services/${uuid}`)).status).toBe(200);
  });
});

describe('a delayed answer', () => {
  it('is made when the call arrives and sent once the delay is over, as Drupal works on it meanwhile', async () => {
    await demo.faults({ delayMs: 400 });
    const query = `filter[drupal_internal__nid]=${SMAS}`;
    const asked = getJson<{ data: JsonApiNode[] }>(`/jsonapi/node/services?${query}`);
    await eventually(
      () => demo.count(query),
      (n) => n > 0,
      5_000,
    );
    // Saved while the GET is delayed: the answer already made has the title from before.
    await editNode(SMAS, { title: 'Сохранено во время ответа' });
    const answered = await asked;
    expect(answered.status).toBe(200);
    expect(answered.body.data[0]?.attributes.title).not.toBe('Сохранено во время ответа');
    expect((await demo.node(SMAS)).title).toBe('Сохранено во время ответа');
  });
});

describe('editor session', () => {
  it('sees unpublished nodes in translate-path and JSON:API; anonymous and Basic auth get 403', async () => {
    const cookie = await editorCookie();

    expect((await translate(DRAFT_ALIAS)).status).toBe(403);
    const resolved = await translate(DRAFT_ALIAS, { Cookie: cookie });
    expect(resolved.status).toBe(200);
    expect(resolved.body.entity?.id).toBe(String(DRAFT));
    const uuid = resolved.body.entity?.uuid ?? '';

    const individual = `/jsonapi/node/services/${uuid}`;
    expect((await get(individual)).status).toBe(403);
    const basic = 'Basic ' + btoa('redaktor:demo-redaktor-2013');
    expect((await get(individual, { Authorization: basic })).status).toBe(403);
    const editorRes = await get(individual, { Cookie: cookie });
    expect(editorRes.status).toBe(200);
    expect(editorRes.headers.get('Cache-Control')).toContain('private');
    const doc = (await editorRes.json()) as { data: JsonApiNode };
    expect(doc.data.attributes).toMatchObject({ drupal_internal__nid: DRAFT, status: false });

    const nids = async (query: string, headers: Record<string, string> = {}) =>
      (await getJson<{ data: JsonApiNode[] }>(`/jsonapi/node/services?page[limit]=50${query}`, headers)).body.data.map(
        (n) => n.attributes.drupal_internal__nid,
      );
    expect(await nids('')).not.toContain(DRAFT);
    expect(await nids('', { Cookie: cookie })).toContain(DRAFT);
    expect(await nids('&filter[status]=1', { Cookie: cookie })).not.toContain(DRAFT);
  });

  it('is still delayed and faulted like any API request', async () => {
    const cookie = await editorCookie();
    const uuid = await uuidOf(DRAFT, cookie);
    await demo.faults({ rules: [{ match: uuid, status: 503 }] });
    expect((await get(`/jsonapi/node/services/${uuid}`, { Cookie: cookie })).status).toBe(503);
    await demo.faults({ rules: [{ match: DRAFT_ALIAS, delayMs: 300 }] });
    const started = Date.now();
    expect((await translate(DRAFT_ALIAS, { Cookie: cookie })).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });
});

describe('login flood control', () => {
  it('answers 403 after 5 failed logins for the same name, even with the right password, until reset', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await login('redaktor', `wrong-${i}`);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Sorry, unrecognized username or password.' });
    }
    const blocked = await login('redaktor', 'demo-redaktor-2013');
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toEqual({ message: FLOOD_MESSAGE });

    await demo.reset();
    expect((await login('redaktor', 'demo-redaktor-2013')).status).toBe(200);
  });
});
