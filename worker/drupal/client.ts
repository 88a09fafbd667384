import { z } from 'zod';
import type { KvCache, Loaded } from '../cache/kv-cache';
import { decodeJson, parse, type Decoder } from './decode';
import {
  endpoints,
  MAX_LIST_ITEMS,
  pathScoped,
  type CollectionQuery,
  type ListingRule,
  type MenuName,
  type OtherList,
  type ServiceList,
} from './endpoints';
import { linkFieldOf } from './link-field';
import { isPublished, toNodeData } from './map-node';
import { optional } from './optional';
import { fetchFromOrigin, OriginError, postToOrigin, type OriginOptions, type OriginResponse } from './origin';
import { RobotsNoindexSchema } from './schemas/robots';
import { webformFieldsOf, type ParsedWebform } from './schemas/webform';
import { includesFor, possibleRelationships, relationshipsFromSample, relationshipTo, type Relationships } from './relationships';
import { sanitizeHtml } from './sanitize-html';
import { BreadcrumbSchema } from './schemas/breadcrumb';
import { BlockCollectionSchema, BlockListSchema, BlockContentSchema, blockContentRef } from './schemas/blocks';
import { CollectionDocumentSchema, IndividualDocumentSchema } from './schemas/jsonapi';
import { MenuSchema, ServicesMenuSchema } from './schemas/menu';
import { MetatagSchema } from './schemas/metatag';
import { OtherListSchema } from './schemas/other-list';
import { RedirectLookupSchema } from './schemas/redirect';
import { SearchResultsSchema } from './schemas/search';
import { PriceListSchema, type PriceGroup } from './schemas/price';
import { TranslatePathSchema } from './schemas/translate-path';
import { nodeStatus, numeric, optionalNumeric } from './schemas/lenient';
import { rowsOf, sectionOf } from './schemas/view-rows';
import type {
  Block,
  Crumb,
  HeadData,
  HomeSlide,
  MenuItem,
  NodeData,
  NodeLink,
  NodeList,
  NodePath,
  PathLookup,
  RedirectHop,
  SearchResult,
  Teaser,
  ViewRow,
} from './types';

/** A path's lookup that found an entity. */
export type EntityLookup = Extract<PathLookup, { kind: 'entity' }>;

