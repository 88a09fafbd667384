/**
 * Schema modes (README.md, "Schema modes"). `full` is the field layout the site was built
 * against. `lean` serves the same nodes, titles, aliases and bodies in the layout of another
 * clinic's Drupal with the same modules: some relationship fields do not exist on some bundles,
 * numbers come as strings, booleans as 0/1 or "1"/"0", formatted-text fields as plain strings,
 * empty values missing, null or "" (deterministically, by entity id), decoupled_router answers in
 * its 2.0.6+ shape.
 *
 * The JSON:API engine keeps querying the stored values (filters and sorts behave the same in both
 * modes, as Drupal's entity query reads the database, not the normaliser's output); the lean
 * shapes are applied when a resource is serialised. Missing relationship fields are left out of
 * the resources themselves, so includes, filters, sorts, related routes and the "Possible
 * values" lists all see the lean bundle.
 */
import { isJsonObject, type Json, type JsonObject } from './json';
import { demoState, type SchemaMode } from './state';

export const SCHEMA_MODES: readonly SchemaMode[] = ['full', 'lean'];

export function isSchemaMode(v: unknown): v is SchemaMode {
  return typeof v === 'string' && (SCHEMA_MODES as readonly string[]).includes(v);
}

/** The mode in force: the one POST /__demo/schema set, else the instance's own, else the one DEMO_SCHEMA chose. */
export function schemaMode(): SchemaMode {
  const s = demoState();
  return s.schemaOverride ?? s.schemaDefault ?? s.schemaFromVar;
}

export function isLean(): boolean {
  return schemaMode() === 'lean';
}

// ---- Missing fields -------------------------------------------------------------------------------

/**
 * Relationship fields the lean layout's bundles do not have, per JSON:API resource type.
 * taxonomy_term--services has only core relationships (vid, revision_user, parent) in both modes.
 */
export const LEAN_MISSING_RELATIONSHIPS: Readonly<Record<string, readonly string[]>> = {
  'node--services': ['field_photo', 'field_preview_photo', 'field_popular_procedure_img'],
  'node--doctors': ['field_photo_big'],
  'node--page': ['field_image'],
};

/** Whether the resource type (node--services…) has the field in the current mode. */
export function hasField(resourceType: string, field: string): boolean {
  return !(isLean() && (LEAN_MISSING_RELATIONSHIPS[resourceType] ?? []).includes(field));
}

// ---- Lean values ----------------------------------------------------------------------------------

/** Numbers become strings and booleans "1"/"0", at any depth (core REST and Views style). */
export function stringly(v: Json): Json {
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (Array.isArray(v)) return v.map(stringly);
  if (isJsonObject(v)) {
    const out: JsonObject = {};
    for (const [k, x] of Object.entries(v)) out[k] = stringly(x);
    return out;
  }
  return v;
}

/** The REST/custom-endpoint body for the current mode: numbers and booleans as strings in lean. */
export function restBody(body: Json): Json {
  return isLean() ? stringly(body) : body;
}

function isFormattedText(v: Json): v is JsonObject & { value: string } {
  return isJsonObject(v) && typeof v.value === 'string' && typeof v.format === 'string';
}

function isVideoEmbed(v: Json): v is JsonObject & { video_id: string } {
  return isJsonObject(v) && typeof v.video_id === 'string';
}

/**
 * Booleans: promote and sticky as 0/1 numbers; field_* booleans as 0/1 on even ids and "1"/"0"
 * on odd ones; every other boolean (status, default_langcode…) as "1"/"0".
 */
function leanBoolean(key: string, seed: number, v: boolean): Json {
  if (key === 'promote' || key === 'sticky') return v ? 1 : 0;
  if (key.startsWith('field_')) return seed % 2 === 0 ? (v ? 1 : 0) : v ? '1' : '0';
  return v ? '1' : '0';
}

/** An empty optional node field (or revision_log): left out (id % 3 = 0), "" (1) or null (2). */
type Empty = { readonly omit: true } | { readonly value: Json };
function leanEmpty(seed: number): Empty {
  const r = seed % 3;
  return r === 0 ? { omit: true } : { value: r === 1 ? '' : null };
}

/**
 * Attributes of a resource in lean mode; `seed` is the entity's id (nid, fid, tid, block id).
 *  - numbers → strings (drupal_internal__nid "251", path.pid, field_weight, filesize…);
 *  - booleans → see leanBoolean;
 *  - node field_* formatted text → its `value` as a plain string; field_youtube → the video id;
 *  - node field_* and revision_log that are empty → see leanEmpty;
 *  - body: `summary` "" → null on odd nids (value, format and processed unchanged);
 *  - path: {alias, pid, langcode} on even ids, {alias, pid} on odd ones; `[]` when it has no alias.
 */
export function leanAttributes(type: string, seed: number, attributes: JsonObject): JsonObject {
  const node = type.startsWith('node--');
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(attributes)) {
    const optional = node && (key.startsWith('field_') || key === 'revision_log');
    if (v === null || v === '') {
      if (!optional) {
        out[key] = v;
        continue;
      }
      const empty = leanEmpty(seed);
      if ('value' in empty) out[key] = empty.value;
      continue;
    }
    if (typeof v === 'boolean') out[key] = leanBoolean(key, seed, v);
    else if (node && key.startsWith('field_') && isVideoEmbed(v)) out[key] = v.video_id;
    else if (node && key.startsWith('field_') && isFormattedText(v)) out[key] = v.value;
    else if (key === 'path' && isJsonObject(v)) out[key] = leanPath(v, seed);
    else if (key === 'body' && isJsonObject(v) && v.summary === '' && seed % 2 === 1) out[key] = stringly({ ...v, summary: null });
    else out[key] = stringly(v);
  }
  return out;
}

function leanPath(path: JsonObject, seed: number): Json {
  if (path.alias === null || path.alias === undefined || path.alias === '') return [];
  const out: JsonObject = { alias: path.alias, pid: stringly(path.pid ?? null) };
  if (seed % 2 === 0 && path.langcode !== undefined) out.langcode = path.langcode;
  return out;
}

/**
 * Resource identifier meta in lean mode: width, height and drupal_internal__target_id as
 * strings, `display` "1", an empty image `title` null when the file id is odd.
 */
export function leanMeta(meta: JsonObject): JsonObject {
  const out: JsonObject = {};
  const target = meta.drupal_internal__target_id;
  for (const [k, v] of Object.entries(meta)) {
    if (k === 'title' && v === '' && typeof target === 'number' && target % 2 === 1) out[k] = null;
    else out[k] = stringly(v);
  }
  return out;
}
