/**
 * npm test's last step: every vitest project, in two processes side by side (docs/testing.md, "Lanes").
 *
 * A project whose files must not overlap (one demo origin's switches, one Drupal, one Valkey) runs its files one
 * after another, and vitest then runs such projects one after another too: on two cores the Chromium suites would
 * wait for the workerd ones, though most of their time is spent waiting on a page. Each lane is its own vitest with
 * its own servers (every global setup takes a free port), so the lanes share nothing but the machine.
 *
 * Arguments go to both lanes (`npm test -- -t 'a name'`). Each lane's lines are prefixed with its name; the exit
 * code is the first failing lane's.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const LANES = [
  { name: 'chromium', projects: ['browser'] },
  // Everything else, including projects added later.
  { name: 'others', projects: ['!browser'] },
] as const;

const extra = process.argv.slice(2);

function run(lane: (typeof LANES)[number]): Promise<number> {
  const args = ['vitest', 'run', ...lane.projects.map((project) => `--project=${project}`), ...extra];
  const child = spawn('npx', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  const prefix = `[${lane.name}] `;
  createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(`${prefix}${line}\n`));
  createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`${prefix}${line}\n`));
  return new Promise((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const started = Date.now();
const codes = await Promise.all(LANES.map(run));
const failed = LANES.filter((_, i) => codes[i] !== 0).map((lane) => lane.name);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(failed.length ? `Lanes failed: ${failed.join(', ')} (${seconds} s)` : `All lanes passed (${seconds} s)`);
process.exit(codes.find((code) => code !== 0) ?? 0);