export interface DrupalClient {
  translatePath(path: string): Promise<PathLookup>;
  /**
   * The entity `path` resolved to when Drupal was last asked, from the cache however old or
   * purged, without a call: a guess a page may start its round on while the path's lookups are
   * asked again (after a purge, in an editor's view), kept only if they name the same entity.
   * None for a path that redirected then.
   */
  pathBefore(path: string): Promise<EntityLookup | undefined>;
  redirect(path: string): Promise<RedirectHop | null>;
  /** `keep`: whether the answer may be cached, once the page knows its node is public (a draft's title must not be). */
  metatags(page: string, keep?: Promise<boolean>): Promise<HeadData>;
  breadcrumb(page: string, keep?: Promise<boolean>): Promise<Crumb[]>;
  /**
   * The blocks Drupal placed on a page. `landing` is known from the placement list
   * alone (no block at all: a landing page); the blocks' bodies, one call each,
   * follow in `items`, so that choosing the layout never waits for them.
   */
  blocks(page: string): Promise<{ items: Promise<Block[]>; landing: boolean }>;
  menu(name: MenuName): Promise<MenuItem[]>;
  servicesMenu(): Promise<MenuItem[]>;
  /**
   * The entity a path resolved to, with the relationships `include` names where its type has them;
   * null when Drupal no longer has it or hides it. `sent` settles once its request is on its way to
   * Drupal (or it was answered without one), so that a page can send its other calls after the one
   * its first byte waits for.
   */
  entity(lookup: EntityLookup, include?: readonly string[]): { node: Promise<NodeData | null>; sent: Promise<void> };
  /**
   * `query.include`: the relationships the caller reads, asked where the bundle has them. A bundle
   * Drupal does not have answers an empty list with `absent` (JSON:API's 404, whatever its body).
   */
  nodes(bundle: string, query: CollectionQuery): Promise<NodeList>;
  /**
   * The node bundles this Drupal's JSON:API has (its entry point's resource types), so that
   * the site never links to a listing of a bundle Drupal lacks; null when the entry point
   * cannot say (then every bundle is assumed to be there).
   */
  nodeBundles(): Promise<ReadonlySet<string> | null>;
  /** How many nodes a listing has: Drupal's count when it sends one, else its ids walked (at most MAX_LIST_ITEMS). */
  countNodes(bundle: string, query: Pick<CollectionQuery, 'rule' | 'filters'>): Promise<number>;
  /**
   * Every published node of `bundle` with an alias (the sitemap): its path, and its
   * `changed` (else `created`) day as YYYY-MM-DD when Drupal sends one. A bundle
   * Drupal does not have gives []; at most MAX_PATHS nodes.
   */
  nodePaths(bundle: string): Promise<NodePath[]>;
  nodeByNid(bundle: string, nid: number, include?: readonly string[]): Promise<NodeData | null>;
  /**
   * Nodes of `bundle` that reference the term (the services of a section), through
   * whichever field of the bundle Drupal shows pointing at the term's vocabulary;
   * null when the bundle has no such field.
   */
  nodesOfTerm(
    bundle: string,
    term: { vocabulary: string; uuid: string },
    limit: number,
    include?: readonly string[],
  ): Promise<NodeList | null>;
  search(keys: string): Promise<SearchResult[]>;
  /** A webform's fields for the popup (docs/requirements.md §4, §5); null when Drupal has no such form. Cached like any payload. */
  webform(id: string): Promise<ParsedWebform | null>;
  /** Posts a submission to webform_rest (never cached): Drupal's answer as it came, or OriginError when Drupal is not there. */
  submitWebform(body: Record<string, unknown>, referer?: string): Promise<OriginResponse>;
  /**
   * Uploads a file for a webform's file field through the upload resource a patched
   * webform_rest has: Drupal's answer (the file entity with its fid) as it came; null
   * when Drupal has no such resource (its 404/405, remembered for a day).
   */
  uploadWebformFile(id: string, field: string, file: { name: string; bytes: ArrayBuffer }): Promise<OriginResponse | null>;
  /** docs/requirements.md §2 "Price list": every group for "/price.html", only a service's rows for its path. */
  priceList(page: string): Promise<PriceGroup[]>;
  /** docs/requirements.md §2: the home page's main slider, sticky slides first, then the newest. */
  homeSlides(limit: number): Promise<HomeSlide[]>;
  /** docs/requirements.md §7: the newest doctors, news, promotions or press mentions other than node `nid`; `bundle`: the one the list shows. */
  otherList(list: OtherList, nid: number, bundle: string): Promise<Teaser[]>;
  /** docs/requirements.md §7: one of a service's lists (its doctors, promotions, reviews, Q&A…); `bundle`: the one the list shows. */
  serviceRows(list: ServiceList, nid: number, bundle: string): Promise<ViewRow[]>;
  doctorFeedback(nid: number): Promise<ViewRow[]>;
  /** docs/requirements.md §7: an article's author (a doctor) and the service it is about. */
  articleAuthor(nid: number): Promise<ViewRow[]>;
  articleService(nid: number): Promise<ViewRow[]>;
  licenseImages(): Promise<ViewRow[]>;
  /** A service's child services (services_childs). */
  serviceChildren(page: string): Promise<ViewRow[]>;
  /** The module's next items after a page (next_cycle_links), for a block Drupal placed; links without an address are left out. */
  nextLinks(page: string): Promise<NodeLink[]>;
  /** The other services of a service's section, and the section (services_subtree). */
  serviceSection(page: string): Promise<{ items: ViewRow[]; title?: string; url?: string }>;
  /** Removes every cached payload that was requested for one page path. */
  purgePath(path: string): Promise<void>;
  purgeAll(): Promise<number>;
  /** Makes every cached payload that shows any of `tags` (node:12, node_list:news) refetch on its next read. */
  purgeTags(tags: readonly string[]): Promise<void>;
}

export interface DrupalClientOptions extends OriginOptions {
  baseUrl: string;
  cache: KvCache;
  /**
   * An editor's own uncached client: a draft's page is shown. Any other client treats a draft
   * as absent, even when Drupal shows it (an API account that may view unpublished content),
   * so that no visitor and no cached payload ever gets one.
   */
  drafts?: boolean;
  /** Where `pathBefore` looks: this client's cache unless given (an editor's uncached client looks in the shared one). */
  guesses?: Pick<KvCache, 'lastKnown'>;
}

