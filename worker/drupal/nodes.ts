import { z } from 'zod';
import type { Loaded } from '../cache/kv-cache';
import type { DrupalContext } from './context';
import { decodeJson, type Decoder } from './decode';
import { MAX_LIST_ITEMS, type CollectionQuery } from './endpoints';
import { COUNT_PAGE, type JsonApi } from './jsonapi';
import { isPublished, toNodeData } from './map-node';
import { optional } from './optional';
import type { OriginResponse } from './origin';
import type { EntityLookup } from './router';
import { relationshipTo } from './relationships';
import { CollectionDocumentSchema, IndividualDocumentSchema } from './schemas/jsonapi';
import { numeric } from './schemas/lenient';
import { listTags, nodeTags } from './tags';
import type { NodeData, NodeList } from './types';

/** Nodes through JSON:API: one resource, collections of a bundle, and what the entry point lists. */
export interface NodeCalls {
  /**
   * The entity a path resolved to, with the relationships `include` names where its type has them;
   * null when Drupal no longer has it or hides it. `sent` settles once its request is on its way to
   * Drupal (true) or it was answered without one (false), so that a page can send its other calls after
   * the one its first byte waits for, and knows whether its status waits on Drupal.
   */
  entity(lookup: EntityLookup, include?: readonly string[]): { node: Promise<NodeData | null>; sent: Promise<boolean> };
  /** Whether this process holds the entity's copy in memory (however fresh): its page need not wait for a read of the store. */
  entityAtHand(lookup: EntityLookup): Promise<boolean>;
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
}

/**
 * `wants`: the relationships a bundle's page reads, asked for whenever a caller names none, so that a
 * bundle's node or list is always asked (and kept) under the same address, learned or not.
 */
export function nodeCalls(context: DrupalContext, api: JsonApi, wants: (bundle: string) => readonly string[]): NodeCalls {
  const { urls, cache, drafts, get, onePathOnly } = context;

  const decodeEntity =
    (lookup: EntityLookup): Decoder<NodeData | null> =>
    async (response) => {
      if (response.status === 404 || response.status === 403) return { value: null, negative: true };
      const doc = (await decodeJson(`${lookup.entityType} ${lookup.bundle}`, IndividualDocumentSchema)(response)).value;
      // Checked before anything of it is read: a draft becomes a negative answer, so no cached payload holds
      // its content, and its tag lets the publication (the `next` module's purge) reach it.
      if (!drafts && !isPublished(doc.data)) return { value: null, negative: true, tags: [`${lookup.entityType}:${lookup.id}`] };
      const node = await toNodeData(doc.data, doc.included);
      return { value: node, tags: [`${lookup.entityType}:${lookup.id}`, ...nodeTags(Object.values(node.links).flat())] };
    };

  const calls: NodeCalls = {
    entity: (lookup, wanted = wants(lookup.bundle)) => {
      let settleSent: (asked: boolean) => void = () => {};
      const sent = new Promise<boolean>((resolve) => (settleSent = resolve));
      const node = (async () => {
        const build = api.entityUrl(lookup);
        // Read beside the cache's copy of the node, not before it: only a fetch needs it.
        const including = api.includesOf(lookup.entityType, lookup.bundle, wanted);
        including.catch(() => undefined);
        // Kept under the address without `include`: what is included follows what is learned of the type, and a
        // purge of the path (purgePath) names the entity without knowing what its page reads.
        const url = build([]);
        try {
          return await cache.get(url, () =>
            onePathOnly(
              `${lookup.entityType} ${lookup.bundle}`,
              url,
              async () => {
                const response = api.fetchIncluding(build, await including);
                settleSent(true);
                return decodeEntity(lookup)(await response);
              },
              null,
            ),
          );
        } finally {
          settleSent(false);
        }
      })();
      return { node, sent };
    },

    entityAtHand: async (lookup) => cache.atHand(api.entityUrl(lookup)([])),

    nodes: async (bundle, query) => {
      const [include, rule] = await Promise.all([
        api.includesOf('node', bundle, query.include ?? wants(bundle)),
        api.ruleFor(bundle, query.rule),
      ]);
      // JSON:API gives at most 50 a request: a longer list is asked 50 at a time along Drupal's next links.
      const walked = query.limit !== undefined && query.limit > COUNT_PAGE;
      const build = (chosen: readonly string[]) =>
        urls.collection(bundle, { ...query, rule, include: chosen, ...(walked ? { limit: COUNT_PAGE } : {}) });
      const decode = async (response: OriginResponse): Promise<Loaded<NodeList>> => {
        // JSON:API's 404 for a resource type it does not have is Drupal's HTML page, not an error document.
        if (response.status === 404) return { value: { items: [], hasNext: false, absent: true }, negative: true, tags: listTags(bundle) };
        const first = (await decodeJson(`list ${bundle}`, CollectionDocumentSchema)(response)).value;
        const pages = walked ? await api.pagesOf(`list ${bundle}`, first, CollectionDocumentSchema, query.limit ?? COUNT_PAGE) : [first];
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
      if (!walked) return api.getIncluding(build, include, decode);
      // The whole walk is one payload, kept under the URL as asked (a page[limit] Drupal would cap).
      return cache.get(urls.collection(bundle, { ...query, rule, include }), async () => decode(await api.fetchIncluding(build, include)));
    },

    async countNodes(bundle, query) {
      const rule = await api.ruleFor(bundle, query.rule);
      const first = urls.collection(bundle, { ...query, rule, fields: ['drupal_internal__nid', 'status'], limit: COUNT_PAGE, offset: 0 });
      return get(first, async (response) => {
        // A bundle Drupal does not have counts nothing.
        if (response.status === 404) return { value: 0, negative: true, tags: listTags(bundle) };
        const doc = (await decodeJson(`count ${bundle}`, CollectionDocumentSchema)(response)).value;
        if (doc.meta?.count !== undefined) return { value: doc.meta.count, tags: listTags(bundle) };
        // Core JSON:API does not count: the ids are walked, no further than a listing ever shows; drafts are not counted.
        const ids = await api.walk(`count ${bundle}`, doc, CollectionDocumentSchema, MAX_LIST_ITEMS);
        return { value: ids.filter(isPublished).length, tags: listTags(bundle) };
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
      const list = await calls.nodes(bundle, { filters: { drupal_internal__nid: nid }, limit: 1, include });
      return list.items[0] ?? null;
    },

    async nodesOfTerm(bundle, term, limit, include) {
      const field = relationshipTo(await api.relationshipsOf('node', bundle), `taxonomy_term--${term.vocabulary}`);
      if (!field) return null;
      return calls.nodes(bundle, { filters: { [`${field}.id`]: term.uuid }, sort: 'title', limit, include });
    },
  };
  return calls;
}

/** JSON:API's entry point: a link per resource type it serves (`node--news`). */
const EntryPointSchema = z.object({ links: z.record(z.string(), z.unknown()) });
