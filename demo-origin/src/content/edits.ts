/**
 * Run-time edits of nodes, the demo's stand-in for an editor saving a node in Drupal
 * (POST /__demo/nodes/{nid}, README.md "Test control"): a new title, a new published status and/or
 * new values of attribute fields (as another clinic's Drupal might send them), with `changed`
 * bumped. Edits are kept per instance (lib/state.ts); a NodeRecord's title, status, changed and
 * fields read the answering instance's edit, so that every answer built from it (JSON:API,
 * translate-path's label, REST views, search, metatags, breadcrumbs, service blocks) shows the
 * edit at once, and POST /__demo/reset (which clears the edits) puts every node back as the
 * content files define it.
 */
import type { Json } from '../lib/json';
import { demoState, type NodeValues } from '../lib/state';
import type { NodeRecord } from './model';

export interface NodeEdit {
  readonly title?: string;
  readonly status?: boolean;
  /** Attribute fields set to these values (null included). */
  readonly fields?: Readonly<Record<string, Json>>;
  /** Attribute fields the node no longer sends at all. */
  readonly removeFields?: readonly string[];
}

const EDITABLE = ['title', 'status', 'changed', 'fields'] as const;

/**
 * Makes the record's editable values read the answering instance's edit, falling back to the
 * content file's values (also outside a request). Returns the same record.
 */
export function editable(n: NodeRecord): NodeRecord {
  const own: NodeValues = { title: n.title, status: n.status, changed: n.changed, fields: n.fields };
  for (const key of EDITABLE) {
    Object.defineProperty(n, key, {
      get: () => (demoState().edits.get(n.nid) ?? own)[key],
      enumerable: true,
      configurable: true,
    });
  }
  return n;
}

/** Moscow ISO date-time (seconds), as the demo's other dates: "2026-11-01T09:00:00+03:00". */
function moscowIsoAt(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000 + 3 * 3600000).toISOString().slice(0, 19) + '+03:00';
}

/**
 * Saves an edit in the answering instance: sets the title, status and/or fields and bumps
 * `changed` to now (at least a second after the previous value, so that every save is visible in
 * `changed` and `revision_timestamp`).
 */
export function editNode(n: NodeRecord, edit: NodeEdit, now = Date.now()): void {
  let fields = n.fields;
  if (edit.fields || edit.removeFields) {
    const changed = { ...n.fields, ...edit.fields };
    for (const name of edit.removeFields ?? []) delete changed[name];
    fields = changed;
  }
  demoState().edits.set(n.nid, {
    title: edit.title ?? n.title,
    status: edit.status ?? n.status,
    changed: moscowIsoAt(Math.max(now, Date.parse(n.changed) + 1000)),
    fields,
  });
}
