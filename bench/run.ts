/**
 * `npm run bench`: ratios, budgets and scores, not timings to assert.
 * 1. Warm cache: a page against a static file of the same bytes served by the same
 *    runtime (workerd's static assets) at the address that answers 200 itself:
 *    requests per second at the same concurrency, and the median time of one request
 *    at a time. Then the same on the Node target (dist/node/server.js with Valkey),
 *    whose static file it serves from dist/client, with 1 and 2 processes; the goal is
 *    a Node ratio within the Workers one.
 * 2. Cold render (empty cache) with every demo-origin call delayed by 100 ms, as a
 *    multiple of that delay; and how much of it the delay added: about 2 means the
 *    page's calls ran in two parallel rounds (path lookup, then the node), not one by one.
 *    On both targets: the Workers figures with part 1's, the Node ones with its warm figures.
 * 3. Gzipped JavaScript and CSS the page names up front, and with every island hydrated (from the build's manifest).
 * 4. The page budgets (docs/benchmarks.md) in Chromium per page kind: JavaScript of a visit that only
 *    reads, JavaScript with every island woken, CSS.
 * 5. Lighthouse (mobile) per page kind: performance, accessibility, LCP, TBT, CLS; then axe and Lighthouse's
 *    accessibility in each colour scheme of the version for the visually impaired.
 * 6. Before a deploy: each environment's upload (gzipped) and the worker's start-up CPU
 *    time, against scripts/deploy-check.ts's budgets (the test suite checks the rest).
 * 7. Online booking (bench/booking.ts): the times step opened cold from a link, every origin call (Drupal and the
 *    schedule) delayed, as a multiple of the delay; and the booking page's reading JavaScript.
 * The sites run with the demo's schedule system, so the doctor's and service's pages show «Записаться онлайн».
 * 0. The rounds table (bench/rounds.ts): every page kind cold on both targets, its origin calls in sequential rounds
 *    (at most 2) from the demo's request log.
 * BENCH_PARTS=rounds,ratios,budgets,lighthouse,deploy,booking picks parts (all by default; rounds and ratios measure both targets;
 * BENCH_ROUNDS_TARGETS=workers|node and BENCH_ROUNDS_KINDS=home,service,… narrow the table); BENCH_SECONDS sets each load run (5).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism, loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { ROOT, freePort, startDemoOrigin, startNodeSite, startSite, startValkey, type WorkerServer } from '../scripts/servers.ts';
import { BUDGET, readingVisit, wokenVisit } from './budgets.ts';
import { checkDeploy, checkStartup, DEPLOY_BUDGET, deployEnvironments } from '../scripts/deploy-check.ts';
import { DESKTOP, PHONE, launchChromium } from './chromium.ts';
import { withLighthouse } from './lighthouse.ts';
import { axePerScheme, lighthousePerScheme } from './low-vision.ts';
import { NAVIGATION_HEADERS, pageKinds, roundsKinds, statusIfNot200, type PageKind } from './pages.ts';
import { roundsTable, type RoundsTarget } from './rounds.ts';
import { directUrl, pairedThroughput, sequentialMedians } from './warm.ts';
import { demoControl, type FaultConfigInput } from '../demo-origin/control-client.ts';
import { demoBookingVars } from '../scripts/demo-drupal.ts';
import { BOOKING_ROUNDS_LIMIT, bookingJs, timesStep } from './booking.ts';

const DELAY_MS = 100;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = 16;
const SEQUENTIAL_SAMPLES = 200;
const COLD_SAMPLES = 3;
/** How long a cold page's worker is left idle after its warm-up page, whose background work would otherwise run beside it. */
const IDLE_MS = 500;
/** The bench's own sites' purge secret, as Drupal's purge module would send it after a save. */
const BENCH_PURGE_SECRET = 'bench-purge-secret-0427';
const STATIC_DIR = join(ROOT, 'dist', 'client', '__bench');
const PARTS = new Set((process.env.BENCH_PARTS ?? 'rounds,ratios,budgets,lighthouse,deploy,booking').split(',').map((p) => p.trim()));

/**
 * Uncompressed: with `Accept-Encoding: gzip` the local runtime buffers compressed
 * output in 16 KB blocks, which would hide when the worker sent its first bytes.
 */
