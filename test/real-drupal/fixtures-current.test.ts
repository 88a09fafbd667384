/**
 * The recorded real Drupal answers (test/fixtures/real-drupal/<stack>) are still what a live real Drupal of that
 * stack answers: each request is asked again and must have the recorded shape (test/real-drupal/shape.ts). Runs in
 * the real-drupal project, whose setup provides `realDrupalUrl` (and `realDrupal`) and `realDrupal103`: a 10.2 and a
 * 10.3 Drupal provisioned by provision.php, the same clinic the fixtures were recorded from (record-fixtures.ts), with the API account
 * TEST_SECRETS.DRUPAL_API_USER / DRUPAL_API_PASSWORD. A fixture whose `request.account` is "api" is asked with
 * that account, as the site asks it; the others anonymously. Outside the project: REAL_DRUPAL_URL, a 10.2 (and, for
 * the closed-form case, REAL_DRUPAL_DEST: the installation's folder). Re-record with
 * `node_modules/.bin/node test/real-drupal/record-fixtures.ts` when a shape really changed.
 *
 * Left to the recording alone: user-login-success's token values and session-token's value (placeholders), and
 * nothing else: the content is provision.php's on both sides, so even content-specific answers are compared.
 */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';
import { TEST_SECRETS } from '../setup/secrets';
import { connectRealDrupal, EDITOR, realDrupalSource, type RealDrupal, type RealDrupalAddress } from './drupal';
import { mainServicesItem } from './record-fixtures';
import { answerOf, sameShape, type Answer, type Json, type ShapeOptions } from './shape';

declare module 'vitest' {
  export interface ProvidedContext {
    realDrupalUrl: string;
    realDrupal: RealDrupalAddress;
    realDrupal103: RealDrupalAddress;
  }
}

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'real-drupal');

/** A live Drupal whose answers are compared with its stack's recordings; `drupal` for drush, when at hand. */
interface Live {
  stack: '10.2' | '10.3';
  url: string;
  drupal?: RealDrupal;
}

interface Fixture extends Answer {
  request: { method: 'GET' | 'POST'; path: string; body?: Json; account?: 'api' };
}

function fixture(at: Live, name: string): Fixture {
  const file = join(FIXTURES, at.stack, `${name}.json`);
  if (!existsSync(file)) throw new Error(`no fixture ${file}: record it with node test/real-drupal/record-fixtures.ts ${at.stack}`);
  return JSON.parse(readFileSync(file, 'utf8')) as Fixture;
}

function provided<K extends 'realDrupalUrl' | 'realDrupal' | 'realDrupal103'>(key: K): ReturnType<typeof inject<K>> | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * The live Drupals: the project's 10.2 (realDrupalUrl, else REAL_DRUPAL_URL, with REAL_DRUPAL_DEST for drush) and its
 * 10.3 (realDrupal103; only inside the project).
 */
function liveDrupals(): Live[] {
  const out: Live[] = [];
  const address = provided('realDrupal');
  const url = (provided('realDrupalUrl') ?? process.env.REAL_DRUPAL_URL)?.replace(/\/+$/, '');
  if (url) {
    const dest = process.env.REAL_DRUPAL_DEST;
    const source = realDrupalSource();
    const drupal = address
      ? connectRealDrupal(address)
      : dest && !('skipped' in source)
        ? connectRealDrupal({ url, port: Number(new URL(url).port), dir: dest, stack: '10.2', source: source.dir })
        : undefined;
    out.push({ stack: '10.2', url, drupal });
  }
  const address103 = provided('realDrupal103');
  if (address103) out.push({ stack: '10.3', url: address103.url, drupal: connectRealDrupal(address103) });
  if (out.length === 0) throw new Error('realDrupalUrl is not provided (the real-drupal project provides it; or set REAL_DRUPAL_URL)');
  return out;
}

