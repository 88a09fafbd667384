/**
 * JSON:API resource objects as Drupal core's jsonapi module normalises them (docs/drupal.md §2):
 * nodes, files, taxonomy terms and block content, plus error documents.
 */
import { blockContentByUuid, blockContents, type BlockContent } from '../content/blocks';
import { fileByPath, fileByUuid, files, type FileRecord } from '../content/files';
import { allNodes, nodeByNid, nodeByUuid } from '../content/index';
import { BUNDLES, isBundle, type NodeRecord, type Ref, type RelField } from '../content/model';
import { termByUuid, terms, type Term } from '../content/terms';
import type { Json, JsonObject } from './json';
import { hasField, isLean, leanAttributes, leanMeta } from './schema';
import { uuidFor } from './uuid';
import { absoluteTags, nodeFieldTags } from './node-head';

export interface Identifier {
  readonly type: string;
  readonly id: string;
  readonly meta: JsonObject;
}
export type RelData = Identifier | Identifier[] | null;

/** A resource before serialisation (sparse fieldsets, links). */
export interface Resource {
  readonly type: string;
  readonly id: string;
  /** Path of the individual resource, e.g. /jsonapi/node/news/{uuid} */
  readonly selfPath: string;
  /** Revision id for `?resourceVersion=id:N` links (revisionable entities only). */
  readonly version: number | null;
  readonly attributes: JsonObject;
  readonly relationships: Readonly<Record<string, RelData>>;
  /** Visible to anonymous users (published). */
  readonly published: boolean;
  /** The entity's numeric id (nid, fid, tid, block id): picks lean mode's variants (schema.ts). */
  readonly seed: number;
}

export const JSONAPI_VERSION: JsonObject = {
  version: '1.0',
  meta: { links: { self: { href: 'http://jsonapi.org/format/1.0/' } } },
};

const EDITOR_UID = 2;
const EDITOR_UUID = uuidFor('user:2');

// ---- Builders ---------------------------------------------------------------------------------------

function userIdentifier(): Identifier {
  return { type: 'user--user', id: EDITOR_UUID, meta: { drupal_internal__target_id: EDITOR_UID } };
}

function refIdentifier(ref: Ref): Identifier | null {
  switch (ref.kind) {
    case 'image': {
      const f = fileByPath(ref.path);
      return {
        type: 'file--file',
        id: f.uuid,
        meta: { alt: ref.alt, title: ref.title, width: f.width, height: f.height, drupal_internal__target_id: f.fid },
      };
    }
    case 'document': {
      const f = fileByPath(ref.path);
      return { type: 'file--file', id: f.uuid, meta: { display: true, description: ref.description, drupal_internal__target_id: f.fid } };
    }
    case 'node': {
      const n = nodeByNid(ref.nid);
      if (!n) return null;
      return { type: `node--${n.bundle}`, id: n.uuid, meta: { drupal_internal__target_id: n.nid } };
    }
  }
}

function relData(rel: RelField): RelData {
  if (rel.many) return rel.refs.flatMap((r) => refIdentifier(r) ?? []);
  return rel.ref ? refIdentifier(rel.ref) : null;
}

export function nodeResource(n: NodeRecord): Resource {
  const attributes: JsonObject = {
    drupal_internal__nid: n.nid,
    drupal_internal__vid: n.vid,
    langcode: 'ru',
    revision_timestamp: n.changed,
    // No revision_log: only "view all revisions" may see it, and anonymous requests are the site's.
    status: n.status,
    title: n.title,
    created: n.created,
    changed: n.changed,
    promote: n.promote,
    sticky: n.sticky,
    default_langcode: true,
    revision_translation_affected: true,
    path: { alias: n.alias, pid: n.nid + 5000, langcode: 'ru' },
    body: n.body ? { value: n.body.value, format: n.body.format, processed: n.body.processed, summary: n.body.summary } : null,
    ...n.fields,
    // metatag 2.x's computed field (docs/drupal.md §5b): the page's whole head, its URLs on the origin (serialize).
    metatag: nodeFieldTags(n),
  };
  const relationships: Record<string, RelData> = {
    node_type: { type: 'node_type--node_type', id: uuidFor(`node_type:${n.bundle}`), meta: { drupal_internal__target_id: n.bundle } },
    revision_uid: userIdentifier(),
    uid: userIdentifier(),
  };
  const type = `node--${n.bundle}`;
  // Fields the bundle lacks in the current schema mode are not part of its resource type at all.
  for (const [name, rel] of Object.entries(n.rels)) if (hasField(type, name)) relationships[name] = relData(rel);
  return {
    type,
    id: n.uuid,
    selfPath: `/jsonapi/node/${n.bundle}/${n.uuid}`,
    version: n.vid,
    attributes,
    relationships,
    published: n.status,
    seed: n.nid,
  };
}

