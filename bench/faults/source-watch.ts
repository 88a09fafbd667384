/**
 * `wrangler dev` rebuilds and reloads a worker whenever its sources change, cutting the requests
 * in flight. The suite watches the sources so that a run which overlapped an edit says so: its
 * dropped or truncated answers may be the reload's, not the worker's.
 */
import { watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';

export interface SourceWatch {
  /** A position in the change log, to ask later what changed since. */
  mark(): number;
  changedSince(mark: number): string[];
  close(): void;
}

export function watchSources(root: string, dirs: readonly string[]): SourceWatch {
  const changes: string[] = [];
  const watchers: FSWatcher[] = [];
  for (const dir of dirs) {
    try {
      const w = watch(join(root, dir), { recursive: true }, (_event, file) => changes.push(`${dir}/${file ?? '?'}`));
      w.on('error', () => {});
      watchers.push(w);
    } catch {
      // A folder that does not exist cannot change the worker either.
    }
  }
  return {
    mark: () => changes.length,
    changedSince: (mark) => [...new Set(changes.slice(mark))],
    close: () => watchers.forEach((w) => w.close()),
  };
}
