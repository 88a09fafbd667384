/**
 * `npm run build`'s last step: the worker as `wrangler deploy` would upload it (its `--dry-run` bundle, index.js and
 * its source map), in dist/worker/, for the tests and the bench to serve (scripts/built-worker.ts) as they serve
 * dist/client and dist/node: built once, not at every server's start. Prints nothing unless wrangler fails.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where the bundle goes, beside wrangler.toml. */
export const WORKER_BUNDLE_DIR = join('dist', 'worker');

const WRANGLER = join(import.meta.dirname, '..', 'node_modules', 'wrangler', 'bin', 'wrangler.js');

/** `wrangler deploy --dry-run --outdir outdir` for the worker of `config`. */
export function buildWorker(config: string, outdir: string): Promise<void> {
  const child = spawn(process.execPath, [WRANGLER, 'deploy', '--dry-run', '--outdir', outdir, '--config', config], {
    cwd: dirname(config),
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done, fail) =>
    child.once('close', (code) => (code === 0 ? done() : fail(new Error(`wrangler deploy --dry-run exited with ${code}:\n${output}`)))),
  );
}

if (import.meta.main) {
  const root = join(import.meta.dirname, '..');
  const outdir = join(root, WORKER_BUNDLE_DIR);
  rmSync(outdir, { recursive: true, force: true });
  await buildWorker(join(root, 'wrangler.toml'), outdir);
}
