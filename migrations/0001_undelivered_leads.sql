-- Leads that outlived every retry of the leads queue (worker/leads/undelivered.ts), kept
-- until an editor delivers or deletes them on /undelivered.html. Only what the list shows
-- is in clear; `sealed` is the lead itself, AES-GCM under the UNDELIVERED_KEY secret.
CREATE TABLE IF NOT EXISTS undelivered_leads (
  id TEXT PRIMARY KEY,
  form TEXT NOT NULL,
  kind TEXT NOT NULL,
  received_at TEXT NOT NULL,
  failed_at TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  last_error TEXT NOT NULL,
  sealed TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS undelivered_leads_failed_at ON undelivered_leads (failed_at);