async function timed(url: string): Promise<{ firstByte: number; total: number; cache: string | null }> {
  const started = performance.now();
  const res = await fetch(url, { headers: NAVIGATION_HEADERS });
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
  // src and href themselves, not an island marker's data-src, which names code loaded later if ever.
  const upfront = [...html.matchAll(/(?<![\w-])(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  // A marker names a React island (islands/X.tsx) or a behaviour (behaviors/X.ts); the manifest knows which.
  const islands = [
    ...new Set(
      [...html.matchAll(/data-island="(\w+)"/g)].map(
        (m) => [`islands/${m[1]}.tsx`, `behaviors/${m[1]}.ts`].find((key) => key in manifest) ?? m[1]!,
      ),
    ),
  ];
  const all = closure(manifest, ['entry.ts', 'runtime/hydrate.ts', ...islands]);
  const sum = (files: Iterable<string>, ext: string) => [...files].filter((f) => f.endsWith(ext)).reduce((s, f) => s + gzipped(f), 0);
  return {
    upfrontJs: sum(upfront, '.js'),
    upfrontCss: sum(upfront, '.css'),
    hydratedJs: sum(all, '.js'),
    islands: islands.length,
  };
}

/** Both targets share the machine with the load generator: figures read differently on a busy one. */
const machine = () =>
  `${availableParallelism()} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The site (the built worker in workerd, scripts/built-worker.ts) on a free port with SITE_URL its own address.
 * Other runs on the machine pick free ports too, and Miniflare takes ports of its own beside it: a port taken
 * between the choice and the start is tried again on another.
 */
async function siteOnFreePort(demoUrl: string): Promise<WorkerServer> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await startSite({
        port,
        vars: {
          DRUPAL_BASE_URL: demoUrl,
          SITE_URL: `http://127.0.0.1:${port}`,
          PURGE_SECRET: BENCH_PURGE_SECRET,
          ...(await demoBookingVars(demoUrl)),
        },
      });
    } catch (error) {
      if (attempt >= 3 || !/Address already in use/.test(String(error))) throw error;
    }
  }
}

/**
 * A measurement cut by a request that failed (a connection reset on a machine busy with other work) is taken again,
 * and says so.
 */
async function retried<T>(what: string, measure: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure();
    } catch (error) {
      if (attempt >= 3) throw error;
      const reason = error instanceof Error ? `${error.message}${error.cause ? ` (${String(error.cause)})` : ''}` : String(error);
      console.log(`  (${what}: ${reason.slice(0, 160)}; taken again)`);
      await new Promise((r) => setTimeout(r, 2_000));
    }
  }
}

/** The warm goals (docs/benchmarks.md): a kept page as near a static file of its bytes as the runtime allows. */
const WARM_GOAL = { throughput: 0.9, oneAtATime: 1.1 };
/** A goal a shared machine's noise can miss by a little: said, not failed. */
const warmGoal = (ok: boolean) => (ok ? 'PASS' : 'INFO (goal not met)');

/**
 * A visitor coming back to a page they have: what `If-None-Match` with the page's ETag is answered, and how much.
 * Asked up to three times: a kept page renewed between the two requests (its ten seconds over) answers 200 once.
 */
async function repeatedVisit(url: string): Promise<string> {
  let answer = '';
  for (let attempt = 0; attempt < 3 && !answer.startsWith('304'); attempt++) {
    const first = await fetch(url);
    await first.arrayBuffer();
    const etag = first.headers.get('ETag');
    if (!etag) {
      answer = 'no ETag on the page';
      continue;
    }
    const again = await fetch(url, { headers: { 'If-None-Match': etag } });
    const body = await again.arrayBuffer();
    answer = `${again.status}, ${body.byteLength} bytes of body`;
  }
  return answer;
}

/** Every verdict the run printed that missed its budget or target. */
const failures: string[] = [];
function verdict(ok: boolean, what: string): string {
  if (!ok) failures.push(what);
  return ok ? 'PASS' : 'FAIL';
}

/** A warm page against its static file on one target: req/s at CONCURRENCY, and the medians one at a time. */
interface Warm {
  pageRps: number;
  fileRps: number;
  pageMs: number;
  fileMs: number;
}
const workersWarm = new Map<string, Warm>();

const postFaults = async (demoUrl: string, faults: FaultConfigInput) => void (await demoControl(demoUrl).faults.set(faults));

