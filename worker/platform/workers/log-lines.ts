import type { LogLines } from '../../seams/seams';

/** Each line as its own `console.log`: Workers Logs and `wrangler tail` take one call as one structured record. */
export function consoleLogLines(): LogLines {
  return { write: (line) => console.log(line) };
}
