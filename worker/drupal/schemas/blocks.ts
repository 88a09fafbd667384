import { z } from 'zod';
import { numeric, optionalText, phpList } from './lenient';
import { TextFieldSchema } from './jsonapi';

export interface BlockPlacement {
  id: string;
  region: string;
  label?: string;
  labelVisible: boolean;
  weight: number;
  /**
   * Where the block's content comes from: a custom block's entity below /jsonapi/
   * (e.g. "block_content/basic/{uuid}"), or the module's next-links list for the page.
   */
  source: { kind: 'block_content'; path: string } | { kind: 'next-links' };
}

/**
 * The clinic's module serves its own blocks' lists at /blocks_for_page/block/{plugin id};
 * a placement whose plugin names next_cycle_links (bare, or as a derivative such as
 * "blocks_for_page:next_cycle_links") is that list, shown in the region it was placed in.
 */
const NEXT_LINKS_PLUGIN = /(?:^|[:_-])next[_-]cycle[_-]links(?:$|[:_-])/i;

/** label_display: "visible" / "1" / true show the title; "0", "", false and missing hide it. */
const labelDisplay = z
  .union([z.string(), z.number(), z.boolean(), z.null(), z.undefined()])
  .transform((v) => v === 'visible' || v === '1' || v === 1 || v === true);

const PlacementSchema = z
  .object({
    bid: optionalText,
    id: optionalText,
    plugin: optionalText,
    bundle: optionalText,
    link: optionalText,
    region: z.string(),
    label: optionalText,
    weight: numeric.catch(0),
    // PHP's empty array for settings is no settings.
    settings: z.object({ id: optionalText, label: optionalText, label_display: labelDisplay }).partial().optional().catch(undefined),
    labelVisible: z.boolean().optional(),
  })
  .transform((b): BlockPlacement | null => {
    const contentPath = b.link
      ? b.link.replace(/^.*?\/jsonapi\//, '')
      : b.plugin?.startsWith('block_content:')
        ? `block_content/${b.bundle ?? 'basic'}/${b.plugin.slice('block_content:'.length)}`
        : undefined;
    const source: BlockPlacement['source'] | undefined = contentPath
      ? { kind: 'block_content', path: contentPath }
      : [b.plugin, b.settings?.id].some((name) => name !== undefined && NEXT_LINKS_PLUGIN.test(name))
        ? { kind: 'next-links' }
        : undefined;
    const id = b.bid ?? b.id ?? b.plugin;
    // Any other plugin (a system block, a view's block) has nothing the site can fetch for it.
    if (!source || !id) return null;
    return {
      id,
      region: b.region,
      label: b.label ?? b.settings?.label,
      labelVisible: b.labelVisible ?? b.settings?.label_display ?? false,
      weight: b.weight,
      source,
    };
  });

const toPlacements = (rows: (BlockPlacement | null)[]) => rows.filter((row): row is BlockPlacement => row !== null);

/** `/blocks_for_page?page=`: placements as a list, or keyed by block id (as decoupled_kit does), bare or under `data`. */
export const BlockListSchema = z.union([
  // Nothing at all placed for the page: Drupal's way of marking a landing page, which has no site frame.
  z
    .array(z.unknown())
    .length(0)
    .transform((): BlockList => ({ placements: [], landing: true })),
  phpList(PlacementSchema).transform((rows): BlockList => ({ placements: toPlacements(rows), landing: false })),
  z
    .object({ data: z.union([phpList(PlacementSchema), z.null()]) })
    .transform((d): BlockList => ({ placements: toPlacements(d.data ?? []), landing: false })),
]);

export interface BlockList {
  placements: BlockPlacement[];
  /** The blocks call answered a bare `[]`: no block, not even the footer's, belongs on this page. */
  landing: boolean;
}

/** A block_content JSON:API document: its body's HTML, as Drupal has it (the client sanitises it). */
export const BlockContentSchema = z
  .object({ data: z.object({ attributes: z.object({ body: z.union([TextFieldSchema, z.null()]).optional() }) }) })
  .transform(({ data }) => {
    const body = data.attributes.body;
    return body ? (body.processed ?? body.value ?? null) : null;
  });

/** A custom block's bundle and uuid in its JSON:API path ("block_content/basic/{uuid}", maybe with a query). */
export function blockContentRef(path: string): { bundle: string; uuid: string } | undefined {
  const match = /^block_content\/([\w-]+)\/([0-9a-f-]{36})(?:[?#]|$)/i.exec(path);
  return match ? { bundle: match[1]!, uuid: match[2]!.toLowerCase() } : undefined;
}

/** One resource of a block_content collection: its uuid and body, or null when it is not of that shape (left out). */
const BlockResourceSchema = z
  .object({ id: z.string(), attributes: z.object({ body: z.union([TextFieldSchema, z.null()]).optional() }) })
  .transform(({ id, attributes: { body } }) => ({ uuid: id.toLowerCase(), html: body ? (body.processed ?? body.value ?? null) : null }))
  .nullable()
  .catch(null);

/** A page of `/jsonapi/block_content/{bundle}`: every custom block of the bundle, 50 a page along Drupal's next links. */
export const BlockCollectionSchema = z.object({
  data: z.array(BlockResourceSchema),
  links: z
    .object({ next: z.object({ href: z.string() }).optional() })
    .passthrough()
    .optional(),
});

/** A page of `/jsonapi/block_content/{bundle}` with each block's description (`info`) too: blocks placed by a setting. */
export const LabelledBlockCollectionSchema = z.object({
  data: z.array(
    z
      .object({
        id: z.string(),
        attributes: z.object({ info: optionalText, body: z.union([TextFieldSchema, z.null()]).optional() }),
      })
      .transform(({ id, attributes: { info, body } }) => ({
        uuid: id.toLowerCase(),
        info,
        html: body ? (body.processed ?? body.value ?? null) : null,
      }))
      .nullable()
      .catch(null),
  ),
  links: z
    .object({ next: z.object({ href: z.string() }).optional() })
    .passthrough()
    .optional(),
});
