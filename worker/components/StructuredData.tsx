/**
 * schema.org JSON-LD for search engines. A data block, not a script: browsers do
 * not run it, so it needs no CSP nonce. `<` is escaped so that no value from
 * Drupal can close the element.
 */
export function StructuredData({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify({ '@context': 'https://schema.org', ...data })
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

/** An absolute URL on the site for a root-relative path (schema.org wants absolute ones). */
export const onSite = (siteUrl: string, path: string | undefined): string | undefined => {
  if (!path) return undefined;
  try {
    return new URL(path, siteUrl).toString();
  } catch {
    return undefined;
  }
};
