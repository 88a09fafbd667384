// KV keys stop at 512 bytes; longer URLs are replaced by their SHA-256.
const MAX_KEY_BYTES = 512;
// d4: nodes carry their fields as HTML and their references (worker/bundles reads both), and editors'
// links to popup pages open the popup; a copy cached in an older shape must never be served.
// d5: no generation in the key; an entry holds its tags and when its fetch started (generation.ts, tags.ts).
export const KEY_VERSION = 'd5';

/** Same payload, same key: query parameters sorted, fragment dropped. */
export function normaliseUrl(url: string): string {
  const parsed = new URL(url);
  const params = [...parsed.searchParams].sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(params).toString();
  return `${parsed.origin}${parsed.pathname}${query ? `?${query}` : ''}`;
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export async function cacheKey(url: string): Promise<string> {
  const prefix = `${KEY_VERSION}:`;
  const normalised = normaliseUrl(url);
  const key = prefix + normalised;
  if (new TextEncoder().encode(key).byteLength <= MAX_KEY_BYTES) return key;
  return `${prefix}sha256:${await sha256Hex(normalised)}`;
}
