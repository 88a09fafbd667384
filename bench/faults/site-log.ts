/**
 * The servers' own complaints during a run: error lines of the site's output (its console.error and console.warn in
 * Russian, the runtime's uncaught exceptions and "Worker's code had hung" in English) and of the demo origin's, counted,
 * so a failure comes with the server's side of the story. A stale copy served is the expected warning, left out.
 */
import type { WorkerServer } from '../../scripts/servers.ts';

/** The site logs in Russian (on both targets); workerd and Node report their own errors in English. */
const ERROR_LINE = /Error|Uncaught|had hung|exceeded|ECONN|ошибк|не удал|недоступ|завершился|не доставлен|не принял/i;
const EXPECTED = /отдаём сохранённую копию/;

/** Where the log ends now, to read what a run adds. */
export const logMark = (server: WorkerServer): number => server.written();

/** Distinct error lines written since `mark`, most frequent first, e.g. `12× Uncaught TypeError: …`. */
export function errorsSince(server: WorkerServer, mark: number, max = 3): string[] {
  const counts = new Map<string, number>();
  const plain = server.output(mark).replace(/\x1b\[[0-9;]*m/g, '');
  for (const line of plain.split('\n')) {
    if (!ERROR_LINE.test(line) || EXPECTED.test(line)) continue;
    const key = line.trim().slice(0, 220);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, max)
    .map(([line, n]) => `${n}× ${line}`);
}
