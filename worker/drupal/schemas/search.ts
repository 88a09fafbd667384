import { z } from 'zod';
import type { SearchResult } from '../types';
import { optionalText, phpList } from './lenient';

const LINK = /<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/i;
const stripTags = (html: string) => html.replace(/<[^>]*>/g, '').trim();

/** `field_service` is a plain title or Drupal's rendered `<a href>`; both become text plus an optional link. */
const ServiceLinkSchema = optionalText.transform((value) => {
  if (!value) return undefined;
  const link = LINK.exec(value);
  return link ? { title: stripTags(link[2] ?? ''), url: link[1] } : { title: stripTags(value), url: undefined };
});

/** `/rest/search`: a views REST export, `[]` when nothing matched. */
export const SearchResultsSchema = phpList(
  z.object({
    id: optionalText,
    title: optionalText,
    field_service: ServiceLinkSchema,
    view_taxonomy_term: optionalText,
    view_node: optionalText,
  }),
).transform((rows): SearchResult[] =>
  rows.flatMap((row) =>
    row.title
      ? [{ title: stripTags(row.title), url: row.view_node ?? row.view_taxonomy_term, service: row.field_service }]
      : [],
  ),
);
