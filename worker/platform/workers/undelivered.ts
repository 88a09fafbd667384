import type { UndeliveredLeads, UndeliveredRecord } from '../../seams/seams';

/**
 * Undelivered leads on Cloudflare: a D1 table (migrations/0001_undelivered_leads.sql),
 * bound as UNDELIVERED in wrangler.toml. D1 keeps rows until they are deleted.
 */

/** D1's subset used here, so that the type check of the Node build, which has no D1 types, passes this file too. */
export interface D1Like {
  prepare(query: string): D1StatementLike;
}
interface D1StatementLike {
  bind(...values: unknown[]): D1StatementLike;
  run(): Promise<unknown>;
  all<T>(): Promise<{ results: T[] }>;
  first<T>(): Promise<T | null>;
}

interface Row {
  id: string;
  form: string;
  kind: string;
  received_at: string;
  failed_at: string;
  attempts: number;
  last_error: string;
  sealed: string;
}

const recordOf = (row: Row): UndeliveredRecord => ({
  id: row.id,
  form: row.form,
  kind: row.kind === 'crm' ? 'crm' : 'drupal',
  receivedAt: row.received_at,
  failedAt: row.failed_at,
  attempts: Number(row.attempts),
  lastError: row.last_error,
  sealed: row.sealed,
});

export const isD1 = (value: unknown): value is D1Like =>
  typeof value === 'object' && value !== null && 'prepare' in value && 'batch' in value && 'exec' in value;

/**
 * migrations/0001_undelivered_leads.sql, for a database nobody migrated (`npm start`'s local
 * D1, an environment whose `wrangler d1 migrations apply` was forgotten): a dead letter
 * must not wait on it. Keep the two the same; both are IF NOT EXISTS.
 */
const SCHEMA = [
  'CREATE TABLE IF NOT EXISTS undelivered_leads (id TEXT PRIMARY KEY, form TEXT NOT NULL, kind TEXT NOT NULL, received_at TEXT NOT NULL, failed_at TEXT NOT NULL, attempts INTEGER NOT NULL, last_error TEXT NOT NULL, sealed TEXT NOT NULL)',
  'CREATE INDEX IF NOT EXISTS undelivered_leads_failed_at ON undelivered_leads (failed_at)',
];

/** Runs `query`; once, on a missing table, creates it and runs it again. */
async function withTable<T>(db: D1Like, query: () => Promise<T>): Promise<T> {
  try {
    return await query();
  } catch (error) {
    if (!(error instanceof Error) || !/no such table/i.test(error.message)) throw error;
    for (const statement of SCHEMA) await db.prepare(statement).run();
    return query();
  }
}

export function d1UndeliveredLeads(db: D1Like): UndeliveredLeads {
  const store: UndeliveredLeads = {
    async add(r) {
      await db
        .prepare(
          'INSERT OR REPLACE INTO undelivered_leads (id, form, kind, received_at, failed_at, attempts, last_error, sealed) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .bind(r.id, r.form, r.kind, r.receivedAt, r.failedAt, r.attempts, r.lastError, r.sealed)
        .run();
    },
    async list() {
      const { results } = await db.prepare('SELECT * FROM undelivered_leads ORDER BY failed_at DESC, id').all<Row>();
      return results.map(recordOf);
    },
    async get(id) {
      const row = await db.prepare('SELECT * FROM undelivered_leads WHERE id = ?').bind(id).first<Row>();
      return row ? recordOf(row) : null;
    },
    async remove(id) {
      await db.prepare('DELETE FROM undelivered_leads WHERE id = ?').bind(id).run();
    },
    async count() {
      const row = await db.prepare('SELECT COUNT(*) AS n FROM undelivered_leads').first<{ n: number }>();
      return Number(row?.n ?? 0);
    },
  };
  return {
    add: (record) => withTable(db, () => store.add(record)),
    list: () => withTable(db, () => store.list()),
    get: (id) => withTable(db, () => store.get(id)),
    remove: (id) => withTable(db, () => store.remove(id)),
    count: () => withTable(db, () => store.count()),
  };
}
