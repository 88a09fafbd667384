/** Small text helpers shared by content and views. */

export function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&laquo;/g, '«')
    .replace(/&raquo;/g, '»')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

export function trimText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:—-]+$/, '') + '…';
}

/** Drupal's Html::escape (htmlspecialchars with ENT_QUOTES): how Views renders a plain-text field. */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#039;');
}

/** Case-insensitive Russian matching: lower case, ё → е. */
export function foldRu(s: string): string {
  return s.toLowerCase().replace(/ё/g, 'е');
}

/** Paragraphs → Drupal body value (CRLF between blocks, as CKEditor saves it). */
export function paragraphs(...ps: string[]): string {
  return ps.map((p) => (p.startsWith('<') ? p : `<p>${p}</p>`)).join('\r\n') + '\r\n';
}
