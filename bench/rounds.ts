/**
 * The rounds table (`BENCH_PARTS=rounds`): every page kind opened cold — on a site just started, with
 * nothing cached — with every origin call delayed, and the origin's calls of that page grouped into
 * sequential rounds from the demo's request log (demo-origin/request-rounds.ts), not from timing.
 * A page needs Drupal twice at most: the path lookup, then the node with everything else
 * (docs/architecture.md, "What a page costs Drupal"); a kind with more rounds FAILs and its rounds
 * are printed call by call, so that the call that waited is seen (every kind's, with BENCH_ROUNDS_DETAIL=1).
 */
import { demoControl } from '../demo-origin/control-client.ts';
import { describeRounds, originRounds, type OriginRounds } from '../demo-origin/request-rounds.ts';
import { NAVIGATION_HEADERS, type PageKind } from './pages.ts';

/** The most sequential rounds a page may cost Drupal. */
export const ROUNDS_LIMIT = 2;

/** A target the table opens pages on: a site started empty for each page, stopped after it. */
export interface RoundsTarget {
  name: string;
  start(): Promise<{ url: string; stop(): Promise<unknown> }>;
}

export interface RoundsRow {
  kind: PageKind;
  target: string;
  status: number;
  /** ms from the request until its first and last byte. */
  firstByte: number;
  total: number;
  /** Drupal's calls. */
  rounds: OriginRounds;
  /** The schedule system's (online booking, docs/booking.md): another origin, whose own API is asked step by step. */
  schedule: OriginRounds;
  /** What a type relates to, learned in the background once the page's calls are answered (worker/drupal/jsonapi.ts). */
  background: string[];
}

/**
 * A relationship sample (three resources of a type, nothing else asked): the cache learns it after the page's own
 * calls have answered and the page never waits for it (docs/architecture.md, "Rendering and streaming").
 */
const isSample = (url: string) => /^\/jsonapi\/[^?]+\?page(\[|%5B)limit(\]|%5D)=3$/.test(url);

/** The demo serves the schedule systems' APIs beside Drupal's (demo-origin/README.md, "Schedule system"). */
const isSchedule = (url: string) => url.startsWith('/yclients/') || url.startsWith('/renovatio/');

/** Short enough to read in a table: the path and the query's first 60 characters, decoded. */
export function shortUrl(url: string): string {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // As received.
  }
  const [path = '', query] = decoded.split('?', 2);
  return query ? `${path}?${query.slice(0, 60)}${query.length > 60 ? '…' : ''}` : path;
}

/** One page, cold, on a fresh site of the target: its status, timings and the rounds of the calls it made. */
async function coldRounds(demoUrl: string, target: RoundsTarget, kind: PageKind): Promise<RoundsRow> {
  const demo = demoControl(demoUrl);
  const site = await target.start();
  try {
    const before = (await demo.requests()).total;
    const started = performance.now();
    const res = await fetch(site.url + kind.path, { redirect: 'manual', headers: NAVIGATION_HEADERS });
    const reader = res.body!.getReader();
    await reader.read();
    const firstByte = performance.now() - started;
    while (!(await reader.read()).done);
    const total = performance.now() - started;
    const calls = await demo.callsSince(before);
    // The page's own calls: those that arrived while it was asked (work after the answer is not the page's wait).
    const ended = Date.now();
    const made = calls.filter((call) => call.at <= ended);
    return {
      kind,
      target: target.name,
      status: res.status,
      firstByte,
      total,
      rounds: originRounds(made.filter((call) => !isSchedule(call.url) && !isSample(call.url))),
      schedule: originRounds(made.filter((call) => isSchedule(call.url))),
      background: made.filter((call) => isSample(call.url)).map((call) => call.url),
    };
  } finally {
    await site.stop();
  }
}

/**
 * The table for every page kind on every target, printed as it goes; `verdict` records a FAIL.
 * `delayMs`: every origin call's delay while a page is opened (the demo's faults), reset afterwards.
 */
export async function roundsTable(
  demoUrl: string,
  kinds: readonly PageKind[],
  targets: readonly RoundsTarget[],
  delayMs: number,
  verdict: (ok: boolean, what: string) => string,
): Promise<RoundsRow[]> {
  const demo = demoControl(demoUrl);
  const rows: RoundsRow[] = [];
  console.log(
    `Rounds: each page kind cold (a site just started, nothing cached), every origin call +${delayMs} ms; sequential origin rounds from the demo's request log (limit ${ROUNDS_LIMIT})\n`,
  );
  console.log(`${'page kind'.padEnd(12)} ${'target'.padEnd(8)} status  rounds  calls  first byte  whole page (× the delay)`);
  try {
    for (const target of targets) {
      for (const kind of kinds) {
        await demo.faults.set({ delayMs });
        const row = await coldRounds(demoUrl, target, kind);
        rows.push(row);
        const calls = row.rounds.reduce((n, round) => n + round.length, 0);
        const ok = row.rounds.length <= ROUNDS_LIMIT;
        console.log(
          `${kind.name.padEnd(12)} ${target.name.padEnd(8)} ${String(row.status).padEnd(7)} ${String(row.rounds.length).padEnd(7)} ${String(calls).padEnd(6)} ` +
            `${(row.firstByte / delayMs).toFixed(2).padEnd(11)} ${(row.total / delayMs).toFixed(2).padEnd(6)} ${verdict(ok, `rounds ${kind.name} on ${target.name}`)}  (${kind.path})` +
            (row.schedule.length ? `; the schedule system's calls: ${row.schedule.length} rounds` : '') +
            (row.background.length ? `; ${row.background.length} relationship samples after them` : ''),
        );
        if (!ok || process.env.BENCH_ROUNDS_DETAIL) console.log(describeRounds(row.rounds, shortUrl).replace(/^/gm, '    '));
      }
    }
  } finally {
    await demo.faults.clear();
  }
  console.log('');
  return rows;
}