export function createDrupalClient({ baseUrl, cache, drafts = false, guesses = cache, ...origin }: DrupalClientOptions): DrupalClient {
  const urls = endpoints(baseUrl);
  const get = <T>(url: string, decode: Decoder<T>, keep?: Promise<boolean>) =>
    cache.get(url, async () => decode(await fetchFromOrigin(url, origin)), keep);

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
    const known = await cache.known(url, async () => decodeRelationships(await fetchFromOrigin(url, origin))).catch(() => undefined);
    return includesFor(known ?? null, wanted);
  };

  /**
   * A document asked with `include`. Should JSON:API still refuse a relationship
   * (a field removed since we learned the type), its 400 lists the ones that
   * exist, and the document is asked again with only those; it is cached under
   * the first URL, so the next visit asks nothing.
   */
  const fetchIncluding = async (build: (include: readonly string[]) => string, include: readonly string[]): Promise<OriginResponse> => {
    const response = await fetchFromOrigin(build(include), origin);
    if (response.status !== 400 || include.length === 0) return response;
    const possible = possibleRelationships(response.body);
    if (!possible) return response;
    console.warn(`JSON:API: нет связей ${include.filter((name) => !possible.includes(name)).join(', ')}; запрошено без них`);
    return fetchFromOrigin(build(include.filter((name) => possible.includes(name))), origin);
  };

  /** A collection's pages from its first on, following Drupal's own next links (50 a request), up to `max` items. */
  const pagesOf = async <P extends CollectionPage<unknown>>(what: string, first: P, schema: z.ZodType<P>, max: number): Promise<P[]> => {
    const pages = [first];
    let doc = first;
    for (let n = 1; doc.links?.next && n < max / COUNT_PAGE; n++) {
      doc = (await decodeJson(what, schema)(await fetchFromOrigin(urls.individual(doc.links.next.href, []), origin))).value;
      pages.push(doc);
    }
    return pages;
  };

  /** A collection's items from its first page on, up to `max` (see pagesOf). */
  const walk = async <T>(what: string, first: CollectionPage<T>, schema: z.ZodType<CollectionPage<T>>, max: number): Promise<T[]> =>
    (await pagesOf(what, first, schema, max)).flatMap((page) => page.data);

  /**
   * Every custom block of a bundle as one payload (uuid → sanitised body, null for none), tagged
   * block_content so that any block's save refetches it: the same for every page, so one call per
   * purge rather than one per block and page, and asked beside a page's placements.
   */
  const blockBodies = (bundle: string) =>
    get(
      urls.jsonapi(`block_content/${bundle}`, { [`fields[block_content--${bundle}]`]: 'body', 'page[limit]': String(COUNT_PAGE) }),
      async (response): Promise<Loaded<Record<string, string | null>>> => {
        // A bundle Drupal will not list to us: each block is asked alone, as before.
        if (response.status === 404 || response.status === 403) return { value: {}, negative: true, tags: ['block_content'] };
        const first = (await decodeJson(`blocks ${bundle}`, BlockCollectionSchema)(response)).value;
        const resources = await walk(`blocks ${bundle}`, first, BlockCollectionSchema, MAX_BLOCKS);
        const value: Record<string, string | null> = {};
        for (const resource of resources) if (resource) value[resource.uuid] = resource.html ? await sanitizeHtml(resource.html) : null;
        return { value, tags: ['block_content'] };
      },
    );

  const getIncluding = <T>(build: (include: readonly string[]) => string, include: readonly string[], decode: Decoder<T>) =>
    cache.get(build(include), async () => decode(await fetchIncluding(build, include)));

  /**
   * Whether Drupal answers at all right now: its JSON:API entry point, asked past the cache.
   * Anything but a 5xx or no answer says that Drupal itself is up.
   */
  const drupalAnswers = () =>
    fetchFromOrigin(urls.entryPoint(), origin).then(
      ({ status }) => status < 500,
      () => false,
    );

  /**
   * A call about one path that Drupal answered with its 500 (an exception while answering it) while it
   * answers other calls is that path's problem, not an outage (docs/drupal.md, "One path's error"):
   * decoupled_router throws for a config entity without a canonical page, such as search's `/search`.
   * The path gets `answer` as a briefly cached negative, which the circuit breaker counts as an answer;
   * the log names the endpoint once per fetch. A 502, 503 or 504 (Drupal or its gateway unavailable), a
   * Drupal that answers its entry point with a 5xx too, or one that does not answer, is an outage, as before.
   */
  const onePathOnly = async <T>(what: string, url: string, load: () => Promise<Loaded<T>>, answer: T): Promise<Loaded<T>> => {
    try {
      return await load();
    } catch (error) {
      if (!(error instanceof OriginError) || error.status !== 500 || !(await drupalAnswers())) throw error;
      console.warn(`${what}: Drupal ответил ${error.status} только на этот путь (${url}); страница не найдена`);
      return { value: answer, negative: true };
    }
  };

  const decodeEntity =
    (lookup: Extract<PathLookup, { kind: 'entity' }>): Decoder<NodeData | null> =>
    async (response) => {
      if (response.status === 404 || response.status === 403) return { value: null, negative: true };
      const doc = (await decodeJson(`${lookup.entityType} ${lookup.bundle}`, IndividualDocumentSchema)(response)).value;
      // Checked before anything of it is read: a draft becomes a negative answer, so no cached payload holds
      // its content, and its tag lets the publication (the `next` module's purge) reach it.
      if (!drafts && !isPublished(doc.data)) return { value: null, negative: true, tags: [`${lookup.entityType}:${lookup.id}`] };
      const node = await toNodeData(doc.data, doc.included);
      return { value: node, tags: [`${lookup.entityType}:${lookup.id}`, ...nodeTags(Object.values(node.links).flat())] };
    };

  const entityUrl = (lookup: Extract<PathLookup, { kind: 'entity' }>) => (include: readonly string[]) =>
    lookup.individual
      ? urls.individual(lookup.individual, include)
      : urls.jsonapi(`${lookup.entityType}/${lookup.bundle}/${lookup.uuid}`, include.length ? { include: include.join(',') } : {});

  const client: DrupalClient = {
    translatePath: (path) => {
      const url = urls.translatePath(path);
      const decode = tagged(decodeTranslatePath, (lookup) => (lookup.kind === 'entity' ? [`${lookup.entityType}:${lookup.id}`] : []));
      return cache.get(url, () =>
        onePathOnly('translate-path', url, async () => decode(await fetchFromOrigin(url, origin)), { kind: 'not-found' }),
      );
    },

    pathBefore: async (path) => {
      const before = await guesses.lastKnown<PathLookup>(urls.translatePath(path)).catch(() => undefined);
      return before?.kind === 'entity' && typeof before.uuid === 'string' && before.redirects.length === 0 ? before : undefined;
    },

    redirect: (path) => get(urls.redirect(path), decodeJson('redirect', RedirectLookupSchema, { notFound: null })),

    metatags: (page, keep) => get(urls.metatags(page), decodeJson('metatag', MetatagSchema, { notFound: { tags: [] } }), keep),

    breadcrumb: (page, keep) => get(urls.breadcrumb(page), decodeJson('breadcrumb', BreadcrumbSchema, { notFound: [] }), keep),

    async blocks(page) {
      // The bodies of the bundles placed before are asked beside the list (after it: the layout waits for the list)
      // rather than a round after it.
      const bodies = new Map<string, Promise<Readonly<Record<string, string | null>>>>();
      const bodiesOf = (bundle: string) => {
        let found = bodies.get(bundle);
        if (!found) bodies.set(bundle, (found = optional(`blocks ${bundle}`, blockBodies(bundle), {})));
        return found;
      };
      const list = get(urls.blocks(page), decodeJson('blocks', BlockListSchema, { notFound: { placements: [], landing: false } }));
      for (const bundle of placedBundles) void bodiesOf(bundle);
      const { placements, landing } = await list;
      // One block that fails to load is left out; the others still show.
      const contents = Promise.all(
        placements.map((p): Promise<Block | null> => {
          const block = { id: p.id, region: p.region, label: p.label, labelVisible: p.labelVisible, weight: p.weight };
          if (p.source.kind === 'next-links') {
            // Asked only where Drupal placed the block; an empty list is no block.
            const links = optional(`block ${p.id}`, client.nextLinks(page), []);
            return links.then((found) => (found.length > 0 ? { ...block, html: '', links: found } : null));
          }
          const path = p.source.path;
          const one = () =>
            optional(
              `block ${p.id}`,
              get(
                urls.jsonapi(path),
                tagged(decodeBlockContent(`block ${p.id}`), () => ['block_content']),
              ),
              null,
            );
          const ref = blockContentRef(path);
          if (ref) placedBundles.add(ref.bundle);
          // A block its bundle's payload lacks (one Drupal would not list to us, or newer than the payload) is asked alone.
          const html = ref ? bodiesOf(ref.bundle).then((all) => (Object.hasOwn(all, ref.uuid) ? (all[ref.uuid] ?? null) : one())) : one();
          return html.then((found) => (found ? { ...block, html: found } : null));
        }),
      );
      const items = contents.then((blocks) => blocks.filter((block): block is Block => block !== null));
      return { items, landing };
    },

    menu: (name) =>
      get(
        urls.menu(name),
        tagged(decodeJson(`menu ${name}`, MenuSchema, { notFound: [] }), () => [`menu:${name}`]),
      ),

    servicesMenu: () =>
      get(
        urls.servicesMenu(),
        tagged(decodeJson('services menu', ServicesMenuSchema, { notFound: [] }), () => ['menu:services', 'node_list:services']),
      ),

    entity: (lookup, wanted = []) => {
      let settleSent: () => void = () => {};
      const sent = new Promise<void>((resolve) => (settleSent = resolve));
      const node = (async () => {
        const build = entityUrl(lookup);
        const include = await includesOf(lookup.entityType, lookup.bundle, wanted);
        // Kept under the address without `include`: what is included follows what is learned of the type, and a
        // purge of the path (purgePath) names the entity without knowing what its page reads.
        const url = build([]);
        try {
          return await cache.get(url, () =>
            onePathOnly(
              `${lookup.entityType} ${lookup.bundle}`,
              url,
              async () => {
                const response = fetchIncluding(build, include);
                settleSent();
                return decodeEntity(lookup)(await response);
              },
              null,
            ),
          );
        } finally {
          settleSent();
        }
      })();
      return { node, sent };
    },

    nodes: async (bundle, query) => {
      const [include, rule] = await Promise.all([includesOf('node', bundle, query.include ?? []), ruleFor(bundle, query.rule)]);
      // JSON:API gives at most 50 a request: a longer list is asked 50 at a time along Drupal's next links.
      const walked = query.limit !== undefined && query.limit > COUNT_PAGE;
      const build = (chosen: readonly string[]) =>
        urls.collection(bundle, { ...query, rule, include: chosen, ...(walked ? { limit: COUNT_PAGE } : {}) });
      const decode = async (response: OriginResponse): Promise<Loaded<NodeList>> => {
        // JSON:API's 404 for a resource type it does not have is Drupal's HTML page, not an error document.
        if (response.status === 404) return { value: { items: [], hasNext: false, absent: true }, negative: true, tags: listTags(bundle) };
        const first = (await decodeJson(`list ${bundle}`, CollectionDocumentSchema)(response)).value;
        const pages = walked ? await pagesOf(`list ${bundle}`, first, CollectionDocumentSchema, query.limit ?? COUNT_PAGE) : [first];
        const resources = pages.flatMap((doc) => doc.data.map((resource) => ({ resource, included: doc.included })));
        // The query asks for published nodes only; a draft that still comes (a Drupal that ignores the filter) is left out.
        const items = await Promise.all(
          resources.filter(({ resource }) => isPublished(resource)).map(({ resource, included }) => toNodeData(resource, included)),
        );
        return {
          value: { items, hasNext: Boolean(pages.at(-1)?.links?.next), total: first.meta?.count },
          tags: [
            ...listTags(bundle),
            ...resources.flatMap(({ resource: r }) => nodeTags([{ nid: numeric.catch(0).parse(r.attributes.drupal_internal__nid) }])),
          ],
        };
      };
      if (!walked) return getIncluding(build, include, decode);
      // The whole walk is one payload, kept under the URL as asked (a page[limit] Drupal would cap).
      return cache.get(urls.collection(bundle, { ...query, rule, include }), async () => decode(await fetchIncluding(build, include)));
    },

    async countNodes(bundle, query) {
      const rule = await ruleFor(bundle, query.rule);
      const first = urls.collection(bundle, { ...query, rule, fields: ['drupal_internal__nid', 'status'], limit: COUNT_PAGE, offset: 0 });
      return get(first, async (response) => {
        // A bundle Drupal does not have counts nothing.
        if (response.status === 404) return { value: 0, negative: true, tags: listTags(bundle) };
        const doc = (await decodeJson(`count ${bundle}`, CollectionDocumentSchema)(response)).value;
        if (doc.meta?.count !== undefined) return { value: doc.meta.count, tags: listTags(bundle) };
        // Core JSON:API does not count: the ids are walked, no further than a listing ever shows; drafts are not counted.
        const ids = await walk(`count ${bundle}`, doc, CollectionDocumentSchema, MAX_LIST_ITEMS);
        return { value: ids.filter(isPublished).length, tags: listTags(bundle) };
      });
    },

    async nodePaths(bundle) {
      const first = urls.collection(bundle, {
        fields: ['path', 'changed', 'created', 'drupal_internal__nid', 'status', 'metatag'],
        limit: COUNT_PAGE,
      });
      return get(first, async (response) => {
        // Another clinic's Drupal may not have the bundle: nothing of it to list, asked again after a while.
        if (response.status === 404 || response.status === 403) {
          console.warn(`nodes ${bundle}: Drupal ответил ${response.status}, тип пропущен`);
          return { value: [], negative: true };
        }
        const doc = (await decodeJson(`nodes ${bundle}`, NodePathsSchema)(response)).value;
        // No further than a sitemap file holds.
        const paths = await walk(`nodes ${bundle}`, doc, NodePathsSchema, MAX_PATHS);
        return { value: paths.flatMap((node) => (node ? [node] : [])), tags: listTags(bundle) };
      });
    },

    nodeBundles: () =>
      optional(
        'JSON:API entry point',
        get(urls.entryPoint(), async (response) => {
          const { links } = (await decodeJson('JSON:API entry point', EntryPointSchema)(response)).value;
          const bundles = Object.keys(links).flatMap((name) => (name.startsWith('node--') ? [name.slice('node--'.length)] : []));
          // Any bundle's creation or removal changes it; node types are config.
          return { value: bundles, tags: ['config:node_type_list'] };
        }),
        null,
      ).then((bundles) => (bundles ? new Set(bundles) : null)),

    async nodeByNid(bundle, nid, include) {
      const list = await client.nodes(bundle, { filters: { drupal_internal__nid: nid }, limit: 1, include });
      return list.items[0] ?? null;
    },

    async nodesOfTerm(bundle, term, limit, include) {
      const field = relationshipTo(await relationshipsOf('node', bundle), `taxonomy_term--${term.vocabulary}`);
      if (!field) return null;
      return client.nodes(bundle, { filters: { [`${field}.id`]: term.uuid }, sort: 'title', limit, include });
    },

    search: (keys) => get(urls.search(keys), decodeJson('search', SearchResultsSchema, { notFound: [] })),

    webform: (id) =>
      get(urls.webformFields(id), async ({ status, body }): Promise<{ value: ParsedWebform | null; negative?: boolean }> => {
        if (status === 404 || status === 403) return { value: null, negative: true };
        if (status !== 200) throw new OriginError(`webform ${id}: Drupal ответил ${status}`, status);
        const parsed = webformFieldsOf(body, id);
        if (!parsed) throw new OriginError(`webform ${id}: неожиданный ответ Drupal`, 200, { unhealthy: false });
        // Markup from the form's editor, sanitised once, before it is cached.
        for (const field of parsed.fields) if (field.html) field.html = await sanitizeHtml(field.html);
        return { value: parsed };
      }),

    // webform records the submission's page (its `uri`) from the Referer.
    submitWebform: (body, referer) =>
      postToOrigin(urls.webformSubmit(), JSON.stringify(body), 'application/json', origin, referer ? { Referer: referer } : {}),

    async uploadWebformFile(id, field, file) {
      // Whether Drupal has the resource is one fact for the whole site, kept under the route's pattern.
      const resource = urls.webformUpload('{webform_id}', '{field_name}');
      if ((await cache.recall<boolean>(resource)) === false) return null;
      const response = await postToOrigin(urls.webformUpload(id, field), file.bytes, 'application/octet-stream', origin, {
        'Content-Disposition': `file; filename="${literalFileName(file.name)}"`,
      });
      if (response.status !== 404 && response.status !== 405) return response;
      await cache
        .remember(resource, false, NO_UPLOAD_RESOURCE_SECONDS)
        .catch((error: unknown) =>
          console.warn('KV: не удалось запомнить, что загрузки файлов нет', error instanceof Error ? error.message : error),
        );
      return null;
    },

    priceList: (page) =>
      get(
        urls.priceList(page),
        tagged(decodeJson('price list', PriceListSchema, { notFound: [] }), () => ['price_list', ...listTags('services')]),
      ),

    homeSlides: async (limit) =>
      getIncluding(
        (include) => urls.collection('sliders', { include, sort: '-sticky,-created', limit }),
        await includesOf('node', 'sliders', SLIDE_RELATIONSHIPS),
        async (response): Promise<Loaded<HomeSlide[]>> => {
          const doc = (await decodeJson('home slides', CollectionDocumentSchema)(response)).value;
          const slides = await Promise.all(
            doc.data.filter(isPublished).map(async (resource): Promise<HomeSlide[]> => {
              const node = await toNodeData(resource, doc.included);
              const image = node.images.field_photo3?.[0];
              // The slider is photographs: a slide without its picture is left out.
              if (!image) return [];
              const link = linkFieldOf(resource.attributes);
              return [
                {
                  uuid: node.uuid,
                  title: node.title,
                  bodyHtml: node.body?.html,
                  image,
                  mobileImage: node.images.field_photos_mobile?.[0],
                  link,
                },
              ];
            }),
          );
          return { value: slides.flat(), tags: listTags('sliders') };
        },
      ),

    otherList: (list, nid, bundle) =>
      get(
        urls.otherList(list, nid),
        tagged(decodeJson(`other ${list}`, OtherListSchema, { notFound: [] }), (teasers) => [...listTags(bundle), ...nodeTags(teasers)]),
      ),

    serviceRows: (list, nid, bundle) =>
      get(
        urls.serviceList(list, nid),
        tagged(decodeRows(`service ${list}`), (rows) => [`node:${nid}`, ...listTags(bundle), ...nodeTags(rows)]),
      ),
    doctorFeedback: (nid) =>
      get(
        urls.doctorFeedback(nid),
        tagged(decodeRows('doctor feedback'), (rows) => [`node:${nid}`, ...listTags('reviews'), ...nodeTags(rows)]),
      ),
    articleAuthor: (nid) =>
      get(
        urls.articleAuthor(nid),
        tagged(decodeRows('article author'), (rows) => [`node:${nid}`, ...nodeTags(rows)]),
      ),
    articleService: (nid) =>
      get(
        urls.articleService(nid),
        tagged(decodeRows('article service'), (rows) => [`node:${nid}`, ...nodeTags(rows)]),
      ),
    licenseImages: () =>
      get(
        urls.licenseImages(),
        tagged(decodeRows('license images'), (rows) => [...listTags('gallery'), ...nodeTags(rows)]),
      ),
    serviceChildren: (page) =>
      get(urls.servicesChilds(page), async (response) => {
        const { value, negative } = await decodeRaw('services childs')(response);
        const items = (await sectionOf(value)).items;
        return { value: items, negative, tags: [...listTags('services'), ...nodeTags(items)] };
      }),
    nextLinks: (page) =>
      get(urls.nextCycleLinks(page), async (response) => {
        const { value, negative } = await decodeRaw('next cycle links')(response);
        const items = (await sectionOf(value)).items.flatMap((row): NodeLink[] =>
          row.url ? [{ title: row.title, url: row.url, nid: row.nid }] : [],
        );
        return { value: items, negative, tags: ['node_list', ...nodeTags(items)] };
      }),
    serviceSection: (page) =>
      get(urls.servicesSubtree(page), async (response) => {
        const { value, negative } = await decodeRaw('services subtree')(response);
        const section = await sectionOf(value);
        return { value: section, negative, tags: [...listTags('services'), ...nodeTags(section.items)] };
      }),

    async purgePath(path) {
      const lookup = await client.translatePath(path).catch(() => null);
      const scoped = pathScoped.map((call) => urls[call](path));
      const entity = lookup?.kind === 'entity' ? [entityUrl(lookup)([])] : [];
      await Promise.all([...scoped, ...entity].map((url) => cache.purge(url)));
    },

    purgeAll: () => cache.purgeAll(),

    purgeTags: (tags) => cache.purgeTags(tags),
  };
  return client;
}

