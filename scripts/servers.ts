/**
 * Starts workers under `wrangler dev` (workerd) on loopback, for `npm start`, the
 * tests and the benchmark alike, and waits until each answers HTTP.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
const WRANGLER = join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');

export interface WorkerServer {
  url: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** wrangler.toml of the worker. */
  config: string;
  port: number;
  vars?: Record<string, string>;
  /** Where KV lives; a fresh temporary folder unless given. */
  persistTo?: string;
  /** Print the worker's output as it comes (npm start); tests keep it for failures. */
  inheritOutput?: boolean;
  timeoutMs?: number;
}

export async function startWorker(options: StartOptions): Promise<WorkerServer> {
  const persistTo = options.persistTo ?? mkdtempSync(join(tmpdir(), 'clinic-kv-'));
  const args = [
    WRANGLER, 'dev',
    '--config', options.config,
    '--ip', '127.0.0.1',
    '--port', String(options.port),
    '--inspector-port', String(options.port + 10_000),
    '--persist-to', persistTo,
    '--show-interactive-dev-session=false',
    '--log-level', options.inheritOutput ? 'info' : 'warn',
  ];
  for (const [name, value] of Object.entries(options.vars ?? {})) args.push('--var', `${name}:${value}`);
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // No network here: miniflare must not fetch the Request.cf sample from Cloudflare.
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', NO_COLOR: '1' },
    stdio: ['ignore', options.inheritOutput ? 'inherit' : 'pipe', options.inheritOutput ? 'inherit' : 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${options.port}`;
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    });
  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`wrangler dev (${options.config}) exited with ${child.exitCode}:\n${log}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(2_000) });
      return { url, port: options.port, process: child, output: () => log, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  await stop();
  throw new Error(`wrangler dev (${options.config}) did not answer on ${url}:\n${log}`);
}

/** A free loopback port, found by letting the OS choose one. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

export const DEMO_ORIGIN_CONFIG = join(ROOT, 'demo-origin', 'wrangler.toml');
export const SITE_CONFIG = join(ROOT, 'wrangler.toml');