const basic = () =>
  `Basic ${Buffer.from(`${TEST_SECRETS.DRUPAL_API_USER}:${TEST_SECRETS.DRUPAL_API_PASSWORD}`, 'utf8').toString('base64')}`;

async function askLive(at: Live, request: Fixture['request']): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (request.account === 'api') headers.Authorization = basic();
  const res = await fetch(at.url + request.path, {
    method: request.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    redirect: 'manual',
    signal: AbortSignal.timeout(60_000),
  });
  return answerOf(res);
}

/** What the fixture's `/node/N`, `…/doctors/{uuid}` or `/rest/…/{nid}` is on the live Drupal: asked by alias. */
async function live(at: Live, alias: string): Promise<{ uuid: string; id: string }> {
  const answer = await askLive(at, { method: 'GET', path: `/router/translate-path?path=${alias}`, account: 'api' });
  if (answer.status !== 200) throw new Error(`translate-path ${alias} on the live Drupal: ${answer.status}`);
  return (answer.body as { entity: { uuid: string; id: string } }).entity;
}

/** Other tests of the project edit nodes: a bundle's own fields and empty optional values may differ. */
const JSONAPI: ShapeOptions = {
  ignore: (path, key) => /\.(attributes|relationships)$/.test(path) && key.startsWith('field_') && key !== 'field_photo',
  nullable: () => true,
};
/** jsonapi_menu_items: a static link (core's Contact, Home) has `meta: []` and no `route.parameters` entries, a content link `meta: {entity_id}`. */
const MENU: ShapeOptions = {
  nullable: () => true,
  ignore: (path, key) => /\.attributes$/.test(path) && (key === 'meta' || key === 'route' || key === 'options'),
};
const ERROR_MAP: ShapeOptions = { map: (path) => path === 'body.error' };
/** webform_rest's element tree: each element's keys, whatever its values. */
const FIELDS: ShapeOptions = { nullable: () => true };

interface Case {
  name: string;
  options?: ShapeOptions;
  /** The request to ask instead of the recorded one (live ids, fresh values). */
  request?: (recorded: Fixture['request'], at: Live) => Promise<Fixture['request']>;
}

const WEBFORMS = ['consultation', 'consultation1', 'callback', 'send_resume', 'review', 'discount'];

const CASES: Case[] = [
  { name: 'translate-path-node' },
  { name: 'translate-path-unknown' },
  { name: 'translate-path-front' },
  { name: 'translate-path-empty' },
  { name: 'translate-path-search' },
  { name: 'translate-path-search-node' },
  { name: 'translate-path-webform' },
  { name: 'translate-path-draft' },
  {
    name: 'translate-path-node-id',
    request: async (r, at) => ({ ...r, path: `/router/translate-path?path=/node/${(await live(at, '/doctors/ivanova.html')).id}` }),
  },
  {
    name: 'jsonapi-individual-include',
    options: JSONAPI,
    request: async (r, at) => ({
      ...r,
      path: `/jsonapi/node/doctors/${(await live(at, '/doctors/ivanova.html')).uuid}?include=field_photo`,
    }),
  },
  { name: 'jsonapi-collection-page', options: JSONAPI },
  { name: 'jsonapi-unknown-bundle' },
  { name: 'jsonapi-unknown-uuid' },
  ...WEBFORMS.map((id): Case => ({ name: `webform-fields-${id}`, options: FIELDS })),
  { name: 'webform-fields-unknown' },
  { name: 'webform-submit-required-missing', options: ERROR_MAP },
  { name: 'webform-submit-email-confirm-invalid', options: ERROR_MAP },
  { name: 'webform-submit-unknown-form' },
  { name: 'rest-search', options: { allowExtra: (path) => path === 'body[]' } },
  { name: 'rest-search-nothing' },
  {
    name: 'rest-doctors-service',
    request: async (r, at) => ({ ...r, path: `/rest/doctors/service/${(await live(at, '/services/piling.html')).id}?_format=json` }),
  },
  {
    name: 'rest-doctors-other',
    request: async (r, at) => ({ ...r, path: `/rest/doctors/other/${(await live(at, '/doctors/ivanova.html')).id}?_format=json` }),
  },
  { name: 'user-login-success', request: async (r) => ({ ...r, body: { name: EDITOR.name, pass: EDITOR.password } }) },
  // A wrong password for a name no account has: no per-user flood count against the editor.
  { name: 'user-login-failure', request: async (r) => ({ ...r, body: { name: 'no-such-user-shape-check', pass: 'wrong-password' } }) },
  { name: 'session-token' },
  // The stock sources (provision-stock.php). Menus: the items' own keys, whatever the links.
  { name: 'menu-items-main', options: MENU },
  {
    name: 'menu-items-main-parent',
    options: MENU,
    request: async (r, at) => ({
      ...r,
      path: `/jsonapi/menu_items/main?filter[parent]=${await mainServicesItem(at.url, { Authorization: basic() })}`,
    }),
  },
  { name: 'menu-items-footer', options: MENU },
  { name: 'menu-items-services', options: MENU },
  {
    name: 'jsonapi-node-metatag',
    options: JSONAPI,
    request: async (r, at) => ({ ...r, path: `/jsonapi/node/services/${(await live(at, '/services/piling.html')).uuid}` }),
  },
  { name: 'translate-path-redirect-entity' },
  { name: 'translate-path-redirect-listing' },
  { name: 'rest-redirects' },
  { name: 'jsonapi-price-list', options: JSONAPI },
];

