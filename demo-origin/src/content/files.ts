/** file--file entities: one per placeholder image and document of images.ts. */
import { moscowIso, addDays } from '../lib/dates';
import { uuidFor } from '../lib/uuid';
import { byteLength, documents, images, renderPdf, renderSvg, derivativePath, type ImageDef } from './images';

export interface FileRecord {
  readonly fid: number;
  readonly uuid: string;
  readonly filename: string;
  /** public://doctors/ivanova.svg */
  readonly uri: string;
  /** /sites/default/files/doctors/ivanova.svg (root-relative, as Drupal's uri.url) */
  readonly url: string;
  readonly mime: string;
  readonly size: number;
  readonly created: string;
  readonly width: number | null;
  readonly height: number | null;
}

export const FILES_BASE = '/sites/default/files/';

function record(fid: number, path: string, mime: string, size: number, dims: ImageDef | null): FileRecord {
  return {
    fid,
    uuid: uuidFor(`file:${path}`),
    filename: path.split('/').pop() ?? path,
    uri: `public://${path}`,
    url: FILES_BASE + path,
    mime,
    size,
    created: addDays(moscowIso('2019-01-15 12:00'), (fid - 100) * 11),
    width: dims ? dims.w : null,
    height: dims ? dims.h : null,
  };
}

export const files: readonly FileRecord[] = [
  ...images.map((def, i) => record(101 + i, def.path, 'image/svg+xml', byteLength(renderSvg(def)), def)),
  ...documents.map((doc, i) => record(101 + images.length + i, doc.path, doc.mime, byteLength(renderPdf(doc)), null)),
];

const byPath = new Map(files.map((f) => [f.uri.slice('public://'.length), f]));
const byUuid = new Map(files.map((f) => [f.uuid, f]));

export function fileByPath(path: string): FileRecord {
  const f = byPath.get(path);
  if (!f) throw new Error(`No file for ${path}`);
  return f;
}

export function fileByUuid(uuid: string): FileRecord | undefined {
  return byUuid.get(uuid);
}

/** Root-relative URL of an image-style derivative, with an itok like Drupal's. */
export function styleUrl(style: string, path: string): string {
  return `${FILES_BASE}${derivativePath(style, path)}?itok=${uuidFor(`itok:${style}:${path}`).replace(/-/g, '').slice(0, 8)}`;
}
