/**
 * The checks before a deploy, offline: what `wrangler deploy` would
 * upload for each environment of wrangler.toml, built with `--dry-run`, and the
 * worker's start-up as `wrangler check startup` profiles it. The test suite
 * asserts what is certain (it builds, no configuration warning, the bundle under
 * its budget); `npm run bench` prints the start-up time against its budget.
 * Both need `npm run build` first (the assets directory).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'smol-toml';

export const DEPLOY_BUDGET = {
  /** The worker's upload, gzipped as wrangler counts it (363 KB when this was set; the paid plan's limit is 10 MB). */
  workerGzipBytes: 400 * 1024,
  /** Active CPU time of the start-up phase in the local profile (about 50 ms when this was set; Cloudflare's limit is 1 s). */
  startupMs: 100,
} as const;

const ROOT = new URL('..', import.meta.url).pathname;

export interface DeployCheck {
  env: string;
  exitCode: number;
  /** wrangler's warnings about the configuration or the build, one per line. */
  warnings: string[];
  /** The upload, gzipped, as wrangler reports it; undefined when it reported none. */
  workerGzipBytes?: number;
  output: string;
}

/** The environments wrangler.toml declares, besides the top level (local development). */
export function deployEnvironments(): string[] {
  const config = parse(readFileSync(join(ROOT, 'wrangler.toml'), 'utf8')) as { env?: Record<string, unknown> };
  return Object.keys(config.env ?? {});
}

function wrangler(args: string[]): Promise<{ exitCode: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'node_modules/wrangler/bin/wrangler.js'), ...args], {
      cwd: ROOT,
      // No telemetry, no update check over a network we do not have.
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', WRANGLER_SEND_METRICS: 'false', CI: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    // Wrangler colours its warnings whatever NO_COLOR says.
    child.on('close', (code) => resolve({ exitCode: code ?? 1, output: output.replace(/\x1b\[[\d;]*m/g, '') }));
  });
}

/** Wrangler's warning blocks: a `▲ [WARNING]` line and the indented lines that explain it. */
function warningsIn(output: string): string[] {
  const warnings: string[] = [];
  for (const block of output.split(/\n(?=\S)/)) {
    if (/\[WARNING\]/.test(block)) warnings.push(block.replace(/\s+/g, ' ').trim());
  }
  return warnings;
}

/** `wrangler deploy --dry-run` for one environment, into a directory of its own that is removed after. */
export async function checkDeploy(env: string): Promise<DeployCheck> {
  const outdir = mkdtempSync(join(tmpdir(), `deploy-${env}-`));
  try {
    const { exitCode, output } = await wrangler(['deploy', '--dry-run', '--outdir', outdir, '--env', env]);
    const gzip = /Total Upload:.*gzip:\s*([\d.]+)\s*KiB/.exec(output);
    return { env, exitCode, warnings: warningsIn(output), workerGzipBytes: gzip ? Math.round(Number(gzip[1]) * 1024) : undefined, output };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

export interface StartupCheck {
  exitCode: number;
  /** Active CPU time of the start-up phase; undefined when wrangler printed none. */
  activeMs?: number;
  output: string;
}

/** `wrangler check startup`: builds the worker, starts it locally under the profiler, and reads the active time. */
export async function checkStartup(): Promise<StartupCheck> {
  const dir = mkdtempSync(join(tmpdir(), 'startup-'));
  try {
    const { exitCode, output } = await wrangler(['check', 'startup', '--outfile', join(dir, 'startup.cpuprofile')]);
    const active = /Active:\s*([\d.]+)\s*ms/.exec(output);
    return { exitCode, activeMs: active ? Number(active[1]) : undefined, output };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
