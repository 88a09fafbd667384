/**
 * Which Drupal file a request names, if any. Only a path that stays under the
 * public files folder once decoded, with a file type we expect, is proxied: the
 * proxy fetches from Drupal's host, and `..`, `\` (which URL parsers read as `/`)
 * or a second layer of encoding would otherwise walk out to Drupal's API.
 */
export const FILES_PREFIX = '/sites/default/files/';

/** The types Drupal may answer for each extension we serve; the first one is what we send. */
const TYPES: Readonly<Record<string, readonly string[]>> = {
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
  png: ['image/png'],
  gif: ['image/gif'],
  webp: ['image/webp'],
  avif: ['image/avif'],
  svg: ['image/svg+xml'],
  ico: ['image/x-icon', 'image/vnd.microsoft.icon'],
  pdf: ['application/pdf', 'application/octet-stream'],
  doc: ['application/msword', 'application/octet-stream'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/octet-stream', 'application/zip'],
  xls: ['application/vnd.ms-excel', 'application/octet-stream'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/octet-stream', 'application/zip'],
  mp4: ['video/mp4'],
  webm: ['video/webm'],
};

export interface FileRequest {
  /** Percent-encoded, segment by segment, under FILES_PREFIX. */
  path: string;
  /** Drupal's image-style token, the only query a file URL needs. */
  query: string;
  /** What Drupal may answer for this file, canonical type first. */
  types: readonly string[];
}

const UNSAFE_SEGMENT = /[\\/\u0000-\u001f\u007f]|%[0-9a-f]{2}/i;
const MAX_PATH_LENGTH = 1024;

export function parseFileRequest(url: URL): FileRequest | undefined {
  if (!url.pathname.startsWith(FILES_PREFIX) || url.pathname.length > MAX_PATH_LENGTH) return undefined;
  const segments: string[] = [];
  for (const raw of url.pathname.slice(FILES_PREFIX.length).split('/')) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (segment === '' || segment === '.' || segment === '..' || UNSAFE_SEGMENT.test(segment)) return undefined;
    segments.push(encodeURIComponent(segment));
  }
  const last = segments.at(-1) ?? '';
  const extension = /\.([a-z0-9]+)$/i.exec(last)?.[1]?.toLowerCase() ?? '';
  const types = TYPES[extension];
  if (!types) return undefined;
  const itok = url.searchParams.get('itok');
  const query = itok && /^[\w-]{1,64}$/.test(itok) ? `?itok=${itok}` : '';
  return { path: FILES_PREFIX + segments.join('/'), query, types };
}

/** The media type of a Content-Type header, lower-cased, without parameters. */
export const mediaType = (contentType: string | null) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