export function fileResource(f: FileRecord): Resource {
  return {
    type: 'file--file',
    id: f.uuid,
    selfPath: `/jsonapi/file/file/${f.uuid}`,
    version: null,
    attributes: {
      drupal_internal__fid: f.fid,
      langcode: 'ru',
      filename: f.filename,
      uri: { value: f.uri, url: f.url },
      filemime: f.mime,
      filesize: f.size,
      status: true,
      created: f.created,
      changed: f.created,
    },
    relationships: { uid: userIdentifier() },
    published: true,
    seed: f.fid,
  };
}

export function termResource(t: Term): Resource {
  return {
    type: `taxonomy_term--${t.vocabulary}`,
    id: t.uuid,
    selfPath: `/jsonapi/taxonomy_term/${t.vocabulary}/${t.uuid}`,
    version: null,
    attributes: {
      drupal_internal__tid: t.tid,
      drupal_internal__revision_id: t.tid,
      langcode: 'ru',
      revision_created: t.changed,
      revision_log_message: null,
      status: true,
      name: t.name,
      description: { value: `<p>${t.description}</p>`, format: 'basic_html', processed: `<p>${t.description}</p>` },
      weight: t.weight,
      changed: t.changed,
      default_langcode: true,
      revision_translation_affected: true,
      path: { alias: null, pid: null, langcode: 'ru' },
    },
    relationships: {
      vid: {
        type: 'taxonomy_vocabulary--taxonomy_vocabulary',
        id: uuidFor(`vocabulary:${t.vocabulary}`),
        meta: { drupal_internal__target_id: t.vocabulary },
      },
      revision_user: null,
      parent: [
        {
          type: `taxonomy_term--${t.vocabulary}`,
          id: 'virtual',
          meta: {
            links: {
              help: {
                href: 'https://www.drupal.org/docs/8/modules/json-api/core-concepts#virtual',
                meta: { about: "Usage and meaning of the 'virtual' resource identifier." },
              },
            },
          },
        },
      ],
    },
    published: true,
    seed: t.tid,
  };
}

export function blockContentResource(b: BlockContent): Resource {
  return {
    type: 'block_content--basic',
    id: b.uuid,
    selfPath: `/jsonapi/block_content/basic/${b.uuid}`,
    version: b.id + 100,
    attributes: {
      drupal_internal__id: b.id,
      drupal_internal__revision_id: b.id + 100,
      langcode: 'ru',
      revision_created: b.changed,
      revision_log: null,
      status: true,
      info: b.info,
      changed: b.changed,
      reusable: true,
      default_langcode: true,
      revision_translation_affected: true,
      body: { value: b.body, format: 'full_html', processed: b.body.replace(/\r\n/g, '\n').trim(), summary: '' },
    },
    relationships: {
      block_content_type: {
        type: 'block_content_type--block_content_type',
        id: uuidFor('block_content_type:basic'),
        meta: { drupal_internal__target_id: 'basic' },
      },
      revision_user: null,
    },
    published: true,
    seed: b.id,
  };
}

// ---- Resource types -----------------------------------------------------------------------------

export interface ResourceType {
  readonly name: string;
  /** Collection path, e.g. /jsonapi/node/news */
  readonly path: string;
  all(): Resource[];
  byId(uuid: string): Resource | null;
}

function nodeType(bundle: string): ResourceType {
  return {
    name: `node--${bundle}`,
    path: `/jsonapi/node/${bundle}`,
    all: () =>
      allNodes()
        .filter((n) => n.bundle === bundle)
        .map(nodeResource),
    byId: (uuid) => {
      const n = nodeByUuid(uuid);
      return n && n.bundle === bundle ? nodeResource(n) : null;
    },
  };
}

