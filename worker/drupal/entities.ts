/**
 * HTML character references, for text that Drupal hands us HTML-escaped (Views output,
 * attribute values). Only the references Drupal and CKEditor actually produce are named
 * here; any other `&name;` is left as it is, which is safe wherever the result is escaped
 * again on output (React text, attributes we write with `escapeAttribute`).
 */
const NAMED: ReadonlyMap<string, string> = new Map(
  Object.entries({
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00a0',
    shy: '\u00ad',
    laquo: '«',
    raquo: '»',
    ndash: '–',
    mdash: '—',
    hellip: '…',
    lsquo: '‘',
    rsquo: '’',
    ldquo: '“',
    rdquo: '”',
    bdquo: '„',
    copy: '©',
    reg: '®',
    trade: '™',
    deg: '°',
    plusmn: '±',
    times: '×',
    middot: '·',
    bull: '•',
    euro: '€',
    numero: '№',
  }),
);

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]*));/g;

function fromCodePoint(code: number): string {
  // As the HTML parser does: NUL, surrogates and out-of-range numbers become U+FFFD.
  const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
  return String.fromCodePoint(valid ? code : 0xfffd);
}

/** Decodes each character reference once: `&amp;lt;` gives `&lt;`, not `<`. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(REFERENCE, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (dec !== undefined) return fromCodePoint(Number.parseInt(dec, 10));
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16));
    return (name !== undefined && NAMED.get(name)) || whole;
  });
}

/** Text of an HTML fragment: tags dropped first, so escaped `&lt;b&gt;` stays visible as `<b>`. */
export function htmlToText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, '')).trim();
}

/** A value for a double-quoted attribute that the browser decodes back to exactly `value`. */
export function escapeAttribute(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
}