/** 1–3: warm against static, cold with a slow origin, and the manifest's weights; for the home page and a service page. */
async function ratios(demoUrl: string, pages: PageKind[], servers: WorkerServer[]) {
  // Learn each page's bytes, then write static files of exactly those bytes for the runtime to serve
  // (the same bytes compress alike, as the edge compresses both).
  rmSync(STATIC_DIR, { recursive: true, force: true });
  mkdirSync(STATIC_DIR, { recursive: true });
  const probe = await siteOnFreePort(demoUrl);
  const htmlOf = new Map<string, string>();
  try {
    for (const p of pages) {
      // The third answer is the kept page (cache/rendered-pages.ts): the bytes every later visitor gets.
      const html = await retried(`learning ${p.path}`, async () => {
        for (let i = 0; i < 2; i++) await (await fetch(probe.url + p.path)).text();
        return (await fetch(probe.url + p.path)).text();
      });
      htmlOf.set(p.name, html);
      writeFileSync(join(STATIC_DIR, `${p.name}.html`), html);
    }
  } finally {
    await probe.stop();
  }

  const warm = await siteOnFreePort(demoUrl);
  servers.push(warm);
  console.log(
    `Ratios: ${CONCURRENCY} concurrent connections for ${DURATION_S} s each (page and file in alternating 1 s rounds), or ${SEQUENTIAL_SAMPLES} requests one at a time; loopback, the built worker in workerd (no wrangler dev proxy), gzip (${machine()})\n`,
  );
  for (const p of pages) {
    const pageUrl = warm.url + p.path;
    const fileName = `${p.name}.html`;
    const { check, staticUrl, hops, siteRps, staticRps, one, repeated } = await retried(`warm ${p.path}`, async () => {
      for (let i = 0; i < 3; i++) await (await fetch(pageUrl)).text();
      const check = await fetch(pageUrl);
      await check.text();
      const { url: staticUrl, hops } = await directUrl(warm.url, `/__bench/${fileName}`, readFileSync(join(STATIC_DIR, fileName)));
      const { page: siteRps, file: staticRps } = await pairedThroughput(pageUrl, staticUrl, CONCURRENCY, DURATION_S);
      const one = await sequentialMedians(pageUrl, staticUrl, SEQUENTIAL_SAMPLES);
      const repeated = await repeatedVisit(pageUrl);
      return { check, staticUrl, hops, siteRps, staticRps, one, repeated };
    });
    workersWarm.set(p.name, { pageRps: siteRps, fileRps: staticRps, pageMs: one.page, fileMs: one.file });

    const startWorkers = () => siteOnFreePort(demoUrl);
    const cold = await coldRuns(demoUrl, startWorkers, p.path);
    const saved = await savedRuns(demoUrl, p.path);
    const afterSibling = p.sibling ? await siblingRuns(demoUrl, startWorkers, p.sibling, p.path) : undefined;

    const w = weights(htmlOf.get(p.name) ?? '');
    const size = Buffer.byteLength(htmlOf.get(p.name) ?? '');
    const served = `${new URL(staticUrl).pathname}, 200${hops.length ? `; ${hops.join(', ')} is not measured` : ''}`;
    console.log(`${p.name} (${p.path}, ${kb(size)} of HTML, X-Cache ${check.headers.get('X-Cache')})`);
    console.log(
      `  warm throughput: ${siteRps.toFixed(0)} req/s vs static file of the same bytes ${staticRps.toFixed(0)} req/s (${served}) → ratio ${(siteRps / staticRps).toFixed(2)} (the file serves ${(staticRps / siteRps).toFixed(2)}× as many; goal ≥ ${WARM_GOAL.throughput}) ${warmGoal(siteRps / staticRps >= WARM_GOAL.throughput)}`,
    );
    console.log(
      `  warm, one request at a time: median ${one.page.toFixed(2)} ms vs static ${one.file.toFixed(2)} ms → the page takes ${(one.page / one.file).toFixed(2)}× the file (goal ≤ ${WARM_GOAL.oneAtATime}) ${warmGoal(one.page / one.file <= WARM_GOAL.oneAtATime)}`,
    );
    console.log(`  a repeated visit with If-None-Match: ${repeated} ${verdict(repeated.startsWith('304'), `304 ${p.name}`)}`);
    console.log(coldLine(cold));
    if (saved) {
      console.log(`  after its node is saved (Drupal revalidates ${saved.tag}), every origin call +${DELAY_MS} ms: ${delayed(saved.runs)}`);
    }
    if (afterSibling) console.log(siblingLine('a worker', p.sibling!, afterSibling));
    console.log(
      `  up front: JS ${kb(w.upfrontJs)} + CSS ${kb(w.upfrontCss)} gzipped; with all ${w.islands} islands hydrated: JS ${kb(w.hydratedJs)} gzipped\n`,
    );
  }
}

/** A site of one target just started, with an empty store and memory tier. */
type StartSite = RoundsTarget['start'];

/**
 * Starts of the Node target (dist/node/server.js) each with nothing kept: a key prefix of its own in `valkeyUrl`, so
 * that Valkey holds nothing for the site, as KV holds nothing for a new workerd; the demo's schedule, as on Workers.
 */
function freshNodeSites(demoUrl: string, valkeyUrl: string, prefix: string): StartSite {
  let started = 0;
  return async () => {
    const port = await freePort();
    return startNodeSite({
      port,
      valkeyUrl,
      keyPrefix: `${prefix}${++started}:`,
      vars: { DRUPAL_BASE_URL: demoUrl, SITE_URL: `http://127.0.0.1:${port}`, ...(await demoBookingVars(demoUrl)) },
    });
  };
}

/** A page's cold figures: without any delay (`base`) and with every origin call delayed by DELAY_MS (`runs`). */
interface ColdFigures {
  base: Timed[];
  runs: Timed[];
}
type Timed = Awaited<ReturnType<typeof timed>>;

/**
 * A cold render: a site just started with an empty store and an empty memory tier. The process itself is warmed (code
 * loaded, JIT) on another page, so only Drupal's part is cold; then left idle again (that page's copies and what it
 * learned in the background, its calls delayed too), as siblingRuns does, rather than measure this page beside that work.
 */
async function coldRuns(demoUrl: string, start: StartSite, path: string): Promise<ColdFigures> {
  const render = () =>
    retried(`cold ${path}`, async () => {
      const site = await start();
      try {
        await (await fetch(`${site.url}/400`)).text();
        await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
        return await timed(site.url + path);
      } finally {
        await site.stop();
      }
    });
  const runsAt = async (delayMs: number) => {
    await postFaults(demoUrl, { delayMs });
    const runs = [];
    for (let i = 0; i < COLD_SAMPLES; i++) runs.push(await render());
    return runs;
  };
  try {
    return { base: await runsAt(0), runs: await runsAt(DELAY_MS) };
  } finally {
    await postFaults(demoUrl, {});
  }
}

