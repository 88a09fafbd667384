/**
 * Records a real Drupal's answers as fixtures: test/fixtures/real-drupal/<stack>/<name>.json, each
 * `{request: {method, path, body?, account?}, status, contentType, body}`. The demo origin's answers are checked
 * against their shapes (test/worker/demo-matches-real-drupal.test.ts), and the fixtures against a live
 * Drupal (test/real-drupal/fixtures-current.test.ts).
 *
 *   node_modules/.bin/node test/real-drupal/record-fixtures.ts          # both stacks, 10.2 and 10.3
 *   node_modules/.bin/node test/real-drupal/record-fixtures.ts 10.3     # one
 *
 * The Drupal is the project's own model of the clinic: installRealDrupal (drupal.ts) runs install.sh into a
 * temporary folder (/tmp/rd-f-<stack>-…), provisions it with provision.php (the six popup webforms, the API and
 * editor accounts, the Views REST exports, and the stock part: menus, metatag, redirects, the price list) and serves
 * it on its own port. Requests the site makes with its API
 * account (translate-path, JSON:API, webform_rest, /rest/…: worker/drupal/from-config.ts sends the credentials
 * on every call) are asked with TEST_SECRETS' API account and carry `request.account: "api"`; the editor's login
 * and the session token are asked anonymously, as the site's login does.
 * Values that change from one recording to the next (host and port, uuids, timestamps, tokens, image styles'
 * `itok`, the codebase's folder) are replaced by stable placeholders, so a re-recording shows only real changes. Fixtures of a stack
 * that are no longer asked are removed. KEEP_REAL_DRUPAL=1 leaves the installation (stopped) in place.
 * Node 22 type stripping: erasable TypeScript only.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_SECRETS } from '../setup/secrets.ts';
import { EDITOR, installRealDrupal, type RealDrupal } from './drupal.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const OUT = join(ROOT, 'test', 'fixtures', 'real-drupal');
/** Ports 8920–8929 are this script's; one per stack so that two recordings may run side by side. */
const PORTS: Record<string, number> = { '10.2': 8920, '10.3': 8921 };
const TEXT_LIMIT = 2048;
/** Whatever a real Drupal sends for an uuid, a date or a token is replaced by these. */
export const PLACEHOLDER_ORIGIN = 'http://drupal.test';
/** The e-mail of the successful consultation submission, sent again for the Drupal-only rule (`#unique`). */
export const UNIQUE_EMAIL = 'anna@example.com';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Fixture {
  /** `account: "api"`: asked with the site's API account (HTTP Basic), as the site asks it. */
  request: { method: 'GET' | 'POST'; path: string; body?: Json; account?: 'api' };
  status: number;
  contentType: string;
  body: Json;
}

interface Ask {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: Json;
  /** Anonymous (no credentials): the editor's login, the session token. Else the API account's Basic credentials. */
  anonymous?: boolean;
  /** Done on the Drupal before asking (closing a form), and after (opening it again). */
  before?: (drupal: RealDrupal) => Promise<unknown>;
  after?: (drupal: RealDrupal) => Promise<unknown>;
}

/** Replaces what varies between recordings with stable placeholders. */
export function stabilise(value: Json, ctx: { origin: string; root: string; uuids: Map<string, string> }): Json {
  const uuidRe = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
  const text = (s: string): string =>
    s
      .split(ctx.origin)
      .join(PLACEHOLDER_ORIGIN)
      .split(ctx.origin.replace('http://', ''))
      .join(PLACEHOLDER_ORIGIN.replace('http://', ''))
      .split(ctx.root)
      .join('/srv/drupal')
      .replace(uuidRe, (u) => {
        let p = ctx.uuids.get(u);
        if (!p) {
          p = `00000000-0000-4000-8000-${String(ctx.uuids.size + 1).padStart(12, '0')}`;
          ctx.uuids.set(u, p);
        }
        return p;
      })
      // An image style's token is a hash of the site's private key: one per installation.
      .replace(/itok=[A-Za-z0-9_-]+/g, 'itok=00000000')
      .replace(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}([+-]\d{2}:\d{2}|Z)$/, '2024-01-01T00:00:00+00:00');
  const walk = (v: Json, key: string | null): Json => {
    if (typeof v === 'string') {
      // Tokens: a stand-in keeps the shape (a string) and the diff quiet.
      if (key === 'csrf_token' || key === 'logout_token') return `{${key}}`;
      return text(v);
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, null));
    if (v && typeof v === 'object') {
      const out: { [k: string]: Json } = {};
      for (const [k, x] of Object.entries(v)) out[text(k)] = walk(x, k);
      return out;
    }
    return v;
  };
  return walk(value, null);
}

