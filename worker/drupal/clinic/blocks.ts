import type { Loaded } from '../../cache/kv-cache';
import type { DrupalContext } from '../context';
import { decodeJson, type Decoder } from '../decode';
import { COUNT_PAGE, type JsonApi } from '../jsonapi';
import { optional } from '../optional';
import { sanitizeHtml } from '../sanitize-html';
import { BlockCollectionSchema, BlockContentSchema, BlockListSchema, blockContentRef } from '../schemas/blocks';
import { tagged } from '../tags';
import type { Block, NodeLink } from '../types';
import type { PlacedBlock } from '../../config/frame';
import { byModules, type ModulesCalls } from '../modules';
import { blocksBySetting } from '../stock/placed-blocks';

/** The blocks Drupal placed on a page (the blocks_for_page module) and their bodies (custom blocks, through JSON:API). */
export interface BlockCalls {
  /**
   * The blocks Drupal placed on a page. `landing` is known from the placement list
   * alone (no block at all: a landing page); the blocks' bodies, one call each,
   * follow in `items`, so that choosing the layout never waits for them.
   */
  blocks(page: string): Promise<{ items: Promise<Block[]>; landing: boolean }>;
}

/** The most custom blocks of a bundle walked into one payload; a block beyond them is asked alone. */
const MAX_BLOCKS = 500;

/**
 * The block_content bundles placements have named in this isolate, so that a page asks their bodies
 * beside its placement list; a bundle first seen is asked after the list, once (then cached). Until a
 * placement names one, core's standard custom block type (`basic`) is asked beside the list, so that a
 * new isolate's first page is not a round longer (docs/architecture.md, "What a page costs Drupal"); a
 * Drupal without it answers 404 once, cached as a negative answer.
 */
const placedBundles = new Set<string>(['basic']);

/** `nextLinks`: the list a next-links block shows (views.ts, or the services menu: module-sources.ts). */
export function blockCalls(
  context: DrupalContext,
  api: JsonApi,
  nextLinks: (page: string) => Promise<NodeLink[]>,
  modules: ModulesCalls,
  placed: readonly PlacedBlock[],
): BlockCalls {
  const { urls, get } = context;
  const bySetting = blocksBySetting(context, api, placed);
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
        const resources = await api.walk(`blocks ${bundle}`, first, BlockCollectionSchema, MAX_BLOCKS);
        const value: Record<string, string | null> = {};
        for (const resource of resources) if (resource) value[resource.uuid] = resource.html ? await sanitizeHtml(resource.html) : null;
        return { value, tags: ['block_content'] };
      },
    );

  return {
    blocks: (page) =>
      // Without blocks_for_page the setting places the blocks, the same on every page; a landing page is never inferred.
      byModules(modules, (found) => (found.blocksForPage ? placedOn(page) : Promise.resolve({ items: bySetting(), landing: false }))),
  };

  async function placedOn(page: string): Promise<{ items: Promise<Block[]>; landing: boolean }> {
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
          const links = optional(`block ${p.id}`, nextLinks(page), []);
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
  }
}

/** A block's body, sanitised before it is cached (HTMLRewriter is async, so not inside the schema). */
const decodeBlockContent =
  (what: string): Decoder<string | null> =>
  async (response) => {
    const loaded = await decodeJson(what, BlockContentSchema, { notFound: null })(response);
    return { ...loaded, value: loaded.value ? await sanitizeHtml(loaded.value) : null };
  };
