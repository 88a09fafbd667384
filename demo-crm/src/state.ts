/** What one demo CRM keeps in memory: its leads and its failure switch. */
import type { JsonObject } from '../../demo-origin/src/lib/json';

/** What the demo CRM keeps of a file it received: never the bytes. */
export interface CrmFileRecord {
  readonly name: string;
  readonly type: string | null;
  readonly size: number;
  readonly sha256: string;
}

/** A lead the demo CRM accepted (POST /__demo/crm/webhook). */
export interface CrmLead {
  readonly id: string;
  readonly received_at: string;
  readonly idempotency_key: string | null;
  /** Calls that carried this lead's idempotency key (1, or more when the site retried a delivered lead). */
  deliveries: number;
  /** The posted object, without the files' content. */
  readonly data: JsonObject;
  readonly files: readonly CrmFileRecord[];
}

export interface CrmState {
  leads: CrmLead[];
  nextId: number;
  /** The next this many webhook calls answer 503. */
  failTimes: number;
  /** Every webhook call answers 503 while set. */
  down: boolean;
  /** Webhook calls answered 503 by the switch since the last reset. */
  failed: number;
}

export function emptyCrm(): CrmState {
  return { leads: [], nextId: 1, failTimes: 0, down: false, failed: 0 };
}
