import { z } from 'zod';
import { pageKey } from '../stock/page-key';
import { safeUrl } from '../safe-url';
import type { CollectionDocument, Resource } from './jsonapi';
import { nodeStatus, optionalNumeric, optionalText } from './lenient';
import { rublesOf, type PriceRow } from './price';

/*
 * The stock model's price list (docs/drupal.md, "The stock model"): JSON:API's `node--price`
 * resources with their `field_price_group` term (`taxonomy_term--price_groups`) and their
 * `field_services` nodes in `included`. Read leniently (rule 2): numbers as strings, a text field's
 * `{value}` object where a plain string is meant, any field missing. A row without a name is left out.
 */

/** A row of the whole list, with the pages of the services it shows on (compared by pageKey). */
export interface StockPriceRow extends PriceRow {
  services: string[];
}

export interface StockPriceGroup {
  key: string;
  title?: string;
  rows: StockPriceRow[];
}

/** A plain value, or the `value` of the object a formatted or typed field comes as. */
const plain = z
  .unknown()
  .transform((value) => (typeof value === 'object' && value !== null && !Array.isArray(value) && 'value' in value ? value.value : value));

const PriceAttributes = z.object({
  title: plain.pipe(optionalText).catch(undefined),
  status: nodeStatus,
  field_price_sum: plain.optional(),
  field_price_sum_special: plain.optional(),
  field_code: plain.pipe(optionalText).catch(undefined),
  field_weight: plain.pipe(optionalNumeric).catch(undefined),
});

const TermAttributes = z.object({
  name: plain.pipe(optionalText).catch(undefined),
  weight: plain.pipe(optionalNumeric).catch(undefined),
});

const ServiceAttributes = z.object({
  drupal_internal__nid: optionalNumeric.catch(undefined),
  path: z
    .object({ alias: optionalText.catch(undefined) })
    .partial()
    .nullish()
    .catch(undefined),
});

/** The ids a relationship names, in its order; none when the field is missing or empty. */
function targets(resource: Resource, field: string): string[] {
  const data = resource.relationships?.[field]?.data;
  return data ? [data].flat().map((identifier) => identifier.id) : [];
}

interface Service {
  nid?: number;
  url?: string;
  key?: string;
}

function serviceOf(resource: Resource): Service {
  const attributes = ServiceAttributes.safeParse(resource.attributes);
  const alias = attributes.success ? attributes.data.path?.alias : undefined;
  const nid = attributes.success ? attributes.data.drupal_internal__nid : undefined;
  return {
    ...(nid !== undefined && Number.isInteger(nid) && nid > 0 && { nid }),
    ...(safeUrl(alias) !== undefined && { url: safeUrl(alias) }),
    ...(pageKey(alias) !== undefined && { key: pageKey(alias) }),
  };
}

interface Sorted {
  weight: number;
  title: string;
}

const byWeightThenTitle = (a: Sorted, b: Sorted) => a.weight - b.weight || a.title.localeCompare(b.title, 'ru');

/** One row, and where it sorts within its group; none for a draft or a row without a name. */
function rowOf(resource: Resource, services: ReadonlyMap<string, Service>): (Sorted & { row: StockPriceRow }) | undefined {
  const parsed = PriceAttributes.safeParse(resource.attributes);
  if (!parsed.success || !parsed.data.status) return undefined;
  const { title = '', field_price_sum, field_price_sum_special, field_code, field_weight } = parsed.data;
  const text = title.trim();
  const subtitle = text.startsWith('*');
  const name = subtitle ? text.replace(/^\*+/, '').trim() : text;
  if (!name) return undefined;
  const sum = rublesOf(field_price_sum);
  const special = rublesOf(field_price_sum_special);
  const kind: PriceRow['kind'] = subtitle ? 'subtitle' : sum === undefined ? 'title' : 'item';
  // The services JSON:API included (those the API account may see), in the field's order: the first is the row's page.
  const linked = targets(resource, 'field_services').flatMap((id) => services.get(id) ?? []);
  // A subtitle names services only to show on their pages: it links nowhere, as in the clinic's list.
  const first = subtitle ? undefined : linked[0];
  const code = field_code?.trim();
  const row: StockPriceRow = {
    kind,
    ...(code && { code }),
    name,
    ...(kind === 'item' && { sum }),
    // A "special" price at or above the normal one is no discount (as the clinic's list reads it, price.ts).
    ...(kind === 'item' && special !== undefined && sum !== undefined && special < sum && { special }),
    ...(first?.nid !== undefined && { nid: first.nid }),
    ...(first?.url !== undefined && { url: first.url }),
    children: [],
    services: [...new Set(linked.flatMap((service) => (service.key ? [service.key] : [])))],
  };
  return { weight: field_weight ?? 0, title: name, row };
}

/** The key of the group of rows without a term, shown last and without a title. */
export const UNGROUPED = 'ungrouped';

/**
 * The groups of every page of the collection: by term (its weight, then its name), rows by
 * `field_weight` then title; rows without a term (or whose term is not included) in one group last.
 */
export function stockPriceGroups(pages: readonly CollectionDocument[]): StockPriceGroup[] {
  const included = pages.flatMap((page) => page.included ?? []);
  const services = new Map(included.filter((r) => r.type.startsWith('node--')).map((r) => [r.id, serviceOf(r)]));
  const terms = new Map(
    included
      .filter((r) => r.type.startsWith('taxonomy_term--'))
      .flatMap((r) => {
        const attributes = TermAttributes.safeParse(r.attributes);
        return attributes.success
          ? [[r.id, { weight: attributes.data.weight ?? 0, title: attributes.data.name?.trim() ?? '' }] as const]
          : [];
      }),
  );
  const groups = new Map<string, (Sorted & { row: StockPriceRow })[]>();
  for (const resource of pages.flatMap((page) => page.data)) {
    const row = rowOf(resource, services);
    if (!row) continue;
    const term = targets(resource, 'field_price_group').find((id) => terms.has(id));
    const key = term ?? UNGROUPED;
    const rows = groups.get(key) ?? [];
    rows.push(row);
    groups.set(key, rows);
  }
  return [...groups]
    .map(([key, rows]) => ({ key, term: terms.get(key), rows: rows.sort(byWeightThenTitle).map(({ row }) => row) }))
    .sort((a, b) => (!a.term || !b.term ? (a.term ? -1 : b.term ? 1 : 0) : byWeightThenTitle(a.term, b.term)))
    .map(({ key, term, rows }) => ({ key, ...(term?.title && { title: term.title }), rows }));
}