/** Runs with every origin call delayed: their median first byte and whole page as multiples of the delay. */
const delayed = (runs: Timed[]) =>
  `first byte ${(median(runs.map((r) => r.firstByte)) / DELAY_MS).toFixed(2)}× the delay, whole page ${(median(runs.map((r) => r.total)) / DELAY_MS).toFixed(2)}× (X-Cache ${runs[0]?.cache})`;

/** The cold page's line: its multiples of the delay, and how much of it the delay added (its sequential rounds). */
function coldLine(figures: ColdFigures): string {
  const rounds = (median(figures.runs.map((r) => r.total)) - median(figures.base.map((r) => r.total))) / DELAY_MS;
  return (
    `  cold (empty cache, uncompressed), every origin call +${DELAY_MS} ms: ${delayed(figures.runs)}; ` +
    `the delay added ${rounds.toFixed(2)}× itself (sequential origin rounds; without delay the page took ${median(figures.base.map((r) => r.total)).toFixed(0)} ms)`
  );
}

/** The cold page on a site that served `sibling` (a page of its kind) first: `what` names the worker or the process. */
function siblingLine(what: string, sibling: string, figures: ColdFigures): string {
  return `  cold on ${what} that served another page of its kind first (${sibling}: the kind's code run, the frame's payloads kept), every origin call +${DELAY_MS} ms: ${delayed(figures.runs)}; without delay the page took ${median(figures.base.map((r) => r.total)).toFixed(0)} ms`;
}

/**
 * A page after its node is saved: the page was served before, Drupal's purge module revalidates the
 * node's tag, and the next visitor's page is asked again with every origin call delayed. Undefined for
 * a page that is no node's (the home page).
 */
async function savedRuns(demoUrl: string, path: string) {
  const lookup = (await (await fetch(`${demoUrl}/router/translate-path?path=${encodeURIComponent(path)}&_format=json`)).json()) as {
    entity?: { type?: string; id?: string | number };
  };
  if (lookup.entity?.type !== 'node' || lookup.entity.id === undefined) return undefined;
  const tag = `node:${lookup.entity.id}`;
  const site = await siteOnFreePort(demoUrl);
  try {
    const runs = [];
    for (let i = 0; i < COLD_SAMPLES; i++) {
      await postFaults(demoUrl, {});
      for (let j = 0; j < 2; j++) await (await fetch(site.url + path)).text();
      const purge = await fetch(`${site.url}/api/revalidate?tags=${tag}&secret=${BENCH_PURGE_SECRET}`);
      if (!purge.ok) throw new Error(`revalidate ${tag}: ${purge.status} ${await purge.text()}`);
      await purge.text();
      await postFaults(demoUrl, { delayMs: DELAY_MS });
      runs.push(await timed(site.url + path));
    }
    return { tag, runs };
  } finally {
    await postFaults(demoUrl, {});
    await site.stop();
  }
}

/**
 * A page not kept yet, on a worker that has served another page of its kind just before (a site just started, that
 * page opened once, then this one asked with every origin call delayed, or not for the base): what a cold page costs
 * once the worker has run its kind's code, as a worker that has been up a while has. The frame's payloads that page
 * asked are kept; the path's own calls (the lookup, the node, its lists, its head and placements) are not.
 */
async function siblingRuns(demoUrl: string, start: StartSite, sibling: string, path: string): Promise<ColdFigures> {
  const run = async (delayMs: number) => {
    await postFaults(demoUrl, {});
    const site = await start();
    try {
      await (await fetch(site.url + sibling)).text();
      // That page is kept, compressed and its relationships learned in the background: let the worker be idle again,
      // as between two visitors, rather than measure this page beside that work.
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      await postFaults(demoUrl, delayMs ? { delayMs } : {});
      return await timed(site.url + path);
    } finally {
      await postFaults(demoUrl, {});
      await site.stop();
    }
  };
  const base = [];
  const runs = [];
  for (let i = 0; i < COLD_SAMPLES; i++) base.push(await retried(`cold ${path} after ${sibling}`, () => run(0)));
  for (let i = 0; i < COLD_SAMPLES; i++) runs.push(await retried(`cold ${path} after ${sibling}`, () => run(DELAY_MS)));
  return { base, runs };
}

const NODE_PROCESSES = [1, 2] as const;

/**
 * 1 on the Node target: the same warm pages against static files of the Node site's own bytes, served
 * by the Node site itself from dist/client. It reads dist/client once at start-up, so the files are
 * written first, by a probe site on the same port (SITE_URL, and so the bytes, stay the same).
 */
