import type { LogLines } from '../../seams/seams';

export interface BatchedLogLines extends LogLines {
  /** Writes what is waiting now: before the process stops. */
  flush(): void;
}

/**
 * The lines of one turn of the event loop, written together once it is over (`setImmediate`): a write to a pipe or
 * journald's socket is synchronous on Linux, and made per request it was a tenth of a millisecond of every kept
 * page's answer (docs/benchmarks.md, "A kept page before the middlewares"). `out` takes a text of whole lines; by
 * default `console.log`, so that the lines go where the process's other output goes.
 */
export function batchedLogLines(out: (text: string) => void = (text) => console.log(text)): BatchedLogLines {
  let waiting: string[] = [];
  const flush = () => {
    if (waiting.length === 0) return;
    const lines = waiting;
    waiting = [];
    out(lines.join('\n'));
  };
  return {
    write(line) {
      if (waiting.push(line) === 1) setImmediate(flush);
    },
    flush,
  };
}
