/**
 * The worker for the tests and the bench: built as `wrangler deploy` builds it (its `--dry-run` bundle, which
 * `npm run build` leaves in dist/worker/, scripts/build-worker.ts; made here when it is not there) and served
 * inside workerd by Miniflare, with the bindings wrangler itself reads from wrangler.toml and `.dev.vars`
 * (`unstable_getMiniflareWorkerOptions`, what the vitest plugin uses too). It is what `wrangler dev` runs, without
 * wrangler dev's proxy: that one passes every request through a Durable Object of its own, which queues it and fetches
 * it again from the worker — some 5 ms of CPU a request and one queue for all of them, which Cloudflare does not have
 * (docs/testing.md, "The site under test"). `npm start` keeps `wrangler dev`, which rebuilds on save
 * (scripts/wrangler-dev.ts).
 *
 * The one argument is the JSON of `WranglerDevOptions`. SIGTERM or SIGINT stops workerd.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { Log, LogLevel, Miniflare, convertV4MiniflareOptions, type Json } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';
import { WORKER_BUNDLE_DIR, buildWorker } from './build-worker.ts';
import type { WranglerDevOptions } from './wrangler-dev.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as WranglerDevOptions;

/** The bundle `npm run build` made, else one made now in a folder that goes when this process ends. */
async function bundle(): Promise<string> {
  const built = join(dirname(options.config), WORKER_BUNDLE_DIR);
  if (existsSync(join(built, 'index.js'))) return built;
  const outdir = mkdtempSync(join(tmpdir(), 'clinic-worker-'));
  process.once('exit', () => rmSync(outdir, { recursive: true, force: true }));
  await buildWorker(options.config, outdir);
  return outdir;
}

const outdir = await bundle();

const { workerOptions } = unstable_getMiniflareWorkerOptions(options.config);
// Rules for modules beside the script: the bundle is one file.
const { modulesRules: _rules, ...fromConfig } = workerOptions;
const showLog = options.logLevel === 'log';

const mf = new Miniflare(
  convertV4MiniflareOptions({
    workers: [
      {
        ...fromConfig,
        name: 'clinic-site',
        modules: true,
        scriptPath: join(outdir, 'index.js'),
        modulesRoot: outdir,
        // Added to wrangler.toml's own vars, as `wrangler dev --var` adds them.
        bindings: { ...(fromConfig.bindings as Record<string, Json> | undefined), ...options.vars },
      },
    ],
    host: '127.0.0.1',
    port: options.port,
    defaultPersistRoot: options.persistTo,
    log: new Log(showLog ? LogLevel.INFO : LogLevel.WARN),
    // The worker's console.log (the JSON line per request) only where a developer would see it; errors always.
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      if (showLog) stdout.pipe(process.stdout);
      else stdout.resume();
      stderr.pipe(process.stderr);
    },
  }),
);
await mf.ready;

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void mf.dispose().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
