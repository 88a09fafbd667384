import { z } from 'zod';
import { decodeEntities, htmlToText } from '../entities';
import { safeUrl } from '../safe-url';
import type { SearchResult } from '../types';
import { optionalText, phpList, rowStatus } from './lenient';

/*
 * Views renders every field HTML-escaped (`&amp;`, `&lt;`, `&#039;`), so each value is read
 * back to plain text here, once; React escapes it once on output.
 */

const LINK = /<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/i;

const linkOf = (url: string | undefined) => safeUrl(url === undefined ? undefined : decodeEntities(url));

/** `field_service` is a plain title or Drupal's rendered `<a href>`; both become text plus an optional link. */
const ServiceLinkSchema = optionalText.transform((value) => {
  if (!value) return undefined;
  const link = LINK.exec(value);
  return link ? { title: htmlToText(link[2] ?? ''), url: linkOf(link[1]) } : { title: htmlToText(value), url: undefined };
});

/** `/rest/search`: a views REST export, `[]` when nothing matched. */
export const SearchResultsSchema = phpList(
  z.object({
    id: optionalText,
    title: optionalText,
    field_service: ServiceLinkSchema,
    view_taxonomy_term: optionalText,
    view_node: optionalText,
    // The clinic's view (docs/requirements.md §7) has no status column and filters on status itself; should it
    // run as an account that sees drafts and add the column, a draft's row is dropped here.
    status: rowStatus,
  }),
).transform((rows): SearchResult[] =>
  rows.flatMap((row) =>
    row.title && row.status
      ? [{ title: htmlToText(row.title), url: linkOf(row.view_node ?? row.view_taxonomy_term), service: row.field_service }]
      : [],
  ),
);
