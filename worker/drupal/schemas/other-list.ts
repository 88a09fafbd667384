import { z } from 'zod';
import { decodeEntities, htmlToText } from '../entities';
import { safeUrl } from '../safe-url';
import type { Teaser } from '../types';
import { optionalNumeric, optionalText, phpList, rowStatus } from './lenient';

/*
 * The 'other' lists (`/rest/{doctors|news|actions|smi-o-nas}/other/{nid}`): Views REST exports
 * (docs/drupal.md §6a, §8), rows of strings, `[]` when empty. A field may come as
 * Views renders it (an `<a href>`, an `<img>`, HTML-escaped text) or as a clean
 * value; both read the same here. A row without a title is left out, and so is
 * a row that is not an object: one odd row never costs the whole list.
 */

const HREF = /<a\s[^>]*href="([^"]*)"/i;
const SRC = /<img\s[^>]*src="([^"]*)"/i;
const FILES = '/sites/default/files/';

/** A link field: a clean path or URL, or Drupal's rendered `<a href>`. */
function hrefOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const link = HREF.exec(value);
  return safeUrl(decodeEntities(link ? link[1]! : value).trim());
}

/**
 * An image field: a URL, a comma-separated list of them (the first is the card's),
 * or a rendered `<img>`. Drupal's files are served from our own host (the files
 * proxy), so an absolute URL into its files folder becomes a root-relative one.
 */
export function imageSrcOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const img = SRC.exec(value);
  const first = decodeEntities(img ? img[1]! : (value.split(',')[0] ?? '')).trim();
  const at = first.indexOf(FILES);
  return safeUrl(at > 0 && /^(https?:)?\/\//i.test(first) ? first.slice(at) : first);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})/;
const RUSSIAN_DAY = /^(\d{2})\.(\d{2})\.(\d{4})/;

/** YYYY-MM-DD from an ISO date or date-time, DD.MM.YYYY, or a Unix timestamp in seconds. */
export function dayOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const text = htmlToText(value);
  const iso = DAY.exec(text);
  if (iso) return `${iso[1]}-${iso[2]}-${iso[3]}`;
  const russian = RUSSIAN_DAY.exec(text);
  if (russian) return `${russian[3]}-${russian[2]}-${russian[1]}`;
  if (/^\d{9,11}$/.test(text)) return new Date(Number(text) * 1000).toISOString().slice(0, 10);
  return undefined;
}

const RowSchema = z.object({
  nid: optionalNumeric,
  title: optionalText,
  view_node: optionalText,
  field_photo: optionalText,
  field_image: optionalText,
  field_post: optionalText,
  field_subtitle: optionalText,
  created: optionalText,
  field_date_publication: optionalText,
  field_action_date: optionalText,
  status: rowStatus,
});

function teaserOf(row: z.output<typeof RowSchema>): Teaser[] {
  const title = row.title ? htmlToText(row.title) : '';
  // A draft never reaches a visitor, whatever account the view ran as.
  if (!title || !row.status) return [];
  const src = imageSrcOf(row.field_photo ?? row.field_image);
  const note = row.field_post ?? row.field_subtitle;
  return [
    {
      nid: row.nid,
      title,
      // A title rendered as a link to its node is the link when view_node is missing.
      url: hrefOf(row.view_node) ?? (row.title?.includes('<a') ? hrefOf(row.title) : undefined),
      image: src ? { url: src, alt: title } : undefined,
      note: note ? htmlToText(note) || undefined : undefined,
      // A press mention is dated by its publication, as its own page is.
      date: dayOf(row.field_date_publication) ?? dayOf(row.created),
      until: dayOf(row.field_action_date),
    },
  ];
}

export const OtherListSchema = phpList(z.unknown()).transform((rows): Teaser[] =>
  rows.flatMap((row) => {
    const parsed = RowSchema.safeParse(row);
    return parsed.success ? teaserOf(parsed.data) : [];
  }),
);
