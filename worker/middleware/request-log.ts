import type { MiddlewareHandler } from 'hono';
import type { Bindings } from '../config/bindings';
import type { CallOutcome, OriginRecorder } from '../drupal/origin';
import type { LogLines } from '../seams/seams';
import { editHeaders } from './edit-headers';

/**
 * One JSON line per request, for Workers Logs / `wrangler tail` on
 * Workers and stdout on Node alike: what ops need to follow a request and nothing
 * of the visitor. The line is built from a fixed list of fields, never from the
 * request's headers or body, so that no name, phone, e-mail, cookie or token can
 * reach it: the path goes without its query (the purge secret travels there), a
 * Drupal call is named by its endpoint's path alone.
 */

/** Where the site runs: told by the platform at start-up (the Node target's bindings say 'node'), never guessed from globals. */
export type Target = 'workers' | 'node';

export interface DrupalCallRecord {
  /** The endpoint's path, without the query (which may carry a page path, a login token). */
  call: string;
  method: string;
  /** Absent while the call is still under way when the line is written (a streamed page's late parts). */
  ms?: number;
  outcome: CallOutcome | 'pending';
}

export interface RequestLine {
  time: string;
  id: string;
  target: Target;
  method: string;
  path: string;
  status: number;
  /** The response's X-Cache (HIT, STALE, MISS, BYPASS, ERROR…); null when the response has none (a form's answer). */
  cache: string | null;
  /** From the request's arrival to its response (headers and what was ready before the first byte). */
  renderMs: number;
  /** Wall time during which at least one Drupal call was under way (parallel calls count once). */
  drupalMs: number;
  drupal: DrupalCallRecord[];
}

/** Collects the Drupal calls of one request; origin.ts reports into it through the request's Drupal client. */
interface Call {
  call: string;
  method: string;
  started: number;
  ended?: number;
  outcome?: CallOutcome;
}

export class DrupalCalls implements OriginRecorder {
  readonly #calls: Call[] = [];

  start(method: string, url: string) {
    const entry: Call = { call: endpointOf(url), method, started: Date.now() };
    this.#calls.push(entry);
    return (outcome: CallOutcome) => {
      if (entry.outcome !== undefined) return;
      entry.ended = Date.now();
      entry.outcome = outcome;
    };
  }

  records(): DrupalCallRecord[] {
    return this.#calls.map(({ call, method, started, ended, outcome }) =>
      outcome === undefined ? { call, method, outcome: 'pending' } : { call, method, ms: ended! - started, outcome },
    );
  }

  /** The union of the calls' intervals, up to `now` for those still under way. */
  busyMs(now: number): number {
    const spans = this.#calls.map(({ started, ended }) => [started, ended ?? now] as const).sort((a, b) => a[0] - b[0]);
    let total = 0;
    let until = -Infinity;
    for (const [from, to] of spans) {
      if (to <= until) continue;
      total += to - Math.max(from, until);
      until = to;
    }
    return total;
  }
}

function endpointOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '(адрес не разобран)';
  }
}

/** What this middleware puts on the context. */
export interface RequestLogVariables {
  /** Also in the response's Server-Timing (`req;desc="…"`), so that a visitor's report can be found in the logs. */
  requestId: string;
  /** Where this request's Drupal calls are recorded: given to every Drupal client the request makes. */
  drupalCalls: DrupalCalls;
}

/** An id a proxy gave the request: CF-Ray on Cloudflare, X-Request-Id from nginx and the like. Only a plain token is taken. */
const WELL_FORMED_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{7,99}$/;

export function requestIdOf(headers: Headers): string {
  for (const name of ['X-Request-Id', 'CF-Ray']) {
    const value = headers.get(name)?.trim();
    if (value && WELL_FORMED_ID.test(value)) return value;
  }
  return crypto.randomUUID();
}

/** Writes the line as one JSON string, which both platforms' log pipelines take as one structured record (seams.ts LogLines). */
export const writeLine = (line: RequestLine, out?: LogLines) => {
  const text = JSON.stringify(line);
  if (out) out.write(text);
  else console.log(text);
};

/** Outermost: every response, the misconfiguration page and the error pages included, gets its line and its Server-Timing. */
export function requestLog(): MiddlewareHandler<{ Bindings: Bindings; Variables: RequestLogVariables }> {
  return async (c, next) => {
    const arrived = Date.now();
    const id = requestIdOf(c.req.raw.headers);
    const calls = new DrupalCalls();
    c.set('requestId', id);
    c.set('drupalCalls', calls);

    await next();

    // On Workers the clock moves only with I/O: these are Drupal's and KV's waits, not our CPU time.
    // A streamed page returns here at its first byte: its status and headers are final, its body may still
    // be streaming. The line is written now, so that it is written at all when the visitor goes away; the
    // Drupal calls of the parts still rendering show as 'pending'.
    const now = Date.now();
    const renderMs = now - arrived;
    const drupalMs = calls.busyMs(now);
    editHeaders(c, (headers) => headers.append('Server-Timing', `req;desc="${id}", drupal;dur=${drupalMs}, render;dur=${renderMs}`));
    writeLine(
      {
        time: new Date(arrived).toISOString(),
        id,
        target: c.env?.PLATFORM === 'node' ? 'node' : 'workers',
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        status: c.res.status,
        cache: c.res.headers.get('X-Cache'),
        renderMs,
        drupalMs,
        drupal: calls.records(),
      },
      c.env?.LOG_LINES,
    );
  };
}