async function nodeRatios(demoUrl: string, pages: PageKind[], servers: WorkerServer[]) {
  const valkey = await startValkey({ port: await freePort() });
  servers.push({ url: valkey.url, port: valkey.port, process: valkey.process, output: () => '', written: () => 0, stop: valkey.stop });
  const port = await freePort();
  const options = { port, valkeyUrl: valkey.url, vars: { DRUPAL_BASE_URL: demoUrl, SITE_URL: `http://127.0.0.1:${port}` } };
  const fileOf = (p: PageKind) => join(STATIC_DIR, `node-${p.name}.html`);
  const bytesOf = new Map<string, Buffer>();
  try {
    const probe = await startNodeSite(options);
    try {
      for (const p of pages) {
        for (let i = 0; i < 2; i++) await (await fetch(probe.url + p.path)).arrayBuffer();
        const bytes = Buffer.from(await (await fetch(probe.url + p.path)).arrayBuffer());
        bytesOf.set(p.name, bytes);
        mkdirSync(STATIC_DIR, { recursive: true });
        writeFileSync(fileOf(p), bytes);
      }
    } finally {
      await probe.stop();
    }

    const figures = new Map<string, Map<number, Warm>>();
    const repeatedOf = new Map<string, string>();
    const cache = new Map<string, string | null>();
    for (const processes of NODE_PROCESSES) {
      const site = await startNodeSite({ ...options, processes });
      try {
        // Every process warms its own memory tier; with several, the kernel spreads these among them.
        for (const p of pages) for (let i = 0; i < 10 * processes; i++) await (await fetch(site.url + p.path)).arrayBuffer();
        for (const p of pages) {
          const pageUrl = site.url + p.path;
          const check = await fetch(pageUrl);
          const now = Buffer.from(await check.arrayBuffer());
          cache.set(p.name, check.headers.get('X-Cache'));
          // A page streamed fresh carries a CSP nonce, the kept one none (cache/page-bytes.ts); anything else differing would make the file no comparator.
          const unsalted = (bytes: Buffer) => bytes.toString().replace(/ nonce="[^"]*"/g, '');
          if (unsalted(now) !== unsalted(bytesOf.get(p.name)!)) {
            throw new Error(
              `Node ${p.path}: ${now.byteLength} bytes unlike the ${bytesOf.get(p.name)!.byteLength} of the probe (beyond the nonce): the file would not be the same bytes`,
            );
          }
          const { url: staticUrl } = await directUrl(site.url, `/__bench/node-${p.name}.html`, bytesOf.get(p.name)!);
          // The Node site serves its files uncompressed (nginx compresses them, docs/operations.ru.md) and its kept pages
          // compressed: asked compressed, the page would be a fifth of the file's bytes, with the client's inflate in its
          // time. Both are asked uncompressed: the same bytes.
          const { page: pageRps, file: fileRps } = await pairedThroughput(pageUrl, staticUrl, CONCURRENCY, DURATION_S, 'identity');
          const one =
            processes === 1 ? await sequentialMedians(pageUrl, staticUrl, SEQUENTIAL_SAMPLES, 'identity') : { page: NaN, file: NaN };
          if (processes === 1) repeatedOf.set(p.name, await repeatedVisit(pageUrl));
          if (!figures.has(p.name)) figures.set(p.name, new Map());
          figures.get(p.name)!.set(processes, { pageRps, fileRps, pageMs: one.page, fileMs: one.file });
        }
      } finally {
        await site.stop();
      }
    }

    // Cold, as on Workers: each render on a process just started with nothing kept.
    const startCold = freshNodeSites(demoUrl, valkey.url, 'bench-cold-');
    const coldOf = new Map<string, { cold: ColdFigures; afterSibling?: ColdFigures }>();
    for (const p of pages) {
      coldOf.set(p.name, {
        cold: await coldRuns(demoUrl, startCold, p.path),
        afterSibling: p.sibling ? await siblingRuns(demoUrl, startCold, p.sibling, p.path) : undefined,
      });
    }

    console.log(
      `Node target: dist/node/server.js with Valkey (redis-server, AOF); the static file served by the same Node site from dist/client; ` +
        `${CONCURRENCY} connections for ${DURATION_S} s each (alternating 1 s rounds), ${SEQUENTIAL_SAMPLES} one at a time; both asked uncompressed (Accept-Encoding: identity): the site's files are served so, its kept pages compressed only when asked; ${machine()}\n`,
    );
    for (const p of pages) {
      const byProcesses = figures.get(p.name)!;
      console.log(`${p.name} (${p.path}, ${kb(bytesOf.get(p.name)!.byteLength)} of HTML, X-Cache ${cache.get(p.name)})`);
      for (const [processes, w] of byProcesses) {
        console.log(
          `  warm throughput, ${processes} process${processes > 1 ? 'es' : ''}: ${w.pageRps.toFixed(0)} req/s vs static file of the same bytes ${w.fileRps.toFixed(0)} req/s ` +
            `(/__bench/node-${p.name}.html, 200) → ratio ${(w.pageRps / w.fileRps).toFixed(2)} (the file serves ${(w.fileRps / w.pageRps).toFixed(2)}× as many; goal ≥ ${WARM_GOAL.throughput}) ${warmGoal(w.pageRps / w.fileRps >= WARM_GOAL.throughput)}`,
        );
      }
      const one = byProcesses.get(1)!;
      console.log(
        `  warm, one request at a time (1 process): median ${one.pageMs.toFixed(2)} ms vs static ${one.fileMs.toFixed(2)} ms → the page takes ${(one.pageMs / one.fileMs).toFixed(2)}× the file (goal ≤ ${WARM_GOAL.oneAtATime}) ${warmGoal(one.pageMs / one.fileMs <= WARM_GOAL.oneAtATime)}`,
      );
      console.log(
        `  a repeated visit with If-None-Match (1 process): ${repeatedOf.get(p.name)} ${verdict(repeatedOf.get(p.name)!.startsWith('304'), `304 Node ${p.name}`)}`,
      );
      const { cold, afterSibling } = coldOf.get(p.name)!;
      console.log(coldLine(cold));
      if (afterSibling) console.log(siblingLine('a process', p.sibling!, afterSibling));
      console.log('');
    }

    console.log(
      'Node against Workers, warm (goal: the Node ratio within the Workers ratio — page/static throughput at least as high, one-at-a-time multiple at most as high)\n',
    );
    const goal = (ok: boolean) => (ok ? 'PASS' : 'INFO (goal not met)');
    for (const p of pages) {
      const workers = workersWarm.get(p.name);
      const byProcesses = figures.get(p.name)!;
      if (!workers) continue;
      const workersRatio = workers.pageRps / workers.fileRps;
      const workersMultiple = workers.pageMs / workers.fileMs;
      console.log(`${p.name} (${p.path})`);
      for (const [processes, w] of byProcesses) {
        const ratio = w.pageRps / w.fileRps;
        console.log(
          `  throughput ratio page/static: Node ${processes} process${processes > 1 ? 'es' : ''} ${ratio.toFixed(2)} (${w.pageRps.toFixed(0)}/${w.fileRps.toFixed(0)} req/s) ` +
            `vs Workers ${workersRatio.toFixed(2)} (${workers.pageRps.toFixed(0)}/${workers.fileRps.toFixed(0)} req/s) ${goal(ratio >= workersRatio)}`,
        );
      }
      const one = byProcesses.get(1)!;
      const multiple = one.pageMs / one.fileMs;
      console.log(
        `  one at a time, page/static p50: Node ${multiple.toFixed(2)}× (${one.pageMs.toFixed(2)}/${one.fileMs.toFixed(2)} ms) ` +
          `vs Workers ${workersMultiple.toFixed(2)}× (${workers.pageMs.toFixed(2)}/${workers.fileMs.toFixed(2)} ms) ${goal(multiple <= workersMultiple)}\n`,
      );
    }
  } finally {
    for (const p of pages) rmSync(fileOf(p), { force: true });
  }
}

