/**
 * The built browser files (dist/client), served before the app as Workers' [assets]
 * serves them: read once at start-up, with an ETag each, and the headers that
 * client/public/_headers gives their paths (copied into dist/client by the build).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import type { StaticAssets } from '../../seams/seams';

interface Asset {
  body: Uint8Array;
  headers: Headers;
  etag: string;
}

interface HeaderRule {
  pattern: RegExp;
  /** A null value detaches the header an earlier rule attached (`! Name`). */
  headers: [string, string | null][];
}

/** Cloudflare's _headers: a path pattern (`*` a splat), then indented `Name: value` lines, or `! Name` to detach one. */
export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replaceAll('*', '.*');
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] });
      continue;
    }
    const detached = /^\s+!\s*([\w-]+)\s*$/.exec(line);
    if (detached && rules.length > 0) {
      rules.at(-1)!.headers.push([detached[1]!, null]);
      continue;
    }
    const at = line.indexOf(':');
    if (at > 0 && rules.length > 0) rules.at(-1)!.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()]);
  }
  return rules;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Files the platform reads itself and never serves. */
const PLATFORM_FILES = new Set(['/_headers', '/_redirects']);

export function staticAssets(dir: string): StaticAssets & { has(path: string): boolean } {
  const headersFile = join(dir, '_headers');
  const rules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : [];
  const assets = new Map<string, Asset>();
  for (const file of walk(dir)) {
    const path = `/${relative(dir, file).split(sep).join('/')}`;
    if (PLATFORM_FILES.has(path)) continue;
    const body = readFileSync(file);
    const headers = new Headers({ 'Content-Type': getMimeType(path) ?? 'application/octet-stream' });
    for (const rule of rules) {
      if (!rule.pattern.test(path)) continue;
      for (const [name, value] of rule.headers) {
        if (value === null) headers.delete(name);
        else headers.set(name, value);
      }
    }
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    headers.set('ETag', etag);
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
    assets.set(path, { body, headers, etag });
  }

  return {
    has: (path) => assets.has(path),
    async fetch(request) {
      const asset = assets.get(new URL(request.url).pathname);
      if (!asset || (request.method !== 'GET' && request.method !== 'HEAD')) return new Response('Не найдено', { status: 404 });
      if (request.headers.get('If-None-Match') === asset.etag) return new Response(null, { status: 304, headers: asset.headers });
      const headers = new Headers(asset.headers);
      headers.set('Content-Length', String(asset.body.length));
      return new Response(request.method === 'HEAD' ? null : asset.body, { status: 200, headers });
    },
  };
}
