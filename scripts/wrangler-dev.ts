/**
 * `npm start`'s `wrangler dev`, through wrangler's own API (`unstable_startWorker`), in a process of its own that
 * `startWorker` (scripts/servers.ts) spawns: the same workerd, wrangler.toml, `.dev.vars` and local bindings as the
 * command, rebuilt on save, without an inspector nobody attaches. The tests and the bench serve the built worker
 * without wrangler dev's proxy instead (scripts/built-worker.ts; docs/testing.md, "The site under test").
 *
 * The one argument is the JSON of `WranglerDevOptions`. SIGTERM or SIGINT stops the worker and its workerd.
 */
import { unstable_startWorker } from 'wrangler';

export interface WranglerDevOptions {
  config: string;
  port: number;
  persistTo: string;
  vars: Record<string, string>;
  /** `log` prints the worker's console.log lines; `warn` only warnings and errors. */
  logLevel: 'log' | 'warn';
}

const options = JSON.parse(process.argv[2] ?? '{}') as WranglerDevOptions;

const worker = await unstable_startWorker({
  config: options.config,
  // Added to wrangler.toml's own vars, as `--var` adds them.
  bindings: Object.fromEntries(Object.entries(options.vars).map(([name, value]) => [name, { type: 'plain_text', value }])),
  dev: {
    server: { hostname: '127.0.0.1', port: options.port },
    // Nobody attaches a debugger here: no inspector proxy to run.
    inspector: false,
    persist: options.persistTo,
    logLevel: options.logLevel,
    // Rebuilt and reloaded when a source changes.
    watch: true,
    liveReload: false,
  },
});

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void worker.dispose().finally(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);

await worker.ready;