/**
 * Longer than the ratios' delay: a process just started spends hundreds of ms compiling its first page, and a call of
 * the same round sent that much later than another's answer would be counted a round later.
 */
const ROUNDS_DELAY_MS = 500;

/** 0: the rounds table, every page kind cold on both targets (bench/rounds.ts). */
async function rounds(demoUrl: string, kinds: PageKind[], servers: WorkerServer[]) {
  const valkey = await startValkey({ port: await freePort() });
  servers.push({ url: valkey.url, port: valkey.port, process: valkey.process, output: () => '', written: () => 0, stop: valkey.stop });
  const targets: RoundsTarget[] = [
    { name: 'Workers', start: () => siteOnFreePort(demoUrl) },
    { name: 'Node', start: freshNodeSites(demoUrl, valkey.url, 'rounds') },
  ];
  const only = process.env.BENCH_ROUNDS_TARGETS?.split(',').map((t) => t.trim().toLowerCase());
  const named = process.env.BENCH_ROUNDS_KINDS?.split(',').map((k) => k.trim());
  await roundsTable(
    demoUrl,
    (await roundsKinds(demoUrl, kinds)).filter((k) => !named || named.includes(k.name)),
    targets.filter((t) => !only || only.includes(t.name.toLowerCase())),
    ROUNDS_DELAY_MS,
    verdict,
  );
  console.log(
    "Real Drupal: skipped — rounds are read from the demo's request log, which a real Drupal does not keep (a logging, delaying proxy in front of it would give one)\n",
  );
}

/** A page kind that does not answer 200: the price list is allowed to wait for its issue, the others fail. */
async function unavailable(siteUrl: string, kind: PageKind, part: string): Promise<string | null> {
  const status = await statusIfNot200(siteUrl, kind.path);
  if (status === null) return null;
  if (kind.name === 'price list' && status === 404) return 'n/a (404: next issue)';
  return `answers ${status} ${verdict(false, `${part} ${kind.name}: ${status}`)}`;
}

