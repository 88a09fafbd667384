/**
 * Run-time edits of nodes, the demo's stand-in for an editor saving a node in Drupal
 * (POST /__demo/nodes/{nid}, README.md "Test control"): a new title, a new published status and/or
 * new values of attribute fields (as another clinic's Drupal might send them), with `changed` bumped. The NodeRecord itself is changed in place, so that every answer built
 * from it (JSON:API, translate-path's label, REST views, search, metatags, breadcrumbs, service
 * blocks) shows the edit at once; `resetNodeEdits()` (POST /__demo/reset) puts every edited node
 * back as the content files define it.
 */
import { nodeByNid } from './index';
import type { Json } from '../lib/json';
import type { NodeRecord } from './model';

/** What an edit may change. */
interface Editable {
  title: string;
  status: boolean;
  changed: string;
  fields: Readonly<Record<string, Json>>;
}

/** Node values as defined by the content files, for the nodes edited since the last reset. */
const originals = new Map<number, Editable>();

export interface NodeEdit {
  readonly title?: string;
  readonly status?: boolean;
  /** Attribute fields set to these values (null included). */
  readonly fields?: Readonly<Record<string, Json>>;
  /** Attribute fields the node no longer sends at all. */
  readonly removeFields?: readonly string[];
}

/** Moscow ISO date-time (seconds), as the demo's other dates: "2026-11-01T09:00:00+03:00". */
function moscowIsoAt(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000 + 3 * 3600000).toISOString().slice(0, 19) + '+03:00';
}

/**
 * Saves an edit: sets the title and/or status and bumps `changed` to now (at least a second
 * after the previous value, so that every save is visible in `changed` and `revision_timestamp`).
 */
export function editNode(n: NodeRecord, edit: NodeEdit, now = Date.now()): void {
  const record = n as unknown as Editable;
  if (!originals.has(n.nid)) originals.set(n.nid, { title: n.title, status: n.status, changed: n.changed, fields: n.fields });
  if (edit.title !== undefined) record.title = edit.title;
  if (edit.status !== undefined) record.status = edit.status;
  if (edit.fields || edit.removeFields) {
    const fields = { ...n.fields, ...edit.fields };
    for (const name of edit.removeFields ?? []) delete fields[name];
    record.fields = fields;
  }
  record.changed = moscowIsoAt(Math.max(now, Date.parse(n.changed) + 1000));
}

/** Restores every edited node's title, status, fields and `changed`. */
export function resetNodeEdits(): void {
  for (const [nid, values] of originals) {
    const n = nodeByNid(nid);
    if (n) Object.assign(n as unknown as Editable, values);
  }
  originals.clear();
}
