import { z } from 'zod';
import { decodeEntities, htmlToText } from '../entities';
import { safeUrl } from '../safe-url';
import { sanitizeHtml } from '../sanitize-html';
import type { Image, ViewRow } from '../types';
import { dayOf, imageSrcOf } from './other-list';
import { flag, optionalNumeric, optionalText, phpList, rowStatus } from './lenient';

/*
 * The clinic's Views REST exports of docs/requirements.md §7 (per-service lists, a doctor's
 * reviews, licence images, a section's services): bare arrays of rows of strings
 * (docs/drupal.md §6a, §8), `[]` when empty, fields as Views renders them or as
 * clean values. Every field is optional; a row without a title is left out, and
 * one odd row never costs the list.
 */

const HREF = /<a\s[^>]*href="([^"]*)"/i;

function hrefOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const link = HREF.exec(value);
  return safeUrl(decodeEntities(link ? link[1]! : value).trim());
}

/** Every image of a field: one URL, a comma-separated list, or rendered `<img>` tags. */
function imagesOf(value: string | undefined, alt: string): Image[] {
  if (!value) return [];
  const sources = /<img\s/i.test(value) ? [...value.matchAll(/<img\s[^>]*src="([^"]*)"/gi)].map((m) => m[1]!) : value.split(',');
  return sources.flatMap((source) => {
    const url = imageSrcOf(source.trim());
    return url ? [{ url, alt }] : [];
  });
}

const RawRowSchema = z.object({
  nid: optionalNumeric,
  title: optionalText,
  view_node: optionalText,
  url: optionalText,
  field_photo: optionalText,
  field_photo_big: optionalText,
  field_image: optionalText,
  field_gallery_image: optionalText,
  field_gallery_image_1: optionalText,
  thumb: optionalText,
  img: optionalText,
  field_post: optionalText,
  field_subtitle: optionalText,
  field_price2: optionalText,
  body: optionalText,
  field_feedback_text: optionalText,
  field_question: optionalText,
  field_doctor: optionalText,
  created: optionalText,
  field_action_date: optionalText,
  field_ne_vyvodit_na_stranitce: flag,
  feedbacks: z.unknown().optional(),
  status: rowStatus,
});

type RawRow = z.output<typeof RawRowSchema>;

async function rowOf(raw: unknown): Promise<ViewRow[]> {
  const parsed = RawRowSchema.safeParse(raw);
  if (!parsed.success) return [];
  const row: RawRow = parsed.data;
  const title = row.title ? htmlToText(row.title) : '';
  // A draft never reaches a visitor, whatever account the view ran as.
  if (!title || !row.status) return [];
  const html = row.field_feedback_text ?? row.body;
  const note = row.field_post ?? row.field_subtitle;
  return [
    {
      nid: row.nid,
      title,
      url: hrefOf(row.view_node ?? row.url) ?? (row.title?.includes('<a') ? hrefOf(row.title) : undefined),
      images: imagesOf(row.field_photo ?? row.field_image ?? row.field_gallery_image ?? row.thumb, title),
      fullImages: imagesOf(row.field_photo_big ?? row.field_gallery_image_1 ?? row.img, title),
      note: note ? htmlToText(note) || undefined : undefined,
      price: row.field_price2 ? htmlToText(row.field_price2) || undefined : undefined,
      html: html ? (await sanitizeHtml(html)) || undefined : undefined,
      question: row.field_question ? htmlToText(row.field_question) || undefined : undefined,
      author: row.field_doctor ? htmlToText(row.field_doctor) || undefined : undefined,
      date: dayOf(row.created),
      until: dayOf(row.field_action_date),
      hidden: row.field_ne_vyvodit_na_stranitce,
      feedbacks: await rowsOf(row.feedbacks),
    },
  ];
}

const RowsSchema = phpList(z.unknown());

/** Rows of a Views export; anything that is not a list is no rows. HTML is sanitised here, once, before caching. */
export async function rowsOf(body: unknown): Promise<ViewRow[]> {
  const rows = RowsSchema.safeParse(body);
  if (!rows.success) return [];
  return (await Promise.all(rows.data.map(rowOf))).flat();
}

/** `{items: [...]}` (services_childs, next_cycle_links) or a bare list. */
const ItemsSchema = z.object({ items: z.unknown() }).passthrough();

/** A section's services (services_subtree): its rows and the section itself, when Drupal names it. */
export async function sectionOf(body: unknown): Promise<{ items: ViewRow[]; title?: string; url?: string }> {
  const doc = ItemsSchema.safeParse(body);
  if (!doc.success) return { items: await rowsOf(body) };
  const meta = z.object({ parent_title: optionalText, parent_url: optionalText }).safeParse(body);
  return {
    items: await rowsOf(doc.data.items),
    title: meta.success && meta.data.parent_title ? htmlToText(meta.data.parent_title) : undefined,
    url: meta.success ? hrefOf(meta.data.parent_url) : undefined,
  };
}