const why = (name: string) =>
  `${name}: the live Drupal's answer no longer has the recorded shape; re-record the fixtures (node_modules/.bin/node test/real-drupal/record-fixtures.ts) and check the demo origin`;

describe.each(liveDrupals().map((at) => [at.stack, at] as const))('the recorded real Drupal %s answers are current', (_stack, at) => {
  for (const c of CASES) {
    it(c.name, async () => {
      const recorded = fixture(at, c.name);
      const live = await askLive(at, c.request ? await c.request(recorded.request, at) : recorded.request);
      expect(sameShape(recorded, live, c.options), why(c.name)).toEqual([]);
    });
  }

  it('webform-submit-success, then webform-submit-unique: the Drupal-only rule refuses the same e-mail again', async () => {
    const success = fixture(at, 'webform-submit-success');
    const unique = fixture(at, 'webform-submit-unique');
    // A fresh address, so that the first submission is the first with it on this Drupal.
    const email = `shape-check-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const first = await askLive(at, { ...success.request, body: { ...(success.request.body as Record<string, Json>), email } });
    expect(sameShape(success, first), why('webform-submit-success')).toEqual([]);
    const second = await askLive(at, { ...unique.request, body: { ...(unique.request.body as Record<string, Json>), email } });
    expect(sameShape(unique, second), why('webform-submit-unique')).toEqual([]);
    // The same refusal, word for word, but for the address.
    const recordedEmail = (unique.request.body as { email: string }).email;
    expect(second.body).toEqual(JSON.parse(JSON.stringify(unique.body).split(recordedEmail).join(email)) as Json);
  });

  it('webform-submit-closed (an editor closes the callback form for the request)', async (ctx) => {
    const drupal = at.drupal;
    if (!drupal) ctx.skip('no handle on the live Drupal for drush (the real-drupal project provides one; or set REAL_DRUPAL_DEST)');
    const recorded = fixture(at, 'webform-submit-closed');
    const setStatus = (status: string) =>
      drupal!.php(`$w = \\Drupal\\webform\\Entity\\Webform::load('callback'); $w->setStatus('${status}'); $w->save();`);
    await setStatus('closed');
    try {
      const live = await askLive(at, recorded.request);
      expect(sameShape(recorded, live), why('webform-submit-closed')).toEqual([]);
      expect(live.body).toEqual(recorded.body);
    } finally {
      await setStatus('open');
    }
  });
});
