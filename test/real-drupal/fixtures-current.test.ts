/**
 * The recorded real Drupal answers (test/fixtures/real-drupal/10.2) are still what a live real Drupal
 * answers: each request is asked again and must have the recorded shape (test/real-drupal/shape.ts). Runs in
 * the real-drupal project, whose setup provides `realDrupalUrl` (and `realDrupal`): a 10.2 Drupal provisioned by
 * provision.php, the same clinic the fixtures were recorded from (record-fixtures.ts), with the API account
 * TEST_SECRETS.DRUPAL_API_USER / DRUPAL_API_PASSWORD. A fixture whose `request.account` is "api" is asked with
 * that account, as the site asks it; the others anonymously. Outside the project: REAL_DRUPAL_URL (and, for the
 * closed-form case, REAL_DRUPAL_DEST: the installation's folder). Re-record with
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
  }
}

const DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'real-drupal', '10.2');

interface Fixture extends Answer {
  request: { method: 'GET' | 'POST'; path: string; body?: Json; account?: 'api' };
}

function fixture(name: string): Fixture {
  const file = join(DIR, `${name}.json`);
  if (!existsSync(file)) throw new Error(`no fixture ${file}: record it with node test/real-drupal/record-fixtures.ts 10.2`);
  return JSON.parse(readFileSync(file, 'utf8')) as Fixture;
}

function provided<K extends 'realDrupalUrl' | 'realDrupal'>(key: K): ReturnType<typeof inject<K>> | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

function baseUrl(): string {
  const url = provided('realDrupalUrl') ?? process.env.REAL_DRUPAL_URL;
  if (!url) throw new Error('realDrupalUrl is not provided (the real-drupal project provides it; or set REAL_DRUPAL_URL)');
  return url.replace(/\/+$/, '');
}

/** A handle on the live Drupal for drush (closing a form): the project's, else REAL_DRUPAL_DEST's; undefined when neither. */
function liveDrupal(): RealDrupal | undefined {
  const address = provided('realDrupal');
  if (address) return connectRealDrupal(address);
  const dest = process.env.REAL_DRUPAL_DEST;
  const source = realDrupalSource();
  if (!dest || 'skipped' in source) return undefined;
  const url = baseUrl();
  return connectRealDrupal({ url, port: Number(new URL(url).port), dir: dest, stack: '10.2', source: source.dir });
}

const basic = () =>
  `Basic ${Buffer.from(`${TEST_SECRETS.DRUPAL_API_USER}:${TEST_SECRETS.DRUPAL_API_PASSWORD}`, 'utf8').toString('base64')}`;

async function askLive(request: Fixture['request']): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (request.account === 'api') headers.Authorization = basic();
  const res = await fetch(baseUrl() + request.path, {
    method: request.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    redirect: 'manual',
    signal: AbortSignal.timeout(60_000),
  });
  return answerOf(res);
}

/** What the fixture's `/node/N`, `…/doctors/{uuid}` or `/rest/…/{nid}` is on the live Drupal: asked by alias. */
async function live(alias: string): Promise<{ uuid: string; id: string }> {
  const answer = await askLive({ method: 'GET', path: `/router/translate-path?path=${alias}`, account: 'api' });
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
  request?: (recorded: Fixture['request']) => Promise<Fixture['request']>;
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
    request: async (r) => ({ ...r, path: `/router/translate-path?path=/node/${(await live('/doctors/ivanova.html')).id}` }),
  },
  {
    name: 'jsonapi-individual-include',
    options: JSONAPI,
    request: async (r) => ({ ...r, path: `/jsonapi/node/doctors/${(await live('/doctors/ivanova.html')).uuid}?include=field_photo` }),
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
    request: async (r) => ({ ...r, path: `/rest/doctors/service/${(await live('/services/piling.html')).id}?_format=json` }),
  },
  {
    name: 'rest-doctors-other',
    request: async (r) => ({ ...r, path: `/rest/doctors/other/${(await live('/doctors/ivanova.html')).id}?_format=json` }),
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
    request: async (r) => ({
      ...r,
      path: `/jsonapi/menu_items/main?filter[parent]=${await mainServicesItem(baseUrl(), { Authorization: basic() })}`,
    }),
  },
  { name: 'menu-items-footer', options: MENU },
  { name: 'menu-items-services', options: MENU },
  {
    name: 'jsonapi-node-metatag',
    options: JSONAPI,
    request: async (r) => ({ ...r, path: `/jsonapi/node/services/${(await live('/services/piling.html')).uuid}` }),
  },
  { name: 'translate-path-redirect-entity' },
  { name: 'translate-path-redirect-listing' },
  { name: 'rest-redirects' },
  { name: 'jsonapi-price-list', options: JSONAPI },
];

const why = (name: string) =>
  `${name}: the live Drupal's answer no longer has the recorded shape; re-record the fixtures (node_modules/.bin/node test/real-drupal/record-fixtures.ts) and check the demo origin`;

describe('the recorded real Drupal answers are current', () => {
  for (const c of CASES) {
    it(c.name, async () => {
      const recorded = fixture(c.name);
      const live = await askLive(c.request ? await c.request(recorded.request) : recorded.request);
      expect(sameShape(recorded, live, c.options), why(c.name)).toEqual([]);
    });
  }

  it('webform-submit-success, then webform-submit-unique: the Drupal-only rule refuses the same e-mail again', async () => {
    const success = fixture('webform-submit-success');
    const unique = fixture('webform-submit-unique');
    // A fresh address, so that the first submission is the first with it on this Drupal.
    const email = `shape-check-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const first = await askLive({ ...success.request, body: { ...(success.request.body as Record<string, Json>), email } });
    expect(sameShape(success, first), why('webform-submit-success')).toEqual([]);
    const second = await askLive({ ...unique.request, body: { ...(unique.request.body as Record<string, Json>), email } });
    expect(sameShape(unique, second), why('webform-submit-unique')).toEqual([]);
    // The same refusal, word for word, but for the address.
    const recordedEmail = (unique.request.body as { email: string }).email;
    expect(second.body).toEqual(JSON.parse(JSON.stringify(unique.body).split(recordedEmail).join(email)) as Json);
  });

  it('webform-submit-closed (an editor closes the callback form for the request)', async (ctx) => {
    const drupal = liveDrupal();
    if (!drupal) ctx.skip('no handle on the live Drupal for drush (the real-drupal project provides one; or set REAL_DRUPAL_DEST)');
    const recorded = fixture('webform-submit-closed');
    const setStatus = (status: string) =>
      drupal!.php(`$w = \\Drupal\\webform\\Entity\\Webform::load('callback'); $w->setStatus('${status}'); $w->save();`);
    await setStatus('closed');
    try {
      const live = await askLive(recorded.request);
      expect(sameShape(recorded, live), why('webform-submit-closed')).toEqual([]);
      expect(live.body).toEqual(recorded.body);
    } finally {
      await setStatus('open');
    }
  });
});