export const RESOURCE_TYPES: readonly ResourceType[] = [
  ...BUNDLES.map(nodeType),
  {
    name: 'file--file',
    path: '/jsonapi/file/file',
    all: () => files.map(fileResource),
    byId: (uuid) => {
      const f = fileByUuid(uuid);
      return f ? fileResource(f) : null;
    },
  },
  {
    name: 'taxonomy_term--services',
    path: '/jsonapi/taxonomy_term/services',
    all: () => terms.map(termResource),
    byId: (uuid) => {
      const t = termByUuid(uuid);
      return t ? termResource(t) : null;
    },
  },
  {
    name: 'block_content--basic',
    path: '/jsonapi/block_content/basic',
    all: () => blockContents.map(blockContentResource),
    byId: (uuid) => {
      const b = blockContentByUuid(uuid);
      return b ? blockContentResource(b) : null;
    },
  },
];

export function resourceType(entityType: string, bundle: string): ResourceType | undefined {
  if (entityType === 'node' && !isBundle(bundle)) return undefined;
  return RESOURCE_TYPES.find((t) => t.name === `${entityType}--${bundle}`);
}

export function resolveIdentifier(id: Identifier): Resource | null {
  const t = RESOURCE_TYPES.find((rt) => rt.name === id.type);
  return t ? t.byId(id.id) : null;
}

/**
 * Field names of a resource type (from its first resource: every resource of a type has the same
 * keys). Lean mode's missing relationship fields are already absent from the resources.
 */
export function schemaOf(t: ResourceType): { attributes: string[]; relationships: string[] } {
  const first = t.all()[0];
  return first
    ? { attributes: Object.keys(first.attributes), relationships: Object.keys(first.relationships) }
    : { attributes: [], relationships: [] };
}

// ---- Serialisation ------------------------------------------------------------------------------

export type SparseFields = ReadonlyMap<string, ReadonlySet<string>>;

function versionSuffix(r: Resource): string {
  return r.version === null ? '' : `?resourceVersion=id%3A${r.version}`;
}

export function serialize(r: Resource, origin: string, fields: SparseFields): JsonObject {
  const only = fields.get(r.type);
  const base = origin + r.selfPath;
  const attributes: JsonObject = {};
  const values = isLean() ? leanAttributes(r.type, r.seed, r.attributes) : r.attributes;
  for (const [k, v] of Object.entries(values)) if (!only || only.has(k)) attributes[k] = k === 'metatag' ? absoluteTags(v, origin) : v;
  const relationships: JsonObject = {};
  for (const [k, data] of Object.entries(r.relationships)) {
    if (only && !only.has(k)) continue;
    const dataJson: Json = data === null ? null : Array.isArray(data) ? data.map(identifierJson) : identifierJson(data);
    relationships[k] = {
      data: dataJson,
      links: {
        related: { href: `${base}/${k}${versionSuffix(r)}` },
        self: { href: `${base}/relationships/${k}${versionSuffix(r)}` },
      },
    };
  }
  const out: JsonObject = {
    type: r.type,
    id: r.id,
    links: { self: { href: base + versionSuffix(r) } },
    attributes,
  };
  if (Object.keys(relationships).length > 0) out.relationships = relationships;
  return out;
}

export function identifierJson(i: Identifier): JsonObject {
  return { type: i.type, id: i.id, meta: isLean() ? leanMeta(i.meta) : i.meta };
}

// ---- Errors ---------------------------------------------------------------------------------------

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
const RFC_SECTIONS: Record<number, string> = {
  400: '10.4.1',
  401: '10.4.2',
  403: '10.4.4',
  404: '10.4.5',
  405: '10.4.6',
  406: '10.4.7',
  409: '10.4.10',
  415: '10.4.16',
  500: '10.5.1',
  502: '10.5.3',
  503: '10.5.4',
  504: '10.5.5',
};

export function reasonPhrase(status: number): string {
  return REASONS[status] ?? 'Error';
}

/** JSON:API error document with `status` as a string (docs/drupal.md §2e). */
export function errorDocument(status: number, detail: string, via: string, extra: JsonObject = {}): JsonObject {
  const links: JsonObject = { via: { href: via } };
  const sec = RFC_SECTIONS[status];
  if (sec) links.info = { href: `http://www.w3.org/Protocols/rfc2616/rfc2616-sec${sec.split('.')[0] ?? '10'}.html#sec${sec}` };
  return {
    jsonapi: JSONAPI_VERSION,
    errors: [{ title: reasonPhrase(status), status: String(status), detail, links, ...extra }],
  };
}
