/**
 * What the suite found: one row per load run or request group for the summary table, and the
 * pass/fail criteria, each with the evidence that failed it.
 */

export const CRITERIA = {
  visited200: 'visited pages are always answered 200 (warm and every origin fault)',
  no5xx: 'no 5xx and no request without a whole answer (except the honest 503 for a never-visited page while the origin is down)',
  unknownCost: 'an unknown URL costs at most 2 origin calls',
  hostileOrigin:
    'hostile requests reach Drupal only where they should (files proxy: never; pages: path lookup, redirect lookup, path-independent frame calls)',
  hostileAnswers: 'hostile requests get safe answers (no JSON leaked from the files proxy, no foreign redirect, no injected header)',
  valkeyDown:
    'Node: Valkey killed (SIGKILL) under load — visited pages still 200 and never-visited ones answered as Workers would, nothing hung; ' +
    'a lead sent meanwhile answers 200/202 and reaches the CRM once Valkey is back',
} as const;

export type Criterion = keyof typeof CRITERIA;

export interface Row {
  scenario: string;
  connections: number | string;
  sent: number;
  statuses: Record<string, number>;
  p50?: number;
  p99?: number;
  origin: number | string;
}

const MAX_DETAILS = 12;

export class Report {
  private readonly title: string;
  private readonly criteria: readonly Criterion[];

  /** `title` heads the summary; `criteria` are the ones this report judges (all by default). */
  constructor(title = '', criteria: readonly Criterion[] = Object.keys(CRITERIA) as Criterion[]) {
    this.title = title;
    this.criteria = criteria;
  }

  readonly rows: Row[] = [];
  private readonly failures = new Map<Criterion, string[]>();
  private readonly notes: string[] = [];
  private crashed: unknown = null;
  private readonly problems: string[] = [];

  row(row: Row): void {
    this.rows.push(row);
  }

  fail(criterion: Criterion, evidence: string): void {
    const list = this.failures.get(criterion) ?? [];
    list.push(evidence);
    this.failures.set(criterion, list);
    console.log(`    ✗ FAIL [${criterion}] ${evidence}`);
  }

  note(text: string): void {
    this.notes.push(text);
  }

  crash(error: unknown): void {
    this.crashed = error;
  }

  /** The suite could not test what it meant to (not the worker's fault, but no PASS either). */
  suiteProblem(text: string): void {
    this.problems.push(text);
    console.log(`    ✗ SUITE ${text}`);
  }

  get failed(): boolean {
    return this.crashed !== null || this.failures.size > 0 || this.problems.length > 0;
  }

  print(): void {
    console.log(`\n== Summary${this.title ? `: ${this.title}` : ''} ==`);
    printTable(this.rows);
    if (this.notes.length) {
      console.log('');
      for (const note of this.notes) console.log(`INFO ${note}`);
    }
    console.log('');
    for (const key of this.criteria) {
      const text = CRITERIA[key];
      const failures = this.failures.get(key);
      console.log(`${failures ? 'FAIL' : 'PASS'} ${key}: ${text}${failures ? ` — ${failures.length} finding(s)` : ''}`);
      for (const f of failures?.slice(0, MAX_DETAILS) ?? []) console.log(`       · ${f}`);
      if (failures && failures.length > MAX_DETAILS) console.log(`       · … and ${failures.length - MAX_DETAILS} more (see above)`);
    }
    for (const problem of this.problems) console.log(`FAIL suite: ${problem}`);
    if (this.crashed) console.log(`FAIL the suite itself stopped early: ${errorText(this.crashed)}`);
    console.log(this.failed ? '\nFAIL' : '\nPASS');
  }
}

export function errorText(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** `200×1234 503×2 timeout×1`, most frequent first. */
export function formatStatuses(statuses: Record<string, number>): string {
  const parts = Object.entries(statuses)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${code}×${n}`);
  return parts.length ? parts.join(' ') : '—';
}

export const ms = (value: number | undefined) => (value === undefined || !Number.isFinite(value) ? '—' : `${Math.round(value)} ms`);

function printTable(rows: Row[]): void {
  const header = ['scenario', 'conns', 'sent', 'answers', 'p50', 'p99', 'origin req'];
  const cells = rows.map((r) => [
    r.scenario,
    String(r.connections),
    String(r.sent),
    formatStatuses(r.statuses),
    ms(r.p50),
    ms(r.p99),
    String(r.origin),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 0 || i === 3 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
}