/** 4: the page budgets, per page kind, in Chromium. */
async function budgets(siteUrl: string, kinds: PageKind[]) {
  console.log(
    `Budgets in Chromium, gzipped as served (JS of a visit that only reads — load, wheel-scroll to the bottom, wait 6 s — ≤ ${kb(BUDGET.readingJs)}; ` +
      `JS with every island woken ≤ ${kb(BUDGET.wokenJs)}; CSS ≤ ${kb(BUDGET.css)})\n`,
  );
  const browser = await launchChromium();
  try {
    for (const kind of kinds) {
      const na = await unavailable(siteUrl, kind, 'budgets');
      if (na) {
        console.log(`${kind.name} (${kind.path}): ${na}\n`);
        continue;
      }
      const url = siteUrl + kind.path;
      const phone = await readingVisit(browser, url, PHONE);
      const desktop = await readingVisit(browser, url, DESKTOP);
      const woken = await wokenVisit(browser, url);
      const reading = Math.max(phone.js, desktop.js);
      const css = Math.max(phone.css, desktop.css, woken.css);
      console.log(`${kind.name} (${kind.path})`);
      console.log(
        `  reading JS: ${kb(phone.js)} at ${PHONE.width} px, ${kb(desktop.js)} at ${DESKTOP.width} px (budget ${kb(BUDGET.readingJs)}) ${verdict(reading <= BUDGET.readingJs, `reading JS ${kind.name}`)}` +
          `  [${phone.scripts.join(', ') || 'no script'}]`,
      );
      console.log(
        `  every island woken JS: ${kb(woken.js)} (budget ${kb(BUDGET.wokenJs)}) ${verdict(woken.js <= BUDGET.wokenJs, `woken JS ${kind.name}`)}` +
          `  [woke: ${woken.done.join(', ') || 'nothing'}${woken.missing.length ? `; not found: ${woken.missing.join(', ')}` : ''}]`,
      );
      console.log(`  CSS: ${kb(css)} (budget ${kb(BUDGET.css)}) ${verdict(css <= BUDGET.css, `CSS ${kind.name}`)}\n`);
    }
  } finally {
    await browser.close();
  }
}

/** 5: Lighthouse, mobile, per page kind. */
async function lighthouseScores(siteUrl: string, kinds: PageKind[]) {
  console.log(
    'Lighthouse 13, mobile (default form factor and simulated throttling); targets: performance 100, accessibility 100, CLS 0, LCP image with fetchpriority="high"\n',
  );
  await withLighthouse(async (audit) => {
    for (const kind of kinds) {
      const na = await unavailable(siteUrl, kind, 'Lighthouse');
      if (na) {
        console.log(`${kind.name} (${kind.path}): ${na}\n`);
        continue;
      }
      const f = await audit(siteUrl + kind.path);
      console.log(`${kind.name} (${kind.path})`);
      console.log(
        `  performance ${f.performance} ${verdict(f.performance === 100, `Lighthouse performance ${kind.name}`)}, ` +
          `accessibility ${f.accessibility} ${verdict(f.accessibility === 100, `Lighthouse accessibility ${kind.name}`)}; ` +
          `LCP ${f.lcpMs.toFixed(0)} ms, TBT ${f.tbtMs.toFixed(0)} ms, CLS ${f.cls.toFixed(3)} ${verdict(f.cls === 0, `CLS ${kind.name}`)}`,
      );
      const priority = !f.lcpIsImage
        ? 'not an image'
        : f.lcpIsHighPriorityImage
          ? 'yes PASS'
          : `no ${verdict(false, `LCP image priority ${kind.name}`)}`;
      console.log(`  LCP element: ${f.lcpElement.replace(/\s+/g, ' ').slice(0, 160)}; an image with fetchpriority="high": ${priority}`);
      if (f.accessibilityFailures.length) console.log(`  accessibility audits failing: ${f.accessibilityFailures.join(', ')}`);
      if (f.performance < 100 || f.cls > 0)
        console.log(`  performance audits and insights failing: ${f.performanceHints.join(', ') || 'none'}`);
      if (f.offLoopback.length) console.log(`  requests that tried to leave loopback (refused): ${f.offLoopback.join(', ')}`);
      console.log('');
    }
  });
}

/** 5b: the version for the visually impaired, in each colour scheme at the largest text size. */
async function lowVisionScores(siteUrl: string, kinds: PageKind[]) {
  console.log(
    '\nThe version for the visually impaired, per colour scheme, text at 200 %: axe WCAG 2.1 AA violations (target 0) and Lighthouse accessibility (target 100)\n',
  );
  for (const [what, lines] of await axePerScheme(siteUrl, kinds)) {
    console.log(
      `  axe ${what}: ${lines.length} ${verdict(lines.length === 0, `axe ${what}`)}${lines.length ? ` (${lines.slice(0, 5).join('; ')})` : ''}`,
    );
  }
  await withLighthouse(async (audit) => {
    for (const [what, f] of await lighthousePerScheme(siteUrl, kinds, audit)) {
      console.log(
        `  Lighthouse ${what}: accessibility ${f.accessibility} ${verdict(f.accessibility === 100, `Lighthouse accessibility ${what}`)}` +
          (f.accessibilityFailures.length ? ` (failing: ${f.accessibilityFailures.join(', ')})` : ''),
      );
    }
  });
  console.log('');
}

