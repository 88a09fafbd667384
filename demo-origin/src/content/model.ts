/**
 * The content model: every node is a NodeRecord (what Drupal stores), built from the typed seeds
 * of each bundle file. JSON:API, REST views and the custom endpoints all read these records.
 */
import type { Json } from '../lib/json';
import { moscowIso } from '../lib/dates';
import { uuidFor } from '../lib/uuid';
import type { ImagePath } from './images';

export const BUNDLES = [
  'services',
  'doctors',
  'patients',
  'news',
  'smi_o_nas',
  'page',
  'vacancy',
  'actions',
  'article',
  'gallery',
  'video',
  'problem',
  'sliders',
  'qa',
  'reviews',
  'equipment',
  'promo_landing',
] as const;
export type Bundle = (typeof BUNDLES)[number];

export function isBundle(s: string): s is Bundle {
  return (BUNDLES as readonly string[]).includes(s);
}

export interface ImageRef {
  readonly kind: 'image';
  readonly path: ImagePath;
  readonly alt: string;
  readonly title: string;
}
export interface DocumentRef {
  readonly kind: 'document';
  readonly path: string;
  readonly description: string;
}
export interface NodeRef {
  readonly kind: 'node';
  readonly nid: number;
}
export type Ref = ImageRef | DocumentRef | NodeRef;

export type RelField = { readonly many: false; readonly ref: Ref | null } | { readonly many: true; readonly refs: readonly Ref[] };

export interface TextField {
  readonly value: string;
  readonly format: string;
  readonly processed: string;
}
export interface BodyField extends TextField {
  readonly summary: string;
}

export interface NodeRecord {
  readonly nid: number;
  readonly vid: number;
  readonly uuid: string;
  readonly bundle: Bundle;
  readonly title: string;
  /** Path alias, root-relative ("/doctors/ivanova-elena.html"); the home node has "/". */
  readonly alias: string;
  readonly status: boolean;
  readonly created: string;
  readonly changed: string;
  readonly promote: boolean;
  readonly sticky: boolean;
  readonly body: BodyField | null;
  /** Bundle fields that are attributes, in output order (JSON:API values). */
  readonly fields: Readonly<Record<string, Json>>;
  /** Bundle fields that are relationships. */
  readonly rels: Readonly<Record<string, RelField>>;
}

export interface NodeInit {
  nid: number;
  bundle: Bundle;
  title: string;
  alias: string;
  /** Local Moscow date or date-time literal: "2021-04-05" or "2021-04-05 14:30" */
  created: string;
  changed?: string;
  status?: boolean;
  promote?: boolean;
  sticky?: boolean;
  body?: string | null;
  summary?: string;
  format?: string;
  fields?: Record<string, Json>;
  rels?: Record<string, RelField>;
}

function processed(value: string): string {
  return value.replace(/\r\n/g, '\n').trim();
}

export function text(value: string, format = 'full_html'): TextField {
  return { value, format, processed: processed(value) };
}

/** A formatted-text attribute value as JSON (or null). */
export function textJson(value: string | null | undefined, format = 'full_html'): Json {
  if (!value) return null;
  const t = text(value, format);
  return { value: t.value, format: t.format, processed: t.processed };
}

export function makeNode(init: NodeInit): NodeRecord {
  const created = moscowIso(init.created);
  return {
    nid: init.nid,
    vid: init.nid * 3 + 1000,
    uuid: uuidFor(`node:${init.nid}`),
    bundle: init.bundle,
    title: init.title,
    alias: init.alias,
    status: init.status ?? true,
    created,
    changed: init.changed ? moscowIso(init.changed) : created,
    promote: init.promote ?? false,
    sticky: init.sticky ?? false,
    body:
      init.body === undefined || init.body === null
        ? null
        : { ...text(init.body, init.format ?? 'full_html'), summary: init.summary ?? '' },
    fields: init.fields ?? {},
    rels: init.rels ?? {},
  };
}

// Relationship helpers -------------------------------------------------------------------------

export function img(path: ImagePath | null, alt = '', title = ''): RelField {
  return { many: false, ref: path ? { kind: 'image', path, alt, title } : null };
}
export function imgs(list: ReadonlyArray<readonly [ImagePath, string]>): RelField {
  return { many: true, refs: list.map(([path, alt]) => ({ kind: 'image', path, alt, title: '' })) };
}
export function docs(list: ReadonlyArray<readonly [string, string]>): RelField {
  return { many: true, refs: list.map(([path, description]) => ({ kind: 'document', path, description })) };
}
export function nodeRef(nid: number | null): RelField {
  return { many: false, ref: nid === null ? null : { kind: 'node', nid } };
}
export function nodeRefs(nids: readonly number[]): RelField {
  return { many: true, refs: nids.map((nid) => ({ kind: 'node', nid })) };
}

/** Node ids a relationship field points to. */
export function refNids(rel: RelField | undefined): number[] {
  if (!rel) return [];
  const refs = rel.many ? rel.refs : rel.ref ? [rel.ref] : [];
  return refs.flatMap((r) => (r.kind === 'node' ? [r.nid] : []));
}

/** Image paths a relationship field points to. */
export function refImages(rel: RelField | undefined): ImagePath[] {
  if (!rel) return [];
  const refs = rel.many ? rel.refs : rel.ref ? [rel.ref] : [];
  return refs.flatMap((r) => (r.kind === 'image' ? [r.path] : []));
}

export function youtube(videoId: string | null): Json {
  return videoId ? { input: `https://www.youtube.com/watch?v=${videoId}`, video_id: videoId } : null;
}
