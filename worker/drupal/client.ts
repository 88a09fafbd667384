import type { KvCache } from '../cache/kv-cache';
import { decodeJson, parse, type Decoder } from './decode';
import { endpoints, pathScoped, type CollectionQuery, type MenuName, type OtherList } from './endpoints';
import { includesFor } from './includes';
import { linkFieldOf } from './link-field';
import { toNodeData } from './map-node';
import { optional } from './optional';
import { fetchFromOrigin, OriginError, type OriginOptions } from './origin';
import { sanitizeHtml } from './sanitize-html';
import { BreadcrumbSchema } from './schemas/breadcrumb';
import { BlockListSchema, BlockContentSchema } from './schemas/blocks';
import { CollectionDocumentSchema, IndividualDocumentSchema } from './schemas/jsonapi';
import { MenuSchema, ServicesMenuSchema } from './schemas/menu';
import { MetatagSchema } from './schemas/metatag';
import { OtherListSchema } from './schemas/other-list';
import { RedirectLookupSchema } from './schemas/redirect';
import { SearchResultsSchema } from './schemas/search';
import { TranslatePathSchema } from './schemas/translate-path';
import type { Block, Crumb, HeadData, HomeSlide, MenuItem, NodeData, NodeList, PathLookup, RedirectHop, SearchResult, Teaser } from './types';

export interface DrupalClient {
  translatePath(path: string): Promise<PathLookup>;
  redirect(path: string): Promise<RedirectHop | null>;
  metatags(page: string): Promise<HeadData>;
  breadcrumb(page: string): Promise<Crumb[]>;
  blocks(page: string): Promise<{ items: Block[]; landing: boolean }>;
  menu(name: MenuName): Promise<MenuItem[]>;
  servicesMenu(): Promise<MenuItem[]>;
  /** The node a path resolved to; null when Drupal no longer has it or hides it. */
  entity(lookup: Extract<PathLookup, { kind: 'entity' }>): Promise<NodeData | null>;
  nodes(bundle: string, query: CollectionQuery): Promise<NodeList>;
  nodeByNid(bundle: string, nid: number): Promise<NodeData | null>;
  search(keys: string): Promise<SearchResult[]>;
  /** Spec §2: the home page's main slider, sticky slides first, then the newest. */
  homeSlides(limit: number): Promise<HomeSlide[]>;
  /** Spec §7: the newest doctors, news or promotions other than node `nid`. */
  otherList(list: OtherList, nid: number): Promise<Teaser[]>;
  /** Removes every cached payload that was requested for one page path. */
  purgePath(path: string): Promise<void>;
  purgeAll(): Promise<number>;
}

export interface DrupalClientOptions extends OriginOptions {
  baseUrl: string;
  cache: KvCache;
}

