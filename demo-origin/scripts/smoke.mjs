// Smoke test of a running demo origin: walks every node and checks status codes and key shapes.
// Usage: node demo-origin/scripts/smoke.mjs [http://127.0.0.1:8791]
const base = process.argv[2] ?? 'http://127.0.0.1:8791';
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
    const q = `/jsonapi/node/${bundle}?filter[status]=1&sort=-created&page[offset]=${offset}` + (rels.length ? `&include=${rels.join(',')}` : '');
    const doc = await get(q);
    for (const n of doc.data) {
      count++;
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
  if (tp.entity?.id !== String(nid) || tp.entity?.bundle !== bundle) fail(`translate ${alias}`);
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
for (const f of ['consultation', 'consultation1', 'callback', 'send_resume', 'review', 'discount']) await get(`/webform_rest/${f}/fields`);
await get('/webform_rest/nope/fields', 404);

const stats = await get('/__demo/requests');
if (stats.total !== checks - 1) fail(`request counter says ${stats.total}, made ${checks - 1}`);
console.log(`${aliases.length} aliases, ${checks} requests, ${failures} failures`);
process.exit(failures ? 1 : 0);
