/**
 * The worker's own complaints during a run: error lines of wrangler dev's output (the worker's
 * console.error, uncaught exceptions, "Worker's code had hung"), counted, so a failure comes with
 * the worker's side of the story. Warnings (a stale copy served) are expected and left out.
 * Reloads are listed too (wrangler prints them only at log level info, as the demo origin runs).
 */
import type { WorkerServer } from '../../scripts/servers.ts';

const ERROR_LINE = /\[ERROR\]|✘|Uncaught|had hung|exceeded|Internal error|Reloading local server/i;
/** The Node target logs in Russian (console.error/warn) and Node's own errors in English. */
const NODE_ERROR_LINE = /Error|Uncaught|ECONN|ошибк|не удал|недоступ|завершился|не доставлен|не принял/i;
/** A stale copy served is the expected warning, left out as on Workers. */
const NODE_EXPECTED = /отдаём сохранённую копию/;

/** Where the log ends now, to read what a run adds. */
export const logMark = (server: WorkerServer): number => server.written();

/** Distinct error lines written since `mark`, most frequent first, e.g. `12× ✘ [ERROR] …`. */
export function errorsSince(server: WorkerServer, mark: number, max = 3, node = false): string[] {
  const counts = new Map<string, number>();
  const plain = server.output(mark).replace(/\x1b\[[0-9;]*m/g, '');
  for (const line of plain.split('\n')) {
    if (node ? !NODE_ERROR_LINE.test(line) || NODE_EXPECTED.test(line) : !ERROR_LINE.test(line)) continue;
    const key = line.trim().slice(0, 220);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, max)
    .map(([line, n]) => `${n}× ${line}`);
}