export function createDrupalClient({ baseUrl, cache, ...origin }: DrupalClientOptions): DrupalClient {
  const urls = endpoints(baseUrl);
  const get = <T>(url: string, decode: Decoder<T>) =>
    cache.get(url, async () => decode(await fetchFromOrigin(url, origin)));

  const entityUrl = (lookup: Extract<PathLookup, { kind: 'entity' }>) =>
    lookup.individual
      ? urls.individual(lookup.individual, includesFor(lookup.bundle))
      : urls.jsonapi(`${lookup.entityType}/${lookup.bundle}/${lookup.uuid}`);

  const client: DrupalClient = {
    translatePath: (path) => get(urls.translatePath(path), decodeTranslatePath),

    redirect: (path) => get(urls.redirect(path), decodeJson('redirect', RedirectLookupSchema, { notFound: null })),

    metatags: (page) => get(urls.metatags(page), decodeJson('metatag', MetatagSchema, { notFound: { tags: [] } })),

    breadcrumb: (page) => get(urls.breadcrumb(page), decodeJson('breadcrumb', BreadcrumbSchema, { notFound: [] })),

    async blocks(page) {
      const { placements, landing } = await get(
        urls.blocks(page),
        decodeJson('blocks', BlockListSchema, { notFound: { placements: [], landing: false } }),
      );
      // One block that fails to load is left out; the others still show.
      const contents = await Promise.all(
        placements.map((p) =>
          optional(`block ${p.id}`, get(urls.jsonapi(p.contentPath), decodeBlockContent(`block ${p.id}`)), null),
        ),
      );
      const items = placements.flatMap((p, i): Block[] => {
        const html = contents[i];
        return html ? [{ id: p.id, region: p.region, label: p.label, labelVisible: p.labelVisible, weight: p.weight, html }] : [];
      });
      return { items, landing };
    },

    menu: (name) => get(urls.menu(name), decodeJson(`menu ${name}`, MenuSchema, { notFound: [] })),

    servicesMenu: () => get(urls.servicesMenu(), decodeJson('services menu', ServicesMenuSchema, { notFound: [] })),

    entity: (lookup) =>
      get(entityUrl(lookup), async (response) => {
        if (response.status === 404 || response.status === 403) return { value: null, negative: true };
        const doc = (await decodeJson('node', IndividualDocumentSchema)(response)).value;
        return { value: await toNodeData(doc.data, doc.included) };
      }),

    nodes: (bundle, query) =>
      get(
        urls.collection(bundle, { include: includesFor(bundle), ...query }),
        async (response): Promise<{ value: NodeList }> => {
          const doc = (await decodeJson(`list ${bundle}`, CollectionDocumentSchema)(response)).value;
          return {
            value: {
              items: await Promise.all(doc.data.map((r) => toNodeData(r, doc.included))),
              hasNext: Boolean(doc.links?.next),
              total: doc.meta?.count,
            },
          };
        },
      ),

    async nodeByNid(bundle, nid) {
      const list = await client.nodes(bundle, { filters: { drupal_internal__nid: nid }, limit: 1 });
      return list.items[0] ?? null;
    },

    search: (keys) => get(urls.search(keys), decodeJson('search', SearchResultsSchema, { notFound: [] })),

    homeSlides: (limit) =>
      get(
        urls.collection('sliders', { include: includesFor('sliders'), sort: '-sticky,-created', limit }),
        async (response): Promise<{ value: HomeSlide[] }> => {
          const doc = (await decodeJson('home slides', CollectionDocumentSchema)(response)).value;
          const slides = await Promise.all(
            doc.data.map(async (resource): Promise<HomeSlide[]> => {
              const node = await toNodeData(resource, doc.included);
              const image = node.images.field_photo3?.[0];
              // The slider is photographs: a slide without its picture is left out.
              if (!image) return [];
              const link = linkFieldOf(resource.attributes);
              return [{ uuid: node.uuid, title: node.title, bodyHtml: node.body?.html, image, mobileImage: node.images.field_photos_mobile?.[0], link }];
            }),
          );
          return { value: slides.flat() };
        },
      ),

    otherList: (list, nid) => get(urls.otherList(list, nid), decodeJson(`other ${list}`, OtherListSchema, { notFound: [] })),

    async purgePath(path) {
      const lookup = await client.translatePath(path).catch(() => null);
      const scoped = pathScoped.map((call) => urls[call](path));
      const entity = lookup?.kind === 'entity' ? [entityUrl(lookup)] : [];
      await Promise.all([...scoped, ...entity].map((url) => cache.purge(url)));
    },

    purgeAll: () => cache.purgeAll(),
  };
  return client;
}

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
  return {
    value: {
      kind: 'entity',
      entityType: doc.entity.type,
      bundle: doc.entity.bundle,
      id: doc.entity.id,
      uuid: doc.entity.uuid,
      label: doc.label,
      isHome: doc.isHomePath ?? false,
      individual: doc.jsonapi?.individual,
      redirects,
    },
  };
};
