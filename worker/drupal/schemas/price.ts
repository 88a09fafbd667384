import { z } from 'zod';
import { decodeEntities, htmlToText } from '../entities';
import { safeUrl } from '../safe-url';
import { optionalNumeric, optionalText, phpList } from './lenient';

/*
 * The price list, `/blocks_for_page/special_links/price.html?page=` (docs/drupal.md §8):
 * `{"data": {GROUP_KEY: {"title", "data": [ROW]}}}`, where ROW is
 * `{field_code, field_price_item, field_price_sum, field_price_sum_special, nid, node_link, childs}`.
 * Read leniently (rule 2): numbers as strings or numbers, `[]` for an empty map, fields
 * missing, null or "", groups without a title, `childs` missing, `[]` or keyed by index.
 * A row or a group that cannot be read is left out; the rest of the list still shows.
 */

/** One line of the price list, in our own words. */
export interface PriceRow {
  /** docs/requirements.md §2: a row with no sum is a title; a leading asterisk marks a subtitle. */
  kind: 'title' | 'subtitle' | 'item';
  code?: string;
  name: string;
  /** Rubles. */
  sum?: number;
  /** The discounted price, only when it is below `sum`. */
  special?: number;
  /** The Drupal node behind the row (the editors' edit link). */
  nid?: number;
  /** The service page of the row, when Drupal links one. */
  url?: string;
  children: PriceRow[];
}

export interface PriceGroup {
  key: string;
  title?: string;
  rows: PriceRow[];
}

/** Nested `childs` deeper than this are left out: no price list needs more, and a hostile payload gets no recursion. */
const MAX_DEPTH = 3;

/** Group separators a sum may come with: spaces, no-break, thin and narrow no-break spaces. */
const GROUPED = /^\d{1,3}(?:[ \u00a0\u2009\u202f]\d{3})+$/;
const PLAIN = /^\d+$/;

/**
 * Rubles from 5000, "5000", "5 000", "5000.00" or "5000,00"; anything else (words, a
 * negative number, "0" for an empty PHP field) is no sum.
 */
export function rublesOf(value: unknown): number | undefined {
  let amount: number;
  if (typeof value === 'number') {
    amount = value;
  } else if (typeof value === 'string') {
    const text = decodeEntities(value).trim();
    const match = /^([\d \u00a0\u2009\u202f]+?)(?:[.,](\d{1,2}))?$/.exec(text);
    const whole = match?.[1]?.trim();
    if (!whole || !(PLAIN.test(whole) || GROUPED.test(whole))) return undefined;
    amount = Number(`${whole.replace(/\D/g, '')}.${match?.[2] ?? '0'}`);
  } else {
    return undefined;
  }
  return Number.isFinite(amount) && amount > 0 ? Math.round(amount * 100) / 100 : undefined;
}

const HREF = /<a\s[^>]*href="([^"]*)"/i;

/** `node_link` as a path or URL, or as Views' rendered `<a href>`; unsafe schemes are dropped. */
function linkOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const link = HREF.exec(value);
  return safeUrl(decodeEntities(link ? link[1]! : value).trim());
}

const RawRowSchema = z.object({
  field_code: optionalText.catch(undefined),
  field_price_item: optionalText.catch(undefined),
  field_price_sum: z.unknown().optional(),
  field_price_sum_special: z.unknown().optional(),
  nid: optionalNumeric.catch(undefined),
  node_link: optionalText.catch(undefined),
  childs: z.unknown().optional(),
});

/** Rows of a `data` or `childs` value: an array, an object keyed by index, or nothing. */
function rowsOf(value: unknown, depth: number): PriceRow[] {
  if (depth > MAX_DEPTH) return [];
  const list = phpList(z.unknown()).safeParse(value);
  return list.success ? list.data.flatMap((raw) => rowOf(raw, depth)) : [];
}

function rowOf(raw: unknown, depth: number): PriceRow[] {
  const parsed = RawRowSchema.safeParse(raw);
  if (!parsed.success) return [];
  const row = parsed.data;
  const children = rowsOf(row.childs, depth + 1);
  const text = row.field_price_item ? htmlToText(row.field_price_item) : '';
  const subtitle = text.startsWith('*');
  const name = subtitle ? text.replace(/^\*+/, '').trim() : text;
  // A row without a name says nothing by itself: its children, if any, take its place.
  if (!name) return children;
  const sum = rublesOf(row.field_price_sum);
  const special = rublesOf(row.field_price_sum_special);
  const kind: PriceRow['kind'] = subtitle ? 'subtitle' : sum === undefined ? 'title' : 'item';
  const nid = row.nid !== undefined && Number.isInteger(row.nid) && row.nid > 0 ? row.nid : undefined;
  const code = row.field_code ? htmlToText(row.field_code) || undefined : undefined;
  return [
    {
      kind,
      ...(code && { code }),
      name,
      ...(kind === 'item' && { sum }),
      // A "special" price at or above the normal one is no discount: only the normal one shows.
      ...(kind === 'item' && special !== undefined && sum !== undefined && special < sum && { special }),
      ...(nid !== undefined && { nid }),
      ...(linkOf(row.node_link) !== undefined && { url: linkOf(row.node_link) }),
      children,
    },
  ];
}

const RawGroupSchema = z.object({ title: optionalText.catch(undefined), data: z.unknown().optional() });

function groupOf(key: string, raw: unknown): PriceGroup[] {
  const parsed = RawGroupSchema.safeParse(raw);
  if (!parsed.success) return [];
  const rows = rowsOf(parsed.data.data, 0);
  if (rows.length === 0) return [];
  const title = parsed.data.title ? htmlToText(parsed.data.title) || undefined : undefined;
  return [{ key, ...(title && { title }), rows }];
}

/** The groups of `data`, an object keyed by group or a list (keyed by index then). */
function groupsOf(data: unknown): PriceGroup[] {
  if (data === null || data === undefined || data === false || data === '') return [];
  if (Array.isArray(data)) return data.flatMap((raw, i) => groupOf(String(i), raw));
  return Object.entries(data as Record<string, unknown>).flatMap(([key, raw]) => groupOf(key, raw));
}

/**
 * The whole answer: `{data: {…}}`, `{data: []}` when nothing is priced, a bare `[]` (a page
 * Drupal does not know), or a bare list of groups. Any other shape is an error of the call,
 * so that a stale copy is served rather than an empty list cached.
 */
export const PriceListSchema = z
  .union([
    z.object({ data: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown()), z.null(), z.literal(false), z.literal('')]) }),
    z.array(z.unknown()),
  ])
  .transform((doc): PriceGroup[] => groupsOf(Array.isArray(doc) ? doc : doc.data));