/** 6: what a deploy would upload and how long the worker takes to start, against their budgets. */
async function deployFigures() {
  console.log('\n6. Before a deploy (wrangler deploy --dry-run, wrangler check startup)');
  for (const env of deployEnvironments()) {
    const check = await checkDeploy(env);
    const size = check.workerGzipBytes;
    console.log(
      `${env}: upload ${size === undefined ? 'not reported' : kb(size)} gzipped (budget ${kb(DEPLOY_BUDGET.workerGzipBytes)}) ` +
        `${verdict(check.exitCode === 0 && size !== undefined && size <= DEPLOY_BUDGET.workerGzipBytes, `bundle ${env}`)}` +
        (check.warnings.length ? `; warnings: ${check.warnings.join(' | ')} ${verdict(false, `warnings ${env}`)}` : ''),
    );
    if (check.exitCode !== 0)
      console.log(`  wrangler exited with ${check.exitCode}: ${check.output.trim().split('\n').slice(-5).join(' / ')}`);
  }
  const startup = await checkStartup();
  const ms = startup.activeMs;
  console.log(
    `start-up: ${ms === undefined ? 'not reported' : `${ms.toFixed(1)} ms`} of CPU (budget ${DEPLOY_BUDGET.startupMs} ms) ` +
      verdict(ms !== undefined && ms <= DEPLOY_BUDGET.startupMs, 'start-up'),
  );
  if (startup.exitCode !== 0)
    console.log(`  wrangler exited with ${startup.exitCode}: ${startup.output.trim().split('\n').slice(-5).join(' / ')}`);
}

/** 7: the booking page's times step cold, as a multiple of the origin's delay, and its reading JavaScript. */
async function bookingFigures(demoUrl: string) {
  const step = await timesStep(demoUrl);
  const cold = async (delayMs: number) => {
    await postFaults(demoUrl, { delayMs });
    const runs = [];
    for (let i = 0; i < COLD_SAMPLES; i++) {
      runs.push(
        await retried(`cold ${step.path}`, async () => {
          const site = await siteOnFreePort(demoUrl);
          try {
            await (await fetch(`${site.url}/400`)).text();
            return await timed(site.url + step.path);
          } finally {
            await site.stop();
          }
        }),
      );
    }
    return runs;
  };
  const base = await cold(0);
  const runs = await cold(DELAY_MS);
  await postFaults(demoUrl, {});
  const added = (median(runs.map((r) => r.total)) - median(base.map((r) => r.total))) / DELAY_MS;
  console.log(`Online booking: the times step (${step.path})`);
  console.log(
    `  cold (empty cache, a new isolate), every origin and schedule call +${DELAY_MS} ms: first byte ${(median(runs.map((r) => r.firstByte)) / DELAY_MS).toFixed(2)}× the delay, whole page ${(median(runs.map((r) => r.total)) / DELAY_MS).toFixed(2)}×; ` +
      `the delay added ${added.toFixed(2)}× itself (limit ${BOOKING_ROUNDS_LIMIT} round; without delay the step took ${median(base.map((r) => r.total)).toFixed(0)} ms) ` +
      verdict(added <= BOOKING_ROUNDS_LIMIT + 0.25, 'booking rounds'),
  );
  const site = await siteOnFreePort(demoUrl);
  const browser = await launchChromium();
  try {
    const js = await bookingJs(browser, site.url, step);
    console.log(
      `  reading JS of the booking page: ${kb(js.js)} (reading budget ${kb(BUDGET.readingJs)}) ${verdict(js.withinBudget, 'booking page JS')}  [${js.scripts.join(', ') || 'no script'}]\n`,
    );
  } finally {
    await browser.close();
    await site.stop();
  }
}

async function main() {
  const servers: WorkerServer[] = [];
  const stopAll = () => Promise.all(servers.map((s) => s.stop()));
  try {
    const demo = await startDemoOrigin({ port: await freePort() });
    servers.push(demo);
    const kinds = await pageKinds(demo.url);
    if (PARTS.has('rounds')) await rounds(demo.url, kinds, servers);
    if (PARTS.has('ratios')) {
      await ratios(demo.url, kinds.slice(0, 2), servers);
      await nodeRatios(demo.url, kinds.slice(0, 2), servers);
    }
    if (PARTS.has('budgets') || PARTS.has('lighthouse')) {
      const site = await siteOnFreePort(demo.url);
      servers.push(site);
      // Warm: these parts measure what a visitor gets, not a cold cache.
      for (const kind of kinds) await (await fetch(site.url + kind.path)).arrayBuffer();
      if (PARTS.has('budgets')) await budgets(site.url, kinds);
      if (PARTS.has('lighthouse')) await lighthouseScores(site.url, kinds);
      // Home, a service page and the price list: the frame, Drupal's content and a table, in each scheme.
      if (PARTS.has('lighthouse'))
        await lowVisionScores(
          site.url,
          kinds.filter((kind) => ['home', 'service', 'price list'].includes(kind.name)),
        );
    }
    if (PARTS.has('booking')) await bookingFigures(demo.url);
    if (PARTS.has('deploy')) await deployFigures();
    console.log(failures.length ? `${failures.length} FAIL: ${failures.join('; ')}` : 'Every budget and target: PASS');
    if (failures.length) process.exitCode = 1;
  } finally {
    await stopAll();
    rmSync(STATIC_DIR, { recursive: true, force: true });
  }
}

await main();
