/**
 * npm test's last step: every vitest project, in lanes: processes side by side (docs/testing.md, "Lanes").
 *
 * A project whose files must not overlap (one demo origin's switches, one Drupal, one Valkey) runs its files one
 * after another, and vitest then runs such projects one after another too; it also runs every project's global setup
 * before any test. On two cores the Chromium suites would wait for the workerd ones, and every test for the real
 * Drupal's install. Each lane is its own vitest with its own servers (every global setup takes a free port), so the
 * lanes share nothing but the machine.
 *
 * Arguments go to every lane (`npm test -- -t 'a name'`, `npm test -- booking`); a lane they leave without a file
 * passes. Without arguments the linters run too, as a lane of their own. Each lane's lines are prefixed with its name;
 * the exit code is the first failing lane's.
 */
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';
import { realDrupalSource } from '../test/real-drupal/drupal.ts';
import { LANES, LOWER_PRIORITY, type Lane } from '../test/setup/lanes.ts';

const realDrupal = realDrupalSource();
// vitest.config.ts leaves the project out without a real Drupal; said here once rather than by every lane.
if ('skipped' in realDrupal) console.log(`real-drupal: пропущен — ${realDrupal.skipped}`);
// The real Drupal's install (a minute of PHP) runs beside the other lanes' tests, not before them.
const lanes = LANES.filter((lane) => lane !== 'real-drupal' || 'dir' in realDrupal);

const extra = process.argv.slice(2);
/** The niceness of the lanes that only need what CPU is left (test/setup/lanes.ts, LOWER_PRIORITY). */
const LOWER_BY = 10;

/** A line of vitest's report that names a failure: a failed file or test, an assertion, a timeout (not a log's error line). */
const FAILURE = /( FAIL |×|AssertionError|Test timed out|Unhandled (Rejection|Error))/;
/** Terminal colours, left out of what is said again. */
const COLOURS = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
/** What each lane printed of its failures, said again at the end: CI shows a run's last lines, and the lanes' interleave. */
const failures = new Map<Lane | 'lint', string[]>();
const MAX_FAILURE_LINES = 150;
/**
 * The heading of vitest's account of the failed tests and errors, printed once the run is over ("Failed Tests 2",
 * "Unhandled Errors"), or of an error that ended the run before its tests (a global setup's: "Unhandled Error").
 */
const ACCOUNT = /⎯+ (Failed Tests \d+|Unhandled Errors?) ⎯+/;

/** A lane's process: vitest with TEST_LANE set, which keeps that lane's projects (test/setup/lanes.ts); or the linters. */
function command(lane: Lane | 'lint'): [string, string[]] {
  if (lane === 'lint') return ['npm', ['run', '--silent', 'lint']];
  const args = ['vitest', 'run', ...extra];
  if (extra.length > 0) args.push('--passWithNoTests');
  return ['npx', args];
}

const started = Date.now();

/** One lane, its lines prefixed with its name; resolves to its exit code. */
function run(lane: Lane | 'lint'): Promise<number> {
  const [program, args] = command(lane);
  const child = spawn(program, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0', TEST_LANE: lane },
  });
  // Before vitest starts anything, so that every process of the lane inherits it; a lane already gone has none to take.
  if (LOWER_PRIORITY.has(lane) && child.pid !== undefined) {
    try {
      setPriority(child.pid, LOWER_BY);
    } catch {
      // It then runs at the others' priority: slower to end together, never wrong.
    }
  }
  const prefix = `[${lane}] `;
  const seen: string[] = [];
  failures.set(lane, seen);
  // From vitest's own account of what failed (its errors, their diffs and stacks), every line is kept.
  let inAccount = false;
  // The last lines are kept: vitest's own summary of what failed comes at the end of its run.
  const keep = (line: string) => {
    const plain = line.replace(COLOURS, '');
    inAccount ||= ACCOUNT.test(plain);
    // The linters print nothing but their findings.
    if (lane !== 'lint' && !inAccount && !FAILURE.test(plain)) return;
    seen.push(plain);
    if (seen.length > MAX_FAILURE_LINES) seen.shift();
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    keep(line);
    process.stdout.write(`${prefix}${line}\n`);
  });
  createInterface({ input: child.stderr }).on('line', (line) => {
    keep(line);
    process.stderr.write(`${prefix}${line}\n`);
  });
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      const exit = code ?? (signal ? 1 : 0);
      // When each lane ended says whether they ended together (docs/testing.md, "Lanes").
      console.log(`${prefix}ended after ${Math.round((Date.now() - started) / 1000)} s (exit ${exit})`);
      resolve(exit);
    }),
  );
}

// The linters (one core for a minute and a half of typed ESLint) beside the tests rather than before them; not when the
// arguments pick some tests, as someone working on those runs them.
const all = extra.length === 0 ? ['lint' as const, ...lanes] : lanes;
const codes = await Promise.all(all.map(run));
const failed = all.filter((_, i) => codes[i] !== 0);
const seconds = Math.round((Date.now() - started) / 1000);
for (const lane of failed) {
  console.log(`\n[${lane}] what failed (the lane's own lines above say more):`);
  for (const line of failures.get(lane) ?? []) console.log(`[${lane}] ${line}`);
}
console.log(failed.length ? `Lanes failed: ${failed.join(', ')} (${seconds} s)` : `All lanes passed (${seconds} s)`);
process.exit(codes.find((code) => code !== 0) ?? 0);