const basic = `Basic ${Buffer.from(`${TEST_SECRETS.DRUPAL_API_USER}:${TEST_SECRETS.DRUPAL_API_PASSWORD}`, 'utf8').toString('base64')}`;

async function ask(base: string, a: Ask): Promise<{ status: number; contentType: string; raw: string }> {
  const headers: Record<string, string> = {};
  if (a.body !== undefined) headers['Content-Type'] = 'application/json';
  if (!a.anonymous) headers.Authorization = basic;
  const res = await fetch(base + a.path, {
    method: a.method ?? 'GET',
    headers,
    body: a.body === undefined ? undefined : JSON.stringify(a.body),
    redirect: 'manual',
  });
  return { status: res.status, contentType: res.headers.get('Content-Type') ?? '', raw: await res.text() };
}

function asBody(raw: string, contentType: string): Json {
  if (/json/i.test(contentType) || /^\s*[[{]/.test(raw)) {
    try {
      return JSON.parse(raw) as Json;
    } catch {
      // not JSON after all
    }
  }
  return raw.length > TEXT_LIMIT ? raw.slice(0, TEXT_LIMIT) : raw;
}

/** The six popup webforms of provision.php (and of the demo). */
export const WEBFORMS = ['consultation', 'consultation1', 'callback', 'send_resume', 'review', 'discount'] as const;

const setStatus = (id: string, status: 'open' | 'closed') => (drupal: RealDrupal) =>
  drupal.php(`$w = \\Drupal\\webform\\Entity\\Webform::load('${id}'); $w->setStatus('${status}'); $w->save();`);

/** The JSON:API query of the stock price list (docs/drupal.md, the clinic's checklist): published rows, their groups and services. */
export const PRICE_LIST_QUERY =
  '/jsonapi/node/price?filter[status]=1&include=field_price_group,field_services&fields[node--services]=title,path,drupal_internal__nid&sort=field_weight,title&page[limit]=50';

/**
 * The stock sources' answers (provision-stock.php): menus over jsonapi_menu_items, a node's metatag field, redirects,
 * the price list. `mainServices`: the plugin id of the main menu's «Услуги» item, asked after the unfiltered main
 * menu, so that 10.2's page cache answers the filtered GET with the whole tree (the real module's bug).
 */
function stockAsks(service: { uuid: string }, mainServices: string): Ask[] {
  return [
    { name: 'menu-items-main', path: '/jsonapi/menu_items/main' },
    { name: 'menu-items-main-parent', path: `/jsonapi/menu_items/main?filter[parent]=${mainServices}` },
    { name: 'menu-items-footer', path: '/jsonapi/menu_items/footer' },
    { name: 'menu-items-services', path: '/jsonapi/menu_items/services' },
    { name: 'jsonapi-node-metatag', path: `/jsonapi/node/services/${service.uuid}` },
    { name: 'translate-path-redirect-entity', path: '/router/translate-path?path=/old-services.html' },
    { name: 'translate-path-redirect-listing', path: '/router/translate-path?path=/old-news.html' },
    { name: 'rest-redirects', path: '/rest/redirects?_format=json' },
    { name: 'jsonapi-price-list', path: PRICE_LIST_QUERY },
  ];
}

/** The plugin id (`menu_link_content:<uuid>`) of the main menu's «Услуги» item, as jsonapi_menu_items names it. */
export async function mainServicesItem(base: string, headers: Record<string, string> = { Authorization: basic }): Promise<string> {
  const res = await fetch(`${base}/jsonapi/menu_items/main`, { headers });
  if (!res.ok) throw new Error(`/jsonapi/menu_items/main: ${res.status}`);
  const doc = (await res.json()) as { data: { id: string; attributes: { title: string; parent: string } }[] };
  const item = doc.data.find((d) => d.attributes.title === 'Услуги' && d.attributes.parent === '');
  if (!item) throw new Error('the main menu has no top-level «Услуги» item');
  return item.id;
}

/**
 * What is asked, in order. `doctor`: /doctors/ivanova.html (photo, big photo, two services); `service`:
 * /services/piling.html (two doctors).
 */
function asks(doctor: { uuid: string; nid: string }, service: { nid: string }): Ask[] {
  const submit = (name: string, body: Json, extra: Partial<Ask> = {}): Ask => ({
    name,
    method: 'POST',
    path: '/webform_rest/submit?_format=json',
    body,
    ...extra,
  });
  const consultation = {
    webform_id: 'consultation',
    vashe_imya: 'Анна',
    vash_telefon: '+7 (999) 123-45-67',
    email: UNIQUE_EMAIL,
    send_page_url: '/doctors/ivanova.html',
  };
  return [
    { name: 'translate-path-node', path: '/router/translate-path?path=/doctors/ivanova.html' },
    { name: 'translate-path-unknown', path: '/router/translate-path?path=/no-such-page.html' },
    { name: 'translate-path-front', path: '/router/translate-path?path=/' },
    { name: 'translate-path-empty', path: '/router/translate-path' },
    { name: 'translate-path-search', path: '/router/translate-path?path=/search' },
    { name: 'translate-path-search-node', path: '/router/translate-path?path=/search/node' },
    { name: 'translate-path-webform', path: '/router/translate-path?path=/form/consultation' },
    { name: 'translate-path-draft', path: '/router/translate-path?path=/draft.html' },
    { name: 'translate-path-node-id', path: `/router/translate-path?path=/node/${doctor.nid}` },
    { name: 'jsonapi-individual-include', path: `/jsonapi/node/doctors/${doctor.uuid}?include=field_photo` },
    { name: 'jsonapi-collection-page', path: '/jsonapi/node/doctors?page[limit]=1' },
    // provision.php has no qa bundle, on purpose.
    { name: 'jsonapi-unknown-bundle', path: '/jsonapi/node/qa' },
    { name: 'jsonapi-unknown-uuid', path: '/jsonapi/node/doctors/00000000-0000-4000-8000-000000000000' },
    ...WEBFORMS.map((id): Ask => ({ name: `webform-fields-${id}`, path: `/webform_rest/${id}/fields?_format=json` })),
    { name: 'webform-fields-unknown', path: '/webform_rest/no_such_form/fields?_format=json' },
    submit('webform-submit-success', consultation),
    // The Drupal-only rule: the same e-mail again (`#unique` on consultation.email).
    submit('webform-submit-unique', { ...consultation, vashe_imya: 'Анна снова' }),
    submit('webform-submit-required-missing', { webform_id: 'consultation', vash_telefon: '+7 (999) 123-45-67' }),
    // webform_rest sets an email_confirm's value as one string: an invalid address is refused under both inputs' names.
    submit('webform-submit-email-confirm-invalid', {
      webform_id: 'discount',
      fio: { first: 'Анна', last: 'Иванова' },
      vash_telefon: '+7 (999) 123-45-67',
      email: 'not-an-email',
      kak_uznali: 'internet',
      usloviya: '1',
    }),
    submit(
      'webform-submit-closed',
      { webform_id: 'callback', vashe_imya: 'Анна', nomer_telefona: '+7 (999) 123-45-67' },
      { before: setStatus('callback', 'closed'), after: setStatus('callback', 'open') },
    ),
    submit('webform-submit-unknown-form', { webform_id: 'no_such_form', name: 'x' }),
    { name: 'rest-search', path: `/rest/search?keys=${encodeURIComponent('пилинг')}&_format=json` },
    { name: 'rest-search-nothing', path: `/rest/search?keys=${encodeURIComponent('абракадабра')}&_format=json` },
    { name: 'rest-doctors-service', path: `/rest/doctors/service/${service.nid}?_format=json` },
    { name: 'rest-doctors-other', path: `/rest/doctors/other/${doctor.nid}?_format=json` },
    {
      name: 'user-login-success',
      method: 'POST',
      path: '/user/login?_format=json',
      body: { name: EDITOR.name, pass: EDITOR.password },
      anonymous: true,
    },
    {
      name: 'user-login-failure',
      method: 'POST',
      path: '/user/login?_format=json',
      body: { name: EDITOR.name, pass: 'wrong-password' },
      anonymous: true,
    },
    { name: 'session-token', path: '/session/token', anonymous: true },
  ];
}

async function lookup(origin: string, alias: string): Promise<{ uuid: string; id: string }> {
  const { status, raw } = await ask(origin, { name: '', path: `/router/translate-path?path=${alias}` });
  if (status !== 200) throw new Error(`translate-path ${alias}: ${status} ${raw.slice(0, 300)}`);
  return (JSON.parse(raw) as { entity: { uuid: string; id: string } }).entity;
}

async function record(stack: '10.2' | '10.3'): Promise<string[]> {
  const port = PORTS[stack];
  if (!port) throw new Error(`unknown stack ${stack} (10.2 or 10.3)`);
  const dest = mkdtempSync(`/tmp/rd-f-${stack}-`);
  process.stdout.write(`[${stack}] installing and provisioning into ${dest}\n`);
  const drupal = await installRealDrupal({
    stack,
    dest,
    port,
    nextSites: {},
    purgeSecret: 'purge-secret',
    apiUser: TEST_SECRETS.DRUPAL_API_USER,
    apiPassword: TEST_SECRETS.DRUPAL_API_PASSWORD,
  });
  const origin = drupal.url;
  const written: string[] = [];
  try {
    const doctor = await lookup(origin, '/doctors/ivanova.html');
    const service = await lookup(origin, '/services/piling.html');
    const mainServices = await mainServicesItem(origin);
    const ctx = { origin, root: join(dest, 'drupal'), uuids: new Map<string, string>() };
    const dir = join(OUT, stack);
    mkdirSync(dir, { recursive: true });
    for (const a of [...asks({ uuid: doctor.uuid, nid: doctor.id }, { nid: service.id }), ...stockAsks(service, mainServices)]) {
      await a.before?.(drupal);
      const { status, contentType, raw } = await ask(origin, a);
      await a.after?.(drupal);
      let body = stabilise(asBody(raw, contentType), ctx);
      if (a.name === 'session-token' && typeof body === 'string') body = '{session_token}';
      const fixture: Fixture = {
        request: {
          method: a.method ?? 'GET',
          path: stabilise(a.path, ctx) as string,
          ...(a.body === undefined ? {} : { body: a.body }),
          ...(a.anonymous ? {} : { account: 'api' as const }),
        },
        status,
        contentType,
        body,
      };
      const file = join(dir, `${a.name}.json`);
      writeFileSync(file, JSON.stringify(fixture, null, 2) + '\n');
      written.push(file);
      process.stdout.write(`[${stack}] ${status} ${a.method ?? 'GET'} ${a.path} → ${a.name}.json\n`);
    }
    // What is no longer asked is no longer a fixture.
    for (const old of readdirSync(dir)) {
      if (old.endsWith('.json') && !written.includes(join(dir, old))) {
        rmSync(join(dir, old));
        process.stdout.write(`[${stack}] removed ${old}\n`);
      }
    }
  } finally {
    await drupal.stop();
    if (!process.env.KEEP_REAL_DRUPAL) rmSync(dest, { recursive: true, force: true });
    else process.stdout.write(`[${stack}] kept (stopped): ${dest}; serve it again with realDrupalAt or connectRealDrupal (drupal.ts)\n`);
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stacks = (process.argv[2] ? [process.argv[2]] : ['10.2', '10.3']) as ('10.2' | '10.3')[];
  await Promise.all(stacks.map((stack) => record(stack)));
}
