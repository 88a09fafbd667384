/**
 * A rendered page as it goes on the wire when it is served again (docs/architecture.md, "Kept pages"): the
 * same bytes for every visitor, so that they are compressed once and named by a strong ETag.
 *
 * A page streams out first with a per-response CSP nonce on its scripts, since its headers leave before its
 * inline scripts are known. Once the whole body is at hand, the nonce is taken off and the policy names
 * each inline script by its SHA-256 instead: only those exact scripts run, as strict as the nonce, and the
 * bytes no longer change per response.
 */
import type { PageCompressor, PageEncoding } from '../seams/seams';

export interface PageBytes {
  /** The HTML without its nonce, as UTF-8. */
  identity: Uint8Array;
  /** The same bytes compressed, per encoding the platform makes: filled in as each is made (`compressAll`). */
  readonly encoded: Partial<Record<PageEncoding, Uint8Array>>;
  /** `'sha256-…'` of every inline script, in the order they appear. */
  scriptHashes: readonly string[];
  /** The strong entity tag of the identity bytes, without quotes; an encoding's is this and its name. */
  tag: string;
}

const encoder = new TextEncoder();

/** Scripts the browser runs inline: any but those with a `src`, and the data blocks that are never run (JSON-LD). */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXTERNAL_OR_DATA = /\bsrc\s*=|\btype\s*=\s*["']?application\/(?:ld\+)?json/i;

/** The inline scripts' contents of `html`, as the browser hashes them (a script's text is raw: no entities). */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].filter(([, attributes]) => !EXTERNAL_OR_DATA.test(attributes!)).map(([, , text]) => text!);
}

const base64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));
const sha256 = (bytes: Uint8Array) => crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);

/** A CSP source naming an inline script by its SHA-256, as the browser computes it. */
export const hashSource = async (script: string) => `'sha256-${base64(await sha256(encoder.encode(script)))}'`;

/**
 * The page's bytes for serving again, or undefined when the nonce shows anywhere but in a script's `nonce`
 * attribute (then the body cannot be made the same for everyone, and the page is rendered each time).
 */
export async function pageBytes(body: string, nonce: string): Promise<PageBytes | undefined> {
  const html = body.replaceAll(` nonce="${nonce}"`, '');
  if (html.includes(nonce)) return undefined;
  const identity = encoder.encode(html);
  const [digest, scriptHashes] = await Promise.all([sha256(identity), Promise.all(inlineScripts(html).map(hashSource))]);
  // 128 bits of the digest, URL-safe: enough to tell two bodies apart, short in every request that sends it back.
  const tag = base64(digest.slice(0, 16)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return { identity, encoded: {}, scriptHashes: [...new Set(scriptHashes)], tag };
}

/**
 * Compresses the page in each encoding the platform makes, best first, each served as soon as it is made:
 * the page is kept, and sent uncompressed, from the moment its bytes are known (brotli at its best takes tens
 * of milliseconds on a long page).
 */
export async function compressAll(bytes: PageBytes, compressor: PageCompressor | undefined): Promise<void> {
  for (const encoding of compressor?.encodings ?? []) {
    (bytes.encoded as Record<PageEncoding, Uint8Array>)[encoding] = await compressor!.compress(bytes.identity, encoding);
  }
}

/**
 * The encoding to send for `Accept-Encoding`: the first of the platform's (best first) that the visitor takes
 * with a non-zero q, else none (identity).
 */
export function chooseEncoding(acceptEncoding: string | undefined, made: readonly PageEncoding[]): PageEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  return made.find((encoding) => (accepted.get(encoding) ?? wildcard ?? 0) > 0);
}

/** The quoted strong ETag of a representation: the identity's tag, with the encoding's name after it. */
export const entityTag = (tag: string, encoding: PageEncoding | undefined) => `"${encoding ? `${tag}-${encoding}` : tag}"`;

/**
 * Whether `If-None-Match` names this page in any of its representations (RFC 9110 §13.1.2: weak comparison,
 * so a `W/` prefix a proxy added still matches), or is `*`.
 */
export function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => {
    const opaque = /^\s*(?:W\/)?"([^"]*)"\s*$/.exec(candidate)?.[1];
    return opaque !== undefined && (opaque === tag || opaque === `${tag}-br` || opaque === `${tag}-gzip`);
  });
}
