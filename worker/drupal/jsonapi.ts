import type { z } from 'zod';
import type { DrupalContext } from './context';
import { decodeJson, type Decoder } from './decode';
import type { ListingRule } from './endpoints';
import { optional } from './optional';
import { OriginError } from '../cache/origin-error';
import { type OriginResponse } from './origin';
import { includesFor, possibleRelationships, relationshipsFromSample, type Relationships } from './relationships';
import type { PathLookup } from './types';

/** One page of a JSON:API collection, as far as walking it needs. */
export interface CollectionPage<T> {
  data: T[];
  links?: { next?: { href: string } };
}

/** JSON:API's largest page. */
export const COUNT_PAGE = 50;

/** A page of a collection asked before its previous page's next link was read (pagesAhead). */
export interface PageAhead {
  offset: number;
  response: Promise<OriginResponse>;
}

const offsetOf = (url: string) => Number(new URL(url).searchParams.get('page[offset]') ?? 0);

/** Enough resources to see each relationship's target at least once, few enough to stay light. */
const RELATIONSHIP_SAMPLE = 3;

/**
 * JSON:API as a protocol: what a resource type has (learned from a sample of it and cached like
 * any payload), what to include of what a caller reads, and a collection walked along Drupal's
 * own next links.
 */
export function jsonapi({ urls, cache, fetch, get }: DrupalContext) {
  /** What a resource type has, learned from a few of its resources and cached like any payload. */
  const sampleUrl = (entityType: string, bundle: string) =>
    urls.jsonapi(`${entityType}/${bundle}`, { 'page[limit]': String(RELATIONSHIP_SAMPLE) });
  const relationshipsOf = (entityType: string, bundle: string): Promise<Relationships | null> =>
    optional(`relationships ${entityType}--${bundle}`, get(sampleUrl(entityType, bundle), decodeRelationships), null);

  /** A listing rule applies only where the bundle has the field; a bundle without it has nothing to filter. */
  const ruleFor = async (bundle: string, rule: ListingRule | undefined): Promise<ListingRule | undefined> =>
    rule && (await relationshipsOf('node', bundle))?.attributes.includes(rule.field) ? rule : undefined;

  /**
   * What to include of what the caller reads (`wanted`, its bundle module's relationship fields).
   * While a type is still being learned (the first visit after a purge) those names are asked at
   * once rather than a round later; a field the type lacks costs JSON:API's 400 and one narrowed
   * retry (fetchIncluding).
   */
  const includesOf = async (entityType: string, bundle: string, wanted: readonly string[]): Promise<string[]> => {
    const url = sampleUrl(entityType, bundle);
    const known = await cache.known(url, async () => decodeRelationships(await fetch(url))).catch(() => undefined);
    return includesFor(known ?? null, wanted);
  };

  /**
   * A document asked with `include`. Should JSON:API still refuse a relationship
   * (a field removed since we learned the type), its 400 lists the ones that
   * exist, and the document is asked again with only those; it is cached under
   * the first URL, so the next visit asks nothing.
   */
  const fetchIncluding = async (build: (include: readonly string[]) => string, include: readonly string[]): Promise<OriginResponse> => {
    const response = await fetch(build(include));
    if (response.status !== 400 || include.length === 0) return response;
    const possible = possibleRelationships(response.body);
    if (!possible) return response;
    console.warn(`JSON:API: нет связей ${include.filter((name) => !possible.includes(name)).join(', ')}; запрошено без них`);
    return fetch(build(include.filter((name) => possible.includes(name))));
  };

  const getIncluding = <T>(build: (include: readonly string[]) => string, include: readonly string[], decode: Decoder<T>) =>
    cache.get(build(include), async () => decode(await fetchIncluding(build, include)));

  /**
   * The `count` pages after a collection's first, asked at once beside it by their offsets, so that a long collection
   * costs one round rather than one a page; pagesOf takes each where Drupal's next link names its offset, and asks
   * the link itself where it does not (another page size) or where the early answer is no page (the first was refused
   * and asked again otherwise). Those past the end are small empty answers.
   */
  const pagesAhead = (firstUrl: string, count: number): PageAhead[] =>
    Array.from({ length: count }, (_, i) => {
      const offset = (i + 1) * COUNT_PAGE;
      const url = new URL(firstUrl);
      url.searchParams.set('page[offset]', String(offset));
      const response = fetch(url.toString());
      response.catch(() => undefined);
      return { offset, response };
    });

  /** A collection's pages from its first on, following Drupal's own next links (50 a request), up to `max` items. */
  const pagesOf = async <P extends CollectionPage<unknown>>(
    what: string,
    first: P,
    schema: z.ZodType<P>,
    max: number,
    ahead: readonly PageAhead[] = [],
  ): Promise<P[]> => {
    const pages = [first];
    let doc = first;
    for (let n = 1; doc.links?.next && n < max / COUNT_PAGE; n++) {
      const next = urls.individual(doc.links.next.href, []);
      const early = ahead.find((page) => page.offset === offsetOf(next));
      const answered = early ? await early.response.catch(() => undefined) : undefined;
      doc = (await decodeJson(what, schema)(answered?.status === 200 ? answered : await fetch(next))).value;
      pages.push(doc);
    }
    return pages;
  };

  /** A collection's items from its first page on, up to `max` (see pagesOf). */
  const walk = async <T>(what: string, first: CollectionPage<T>, schema: z.ZodType<CollectionPage<T>>, max: number): Promise<T[]> =>
    (await pagesOf(what, first, schema, max)).flatMap((page) => page.data);

  /** An entity's own address, with `include`. */
  const entityUrl = (lookup: Extract<PathLookup, { kind: 'entity' }>) => (include: readonly string[]) =>
    lookup.individual
      ? urls.individual(lookup.individual, include)
      : urls.jsonapi(`${lookup.entityType}/${lookup.bundle}/${lookup.uuid}`, include.length ? { include: include.join(',') } : {});

  return { relationshipsOf, ruleFor, includesOf, fetchIncluding, getIncluding, pagesAhead, pagesOf, walk, entityUrl };
}

export type JsonApi = ReturnType<typeof jsonapi>;

const decodeRelationships: Decoder<Relationships | null> = ({ status, body }) => {
  // A type Drupal will not list to us: nothing learned, the bundle module's wanted fields are asked for.
  if (status === 403 || status === 404) return { value: null, negative: true };
  if (status !== 200) throw new OriginError(`relationships: Drupal ответил ${status}`, status);
  const learned = relationshipsFromSample(body);
  if (!learned) throw new OriginError('relationships: неожиданный ответ Drupal', 200, { unhealthy: false });
  // No resource to learn from: nothing known yet (a type with content later is learned then).
  return learned.names.length === 0 ? { value: null, negative: true } : { value: learned };
};
