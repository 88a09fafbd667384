/**
 * `npm run bench`: ratios, not timings to assert.
 * 1. Warm cache: requests per second of a page against a static file of the same
 *    size served by the same runtime (workerd's static assets), same concurrency.
 * 2. Cold render (empty cache) with every demo-origin call delayed by 100 ms, as a
 *    multiple of that delay; and how much of it the delay added: about 2 means the
 *    page's calls ran in two parallel rounds (path lookup, then the node), not one by one.
 * 3. Gzipped JavaScript and CSS the page loads up front, and with every island hydrated.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, freePort, startDemoOrigin, startSite, type WorkerServer } from '../scripts/servers.ts';

const DELAY_MS = 100;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 5) * 1000;
const CONCURRENCY = 16;
const COLD_SAMPLES = 3;
const STATIC_DIR = join(ROOT, 'dist', 'client', '__bench');

async function serviceAlias(demoUrl: string): Promise<string> {
  const res = await fetch(`${demoUrl}/jsonapi/node/services?filter[status]=1&page[limit]=1&sort=-created`);
  const doc = (await res.json()) as { data: { attributes: { path: { alias: string } } }[] };
  const alias = doc.data[0]?.attributes.path.alias;
  if (!alias) throw new Error('no service in the demo origin');
  return alias;
}

/** Closed-loop load: CONCURRENCY clients, each sending its next request when the last one finished. */
async function requestsPerSecond(url: string): Promise<number> {
  let done = 0;
  const end = Date.now() + DURATION_MS;
  const client = async () => {
    while (Date.now() < end) {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      done++;
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, client));
  return (done * 1000) / (Date.now() - started);
}

/**
 * Uncompressed: with `Accept-Encoding: gzip` the local runtime buffers compressed
 * output in 16 KB blocks, which would hide when the worker sent its first bytes.
 */
async function timed(url: string): Promise<{ firstByte: number; total: number; cache: string | null }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  const reader = res.body!.getReader();
  await reader.read();
  const firstByte = performance.now() - started;
  while (!(await reader.read()).done);
  return { firstByte, total: performance.now() - started, cache: res.headers.get('X-Cache') };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function gzipped(file: string): number {
  return gzipSync(readFileSync(join(ROOT, 'dist', 'client', file))).byteLength;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** Files that `keys` pull in through static imports. */
function closure(manifest: Record<string, ManifestChunk>, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    chunk.css?.forEach((css) => seen.add(css));
    closure(manifest, chunk.imports ?? [], seen);
  }
  return seen;
}

function weights(html: string) {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'client', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const upfront = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const islands = [...new Set([...html.matchAll(/data-island="(\w+)"/g)].map((m) => `islands/${m[1]}.tsx`))];
  const all = closure(manifest, ['entry.ts', 'runtime/hydrate.ts', ...islands]);
  const sum = (files: Iterable<string>, ext: string) => [...files].filter((f) => f.endsWith(ext)).reduce((s, f) => s + gzipped(f), 0);
  return {
    upfrontJs: sum(upfront, '.js'),
    upfrontCss: sum(upfront, '.css'),
    hydratedJs: sum(all, '.js'),
    islands: islands.length,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const servers: WorkerServer[] = [];
  const stopAll = () => Promise.all(servers.map((s) => s.stop()));
  try {
    const demo = await startDemoOrigin({ port: await freePort() });
    servers.push(demo);
    const service = await serviceAlias(demo.url);
    const pages = [
      { name: 'home', path: '/' },
      { name: 'service', path: service },
    ];

    // Learn each page's size, then write static files of exactly that size for the runtime to serve.
    rmSync(STATIC_DIR, { recursive: true, force: true });
    mkdirSync(STATIC_DIR, { recursive: true });
    const probePort = await freePort();
    const probe = await startSite({ port: probePort, vars: { DRUPAL_BASE_URL: demo.url, SITE_URL: `http://127.0.0.1:${probePort}` } });
    const htmlOf = new Map<string, string>();
    for (const p of pages) {
      await (await fetch(probe.url + p.path)).text();
      const html = await (await fetch(probe.url + p.path)).text();
      htmlOf.set(p.name, html);
      writeFileSync(join(STATIC_DIR, `${p.name}.html`), 'x'.repeat(Buffer.byteLength(html)));
    }
    await probe.stop();

    const warmPort = await freePort();
    const warm = await startSite({ port: warmPort, vars: { DRUPAL_BASE_URL: demo.url, SITE_URL: `http://127.0.0.1:${warmPort}` } });
    servers.push(warm);
    // A cold render: a site just started with empty KV and an empty memory tier.
    const coldRender = async (path: string) => {
      const port = await freePort();
      const cold = await startSite({ port, vars: { DRUPAL_BASE_URL: demo.url, SITE_URL: `http://127.0.0.1:${port}` } });
      try {
        // Warm the isolate itself (code loaded, JIT) on another page, so only Drupal's part is cold.
        await (await fetch(`${cold.url}/400`)).text();
        return await timed(cold.url + path);
      } finally {
        await cold.stop();
      }
    };

    console.log(`Benchmark: ${CONCURRENCY} concurrent clients, ${DURATION_MS / 1000} s per measurement, loopback, workerd via wrangler dev\n`);
    for (const p of pages) {
      const pageUrl = warm.url + p.path;
      for (let i = 0; i < 3; i++) await (await fetch(pageUrl)).text();
      const check = await fetch(pageUrl);
      await check.text();
      const staticUrl = `${warm.url}/__bench/${p.name}.html`;
      const siteRps = await requestsPerSecond(pageUrl);
      const staticRps = await requestsPerSecond(staticUrl);

      const coldRuns = async (delayMs: number) => {
        await fetch(`${demo.url}/__demo/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ delayMs }) });
        const runs = [];
        for (let i = 0; i < COLD_SAMPLES; i++) runs.push(await coldRender(p.path));
        return runs;
      };
      const base = await coldRuns(0);
      const runs = await coldRuns(DELAY_MS);
      await fetch(`${demo.url}/__demo/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({}) });
      const rounds = (median(runs.map((r) => r.total)) - median(base.map((r) => r.total))) / DELAY_MS;

      const w = weights(htmlOf.get(p.name) ?? '');
      const size = Buffer.byteLength(htmlOf.get(p.name) ?? '');
      console.log(`${p.name} (${p.path}, ${kb(size)} of HTML, X-Cache ${check.headers.get('X-Cache')})`);
      console.log(`  warm: ${siteRps.toFixed(0)} req/s vs static file of the same size ${staticRps.toFixed(0)} req/s → ratio ${(siteRps / staticRps).toFixed(2)}`);
      console.log(
        `  cold (empty cache, uncompressed), every origin call +${DELAY_MS} ms: first byte ${(median(runs.map((r) => r.firstByte)) / DELAY_MS).toFixed(2)}× the delay, whole page ${(median(runs.map((r) => r.total)) / DELAY_MS).toFixed(2)}× (X-Cache ${runs[0]?.cache}); ` +
          `the delay added ${rounds.toFixed(2)}× itself (sequential origin rounds; without delay the page took ${median(base.map((r) => r.total)).toFixed(0)} ms)`,
      );
      console.log(`  up front: JS ${kb(w.upfrontJs)} + CSS ${kb(w.upfrontCss)} gzipped; with all ${w.islands} islands hydrated: JS ${kb(w.hydratedJs)} gzipped\n`);
    }
  } finally {
    await stopAll();
    rmSync(STATIC_DIR, { recursive: true, force: true });
  }
}

await main();
