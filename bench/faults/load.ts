/**
 * Closed-loop load with autocannon: N connections, each sending its next request when the last
 * one is answered, for a bounded time (or a fixed number of requests under a time cap).
 * Tallies statuses per page and X-Cache, and counts requests that never got an answer.
 */
import autocannon from 'autocannon';

export interface LoadSpec {
  baseUrl: string;
  /** Paths each connection cycles through, or a generator giving every request its own path. */
  paths: readonly string[] | { group: string; next: () => string };
  connections: number;
  /** Run for this long… */
  seconds?: number;
  /** …or send exactly this many requests, stopping anyway after `maxSeconds`. */
  amount?: number;
  maxSeconds?: number;
  /** A request unanswered for this long counts as a timeout (hung) and its connection is reopened. */
  timeoutSeconds: number;
  /** Latency of 2xx answers only (a page served), or of every answer. */
  latencyOf: '2xx' | 'all';
}

export interface LoadResult {
  sent: number;
  /**
   * Count per HTTP status, plus requests without a (whole) answer: `timeout` (unanswered within
   * the timeout), `error` (connection error), `dropped` (connection closed before any answer),
   * `truncated` (connection closed mid-answer), `unparsed` (an answer without a status, seen only
   * after a timeout).
   */
  statuses: Record<string, number>;
  /** The same, per page path (or generator group). */
  byPath: Record<string, Record<string, number>>;
  xCache: Record<string, number>;
  /** NaN when there was no answer to measure. */
  p50: number;
  p99: number;
  seconds: number;
  /** Requests still waiting when the run stopped (at most one per connection), and the oldest one's age. */
  inFlightAtStop: number;
  oldestInFlightMs: number;
}

type Headers = Record<string, string | string[] | undefined>;

/** autocannon passes header names as the server spelled them. */
function header(headers: Headers | undefined, name: string): string | undefined {
  for (const [k, v] of Object.entries(headers ?? {})) if (k.toLowerCase() === name) return Array.isArray(v) ? v.join(', ') : v;
  return undefined;
}

const bump = (counts: Record<string, number>, key: string, n = 1) => (counts[key] = (counts[key] ?? 0) + n);

/**
 * autocannon keeps one HTTP parser per connection across reconnects: after a timeout it may
 * report an answer without a status. Those are consequences of the timeout, not answers.
 */
const statusKey = (status: unknown) => (typeof status === 'number' || /^\d+$/.test(String(status)) ? String(status) : 'unparsed');

export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const byPath: Record<string, Record<string, number>> = {};
  const xCache: Record<string, number> = {};
  const onResponseFor = (path: string) => (status: number, _body: string, _context: object, headers: Headers | undefined) => {
    bump((byPath[path] ??= {}), statusKey(status));
    bump(xCache, header(headers, 'x-cache') ?? '(none)');
  };

  const requests: autocannon.Request[] = Array.isArray(spec.paths)
    ? spec.paths.map((path) => ({ method: 'GET', path, onResponse: onResponseFor(path) }))
    : [
        {
          method: 'GET',
          // Called once per request sent, so every request gets the next path.
          setupRequest: (req: autocannon.Request) => ({ ...req, path: (spec.paths as { next: () => string }).next() }),
          onResponse: onResponseFor((spec.paths as { group: string }).group),
        },
      ];

  // autocannon does not report a request whose connection the server closed: it reconnects and
  // sends the next one. Per connection we count requests sent and settled (answered, timed out,
  // failed); one sent while another is still waiting means that one was lost, cut off mid-answer
  // if its headers had arrived (`truncated`), else never answered (`dropped`) — unless the answer
  // before it said `Connection: close`, when autocannon itself wrongly sent on a closing connection.
  const clients: { pending: number; sentAt: number }[] = [];
  const lost = { dropped: 0, truncated: 0 };
  const setupClient = (client: autocannon.Client) => {
    const state = { pending: 0, sentAt: 0, headers: false, keepAlive: true, previousKeepAlive: true };
    let justLost: keyof typeof lost | null = null;
    clients.push(state);
    const events: NodeJS.EventEmitter = client; // its typings omit the 'request', 'timeout' and 'connError' events
    events.on('request', () => {
      justLost = state.pending === 0 ? null : state.headers ? 'truncated' : state.previousKeepAlive ? 'dropped' : null;
      if (justLost) lost[justLost]++;
      state.previousKeepAlive = state.keepAlive;
      state.keepAlive = true;
      state.pending = 1;
      state.sentAt = performance.now();
      state.headers = false;
    });
    events.on('headers', (info: { shouldKeepAlive?: boolean }) => {
      state.headers = true;
      state.keepAlive = info.shouldKeepAlive !== false;
    });
    const settled = () => {
      justLost = null;
      state.pending = 0;
    };
    events.on('response', settled);
    events.on('connError', settled);
    // On a timeout the client first reconnects and sends its next request, then reports the
    // timeout: that request was not lost but timed out (counted by autocannon), and the new one waits.
    events.on('timeout', () => {
      if (justLost) lost[justLost]--;
      justLost = null;
    });
  };

  const started = performance.now();
  return new Promise((done, fail) => {
    let capTimer: NodeJS.Timeout | undefined;
    const instance = autocannon(
      {
        url: spec.baseUrl,
        connections: spec.connections,
        ...(spec.amount ? { amount: spec.amount } : { duration: spec.seconds ?? 5 }),
        timeout: spec.timeoutSeconds,
        excludeErrorStats: spec.latencyOf === '2xx',
        requests,
        setupClient,
      },
      (err, result) => {
        clearTimeout(capTimer);
        if (err) return fail(err);
        const now = performance.now();
        const waiting = clients.filter((c) => c.pending > 0);
        const statuses: Record<string, number> = {};
        for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) bump(statuses, statusKey(code), count ?? 0);
        if (result.timeouts) bump(statuses, 'timeout', result.timeouts);
        if (result.errors > result.timeouts) bump(statuses, 'error', result.errors - result.timeouts);
        for (const [kind, n] of Object.entries(lost)) if (n > 0) bump(statuses, kind, n);
        const measured = Object.entries(statuses).some(
          ([code, n]) => n > 0 && (spec.latencyOf === 'all' ? /^\d+$/.test(code) : /^2\d\d$/.test(code)),
        );
        done({
          sent: result.requests.sent,
          statuses,
          byPath,
          xCache,
          p50: measured ? result.latency.p50 : NaN,
          p99: measured ? result.latency.p99 : NaN,
          seconds: (now - started) / 1000,
          inFlightAtStop: waiting.length,
          oldestInFlightMs: waiting.reduce((max, c) => Math.max(max, now - c.sentAt), 0),
        });
      },
    );
    if (spec.amount && spec.maxSeconds) capTimer = setTimeout(() => instance.stop(), spec.maxSeconds * 1000);
  });
}
