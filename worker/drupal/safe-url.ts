/**
 * URLs from Drupal that end up in `href` or `src`: http(s), mailto, tel, and relative ones
 * (root-relative, protocol-relative, fragment, path). Anything else (javascript:, vbscript:,
 * data:, file: …) gives undefined, and the caller drops the link and keeps its text.
 */
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);

// Relative URLs resolve against an https base, so they count as https.
const RELATIVE_BASE = 'https://relative.invalid/';

export function safeUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  // What the browser ignores too: tabs and newlines anywhere ("java\tscript:"), controls and spaces around.
  const cleaned = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  if (cleaned === '') return undefined;
  let parsed: URL;
  try {
    // The WHATWG parser, as the browser would read the URL, decides the scheme.
    parsed = new URL(cleaned, RELATIVE_BASE);
  } catch {
    return undefined;
  }
  return SAFE_PROTOCOLS.has(parsed.protocol) ? cleaned : undefined;
}