/*
 * Cache tags, in the names Drupal's cache tags and the `next` module's revalidator
 * use: `node:12` for a node shown, `node_list` and `node_list:{bundle}` for any
 * list of a bundle (a new or removed node changes it), `menu:{name}`.
 */
const listTags = (bundle: string) => ['node_list', `node_list:${bundle}`];
const nodeTags = (items: readonly { nid?: number }[]) => [...new Set(items.flatMap((item) => (item.nid ? [`node:${item.nid}`] : [])))];

/** A decoder whose payload also names what it shows. */
const tagged =
  <T>(decode: Decoder<T>, tagsOf: (value: T) => readonly string[]): Decoder<T> =>
  async (response) => {
    const loaded = await decode(response);
    return { ...loaded, tags: [...(loaded.tags ?? []), ...tagsOf(loaded.value)] };
  };

/** A stock webform_rest has no upload resource; a site that adds the patch is noticed the next day. */
const NO_UPLOAD_RESOURCE_SECONDS = 86_400;

/**
 * core's file upload takes `filename="…"` literally (no `filename*`): the name's
 * UTF-8 bytes as the header's bytes, without what would end the quoted string.
 */
function literalFileName(name: string): string {
  const safe = name.replace(/["\\\u0000-\u001f\u007f]/g, '_') || 'file';
  let bytes = '';
  for (const byte of new TextEncoder().encode(safe)) bytes += String.fromCharCode(byte);
  return bytes;
}

/** The pictures of a home slide (docs/requirements.md §2), which the slider reads. */
const SLIDE_RELATIONSHIPS = ['field_photo3', 'field_photos_mobile'];

/** A Views list's body as it came, `[]` for Drupal's 404 (a view with no rows for that argument). */
const decodeRaw = (what: string) => decodeJson(what, z.unknown(), { notFound: [] });

/** Rows of a Views list, sanitised before they are cached. */
const decodeRows =
  (what: string): Decoder<ViewRow[]> =>
  async (response) => {
    const { value, negative } = await decodeRaw(what)(response);
    return { value: await rowsOf(value), negative };
  };

/** One page of a JSON:API collection, as far as walking it needs. */
interface CollectionPage<T> {
  data: T[];
  links?: { next?: { href: string } };
}

/** JSON:API's largest page. */
const COUNT_PAGE = 50;

/** The most custom blocks of a bundle walked into one payload; a block beyond them is asked alone. */
const MAX_BLOCKS = 500;

/**
 * The block_content bundles placements have named in this isolate, so that a page asks their bodies
 * beside its placement list; a bundle first seen is asked after the list, once (then cached).
 */
const placedBundles = new Set<string>();

/** The sitemap protocol's most URLs a file; no bundle is walked further. */
const MAX_PATHS = 50_000;

/** YYYY-MM-DD of Drupal's date: an ISO string keeps its own day; a Unix timestamp (number or digits) is read as UTC. */
const dayOf = z
  .union([z.string(), z.number()])
  .transform((value) => {
    const text = String(value).trim();
    if (/^\d{4}-\d{2}-\d{2}(?:[T ]|$)/.test(text)) return Number.isNaN(Date.parse(text.slice(0, 10))) ? undefined : text.slice(0, 10);
    if (!/^\d{9,11}$/.test(text)) return undefined;
    const date = new Date(Number(text) * 1000);
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
  })
  .catch(undefined);

/** A node's path, day and id, whatever the layout: `path` may be missing, `[]` or without an alias; dates and the id may be missing. */
const NodePathSchema = z
  .object({
    attributes: z
      .object({
        path: z
          .object({ alias: z.string() })
          .transform((p): string | undefined => p.alias)
          .catch(undefined),
        changed: dayOf,
        created: dayOf,
        drupal_internal__nid: optionalNumeric.catch(undefined),
        status: nodeStatus,
        metatag: RobotsNoindexSchema,
      })
      .catch({ path: undefined, changed: undefined, created: undefined, drupal_internal__nid: undefined, status: false, metatag: false }),
  })
  .transform(({ attributes: { path, changed, created, drupal_internal__nid: nid, status, metatag: noindex } }): NodePath | null => {
    // A draft is no page of the sitemap, whatever Drupal let through; nor one its meta tags keep from search engines.
    if (!path?.startsWith('/') || !status || noindex) return null;
    const lastmod = changed ?? created;
    return { path, ...(lastmod ? { lastmod } : {}), ...(nid ? { nid } : {}) };
  });

const NodePathsSchema = z.object({
  data: z.array(NodePathSchema),
  links: z
    .object({ next: z.object({ href: z.string() }).optional() })
    .passthrough()
    .optional(),
});

/** JSON:API's entry point: a link per resource type it serves (`node--news`). */
const EntryPointSchema = z.object({ links: z.record(z.string(), z.unknown()) });

/** Enough resources to see each relationship's target at least once, few enough to stay light. */
const RELATIONSHIP_SAMPLE = 3;

const decodeRelationships: Decoder<Relationships | null> = ({ status, body }) => {
  // A type Drupal will not list to us: nothing learned, the screens' own names are tried.
  if (status === 403 || status === 404) return { value: null, negative: true };
  if (status !== 200) throw new OriginError(`relationships: Drupal ответил ${status}`, status);
  const learned = relationshipsFromSample(body);
  if (!learned) throw new OriginError('relationships: неожиданный ответ Drupal', 200, { unhealthy: false });
  // No resource to learn from: nothing known yet (a type with content later is learned then).
  return learned.names.length === 0 ? { value: null, negative: true } : { value: learned };
};

/** A block's body, sanitised before it is cached (HTMLRewriter is async, so not inside the schema). */
const decodeBlockContent =
  (what: string): Decoder<string | null> =>
  async (response) => {
    const loaded = await decodeJson(what, BlockContentSchema, { notFound: null })(response);
    return { ...loaded, value: loaded.value ? await sanitizeHtml(loaded.value) : null };
  };

const decodeTranslatePath: Decoder<PathLookup> = ({ status, body }) => {
  if (status === 404) return { value: { kind: 'not-found' }, negative: true };
  if (status === 403) return { value: { kind: 'forbidden' }, negative: true };
  if (status !== 200) throw new OriginError(`translate-path: Drupal ответил ${status}`, status);
  const doc = parse('translate-path', TranslatePathSchema, body);
  const redirects = doc.redirect ?? [];
  if (!doc.entity) {
    if (redirects.length > 0) return { value: { kind: 'external', redirects } };
    throw new OriginError('translate-path: ни сущности, ни перенаправления', 200, { unhealthy: false });
  }
  const { id } = doc.entity;
  // A config entity is no page of ours: a webform may still be one of the popups (resolve-path.ts).
  if (typeof id === 'string') return { value: doc.entity.type === 'webform' ? { kind: 'webform', id } : { kind: 'not-found' } };
  return {
    value: {
      kind: 'entity',
      entityType: doc.entity.type,
      bundle: doc.entity.bundle,
      id,
      uuid: doc.entity.uuid,
      // A node's label is not kept: for an API account that sees drafts it may be a draft's title, and a node's page reads its own.
      label: doc.entity.type === 'node' ? undefined : doc.label,
      isHome: doc.isHomePath ?? false,
      individual: doc.jsonapi?.individual,
      // As Drupal gave it: its origin tells a URL of Drupal's own from one elsewhere (paths/canonical-path.ts).
      resolvedPath: doc.resolved ?? doc.entity.path,
      redirects,
    },
  };
};
