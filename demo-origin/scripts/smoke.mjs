// Smoke test of a running demo origin: walks every node and checks status codes and key shapes.
// Usage: node demo-origin/scripts/smoke.mjs [http://127.0.0.1:8791] [full|lean]
// Without a mode it checks the schema mode DEMO_SCHEMA chose (the reset at the start returns to it).
const base = process.argv[2] ?? 'http://127.0.0.1:8791';
const modeArg = process.argv[3];
let failures = 0;
let checks = 0;

function fail(msg) {
  failures++;
  console.error('FAIL', msg);
}

async function get(path, expected = 200) {
  checks++;
  const res = await fetch(base + path, { redirect: 'manual' });
  const text = await res.text();
  if (res.status !== expected) fail(`${path}: HTTP ${res.status}, expected ${expected}: ${text.slice(0, 200)}`);
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

await fetch(base + '/__demo/reset', { method: 'POST' });
if (modeArg) {
  const res = await fetch(base + '/__demo/schema', { method: 'POST', body: JSON.stringify({ mode: modeArg }) });
  if (!res.ok) throw new Error(`cannot switch to schema mode ${modeArg}: HTTP ${res.status} ${await res.text()}`);
}
const { mode } = await (await fetch(base + '/__demo/schema')).json();
const lean = mode === 'lean';
console.log(`schema mode: ${mode}`);

// Relationship fields lean mode's bundles lack: an include of them is JSON:API's 400 there.
const LEAN_MISSING = {
  services: ['field_photo', 'field_preview_photo', 'field_popular_procedure_img'],
  doctors: ['field_photo_big'],
  page: ['field_image'],
};
for (const [bundle, fields] of Object.entries(LEAN_MISSING)) {
  for (const f of fields) {
    const doc = await get(`/jsonapi/node/${bundle}?page[limit]=1&include=${f}`, lean ? 400 : 200);
    if (lean && !doc.errors?.[0]?.detail?.startsWith(`\`${f}\` is not a valid relationship field name. Possible values: `))
      fail(`include ${bundle}.${f}: ${JSON.stringify(doc).slice(0, 200)}`);
    await get(`/jsonapi/node/${bundle}?filter[${f}.id]=x`, lean ? 400 : 200);
  }
}
/** drupal_internal__nid: a number in full mode, a numeric string in lean mode. */
const nidOk = (v) => (lean ? typeof v === 'string' && /^\d+$/.test(v) : Number.isInteger(v));

const index = await get('/jsonapi');
const nodeTypes = Object.keys(index.links).filter((k) => k.startsWith('node--'));
if (nodeTypes.length !== 16) fail(`expected 16 node bundles, got ${nodeTypes.length}`);

const aliases = [];
for (const type of nodeTypes) {
  const bundle = type.slice('node--'.length);
  const first = await get(`/jsonapi/node/${bundle}?page[limit]=1`);
  const rels = Object.keys(first.data[0]?.relationships ?? {}).filter((r) => !['node_type', 'uid', 'revision_uid'].includes(r));
  let offset = 0;
  let count = 0;
  for (;;) {
    const q =
      `/jsonapi/node/${bundle}?filter[status]=1&sort=-created&page[offset]=${offset}` + (rels.length ? `&include=${rels.join(',')}` : '');
    const doc = await get(q);
    for (const n of doc.data) {
      count++;
      if (!nidOk(n.attributes.drupal_internal__nid))
        fail(`${bundle} ${n.id}: drupal_internal__nid ${JSON.stringify(n.attributes.drupal_internal__nid)} in ${mode} mode`);
      if (lean && LEAN_MISSING[bundle]?.some((f) => f in n.relationships)) fail(`${bundle} ${n.id}: carries a field lean mode removes`);
      aliases.push([n.attributes.path.alias, n.attributes.drupal_internal__nid, bundle]);
      for (const r of rels) {
        const d = n.relationships[r].data;
        for (const id of Array.isArray(d) ? d : d ? [d] : []) {
          if (id.type === 'file--file' && !doc.included?.some((i) => i.id === id.id)) fail(`${bundle} ${n.id}: ${r} not included`);
        }
      }
    }
    if (!doc.links.next) break;
    offset += 50;
  }
  if (count < 3) fail(`${bundle}: only ${count} published items`);
  console.log(`${bundle}: ${count} published, relationships: ${rels.join(', ') || '-'}`);
}

for (const [alias, nid, bundle] of aliases) {
  const tp = await get(`/router/translate-path?path=${encodeURIComponent(alias)}`);
  // ≤2.0.5 shape in full mode (id a string, langcode in entity); 2.0.6+ in lean mode.
  const tpOk = lean
    ? tp.entity?.id === Number(nid) && tp.isExternal === false && tp.langcode === 'ru' && !('langcode' in tp.entity)
    : tp.entity?.id === String(nid) && !('isExternal' in tp) && tp.entity?.langcode === 'ru';
  if (!tpOk || tp.entity?.bundle !== bundle) fail(`translate ${alias}: ${JSON.stringify(tp).slice(0, 200)}`);
  const byNid = await get(`/router/translate-path?path=/node/${nid}`);
  if (byNid.resolved !== tp.resolved) fail(`/node/${nid} resolves differently`);
  const crumbs = await get(`/breadcrumb_headless?page=${encodeURIComponent(alias)}`);
  if (!Array.isArray(crumbs.data) || crumbs.data.length === 0 || crumbs.data.at(-1).link !== undefined) fail(`breadcrumb ${alias}`);
  const meta = await get(`/blocks_for_page/metatag?page=${encodeURIComponent(alias)}`);
  if (!meta['#attached']?.html_head?.some(([, k]) => k === 'canonical_url')) fail(`metatag ${alias}`);
  const blocks = await get(`/blocks_for_page?page=${encodeURIComponent(alias)}`);
  for (const b of Object.values(blocks.data ?? {})) await get(b.link);
  await get(`/blocks_for_page/special_links/price.html?page=${encodeURIComponent(alias)}`);
  await get(`/blocks_for_page/block/services_childs?page=${encodeURIComponent(alias)}`);
  await get(`/blocks_for_page/block/services_subtree?page=${encodeURIComponent(alias)}`);
  await get(`/blocks_for_page/block/next_cycle_links?page=${encodeURIComponent(alias)}`);
}

for (const s of (await get('/blocks_for_page/special_links/services.html')).data) {
  const id = (await get(`/router/translate-path?path=${encodeURIComponent(s.url)}`)).entity.id;
  for (const v of ['doctors', 'actions', 'patients', 'do-i-posle', 'feedback']) await get(`/rest/${v}/service/${id}`);
  for (const v of ['articles', 'qa']) await get(`/rest/${v}/service/${id}?_format=json`);
}

await get('/router/translate-path?path=/services/kosmetologiya/karboksiterapiya.html', 403);
await get('/router/translate-path?path=/no-such-page.html', 404);
// A two-hop chain: one trace entry per hop (≤2.0.5, full mode), one for the chain (2.0.6+, lean mode).
const chain = await get('/router/translate-path?path=/smas.html');
if (chain.redirect?.length !== (lean ? 1 : 2) || chain.redirect.at(-1).to !== '/services/apparatnaya-kosmetologiya/smas-lifting.html')
  fail(`redirect chain: ${JSON.stringify(chain.redirect)}`);
for (const f of ['consultation', 'consultation1', 'callback', 'send_resume', 'review', 'discount']) await get(`/webform_rest/${f}/fields`);
await get('/webform_rest/nope/fields', 404);

const stats = await get('/__demo/requests');
if (stats.total !== checks - 1) fail(`request counter says ${stats.total}, made ${checks - 1}`);
console.log(`${aliases.length} aliases, ${checks} requests, ${failures} failures`);
process.exit(failures ? 1 : 0);
