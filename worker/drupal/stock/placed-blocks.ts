import type { Loaded } from '../../cache/kv-cache';
import type { PlacedBlock } from '../../config/frame';
import type { DrupalContext } from '../context';
import { decodeJson } from '../decode';
import { COUNT_PAGE, type JsonApi } from '../jsonapi';
import { optional } from '../optional';
import { sanitizeHtml } from '../sanitize-html';
import { LabelledBlockCollectionSchema } from '../schemas/blocks';
import type { Block } from '../types';

/** The most custom blocks of a bundle walked into one payload. */
const MAX_BLOCKS = 500;

/** One custom block as kept: its uuid, description and sanitised body. */
interface Stored {
  uuid: string;
  info?: string;
  html: string | null;
}

/**
 * The blocks DRUPAL_BLOCKS places on every page, for a Drupal without blocks_for_page (docs/drupal.md "Where the
 * frame comes from"): their bodies from core's block_content over JSON:API, one cached payload per bundle
 * (tagged block_content), each block found by its uuid or its description. A block Drupal does not have is
 * left out; none placed, no call at all.
 */
export function blocksBySetting({ urls, get }: DrupalContext, api: JsonApi, placed: readonly PlacedBlock[]): () => Promise<Block[]> {
  const bodies = (bundle: string) =>
    get(
      urls.jsonapi(`block_content/${bundle}`, { [`fields[block_content--${bundle}]`]: 'info,body', 'page[limit]': String(COUNT_PAGE) }),
      async (response): Promise<Loaded<Stored[]>> => {
        if (response.status === 404 || response.status === 403) return { value: [], negative: true, tags: ['block_content'] };
        const first = (await decodeJson(`blocks ${bundle}`, LabelledBlockCollectionSchema)(response)).value;
        const resources = await api.walk(`blocks ${bundle}`, first, LabelledBlockCollectionSchema, MAX_BLOCKS);
        const value: Stored[] = [];
        for (const r of resources) if (r) value.push({ uuid: r.uuid, info: r.info, html: r.html ? await sanitizeHtml(r.html) : null });
        return { value, tags: ['block_content'] };
      },
    );

  return async () => {
    if (placed.length === 0) return [];
    const byBundle = new Map<string, Promise<Stored[]>>();
    for (const { bundle } of placed) if (!byBundle.has(bundle)) byBundle.set(bundle, optional(`blocks ${bundle}`, bodies(bundle), []));
    const found = await Promise.all(
      placed.map(async (p, i): Promise<Block | null> => {
        const all = (await byBundle.get(p.bundle)) ?? [];
        const ref = p.ref.toLowerCase();
        const block = all.find((b) => b.uuid === ref) ?? all.find((b) => b.info?.trim().toLowerCase() === ref);
        if (!block?.html) return null;
        return { id: `setting-${i}`, region: p.region, label: block.info, labelVisible: false, weight: i, html: block.html };
      }),
    );
    return found.filter((b): b is Block => b !== null);
  };
}
