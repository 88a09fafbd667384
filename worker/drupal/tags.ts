import type { Decoder } from './decode';

/*
 * Cache tags, in the names Drupal's cache tags and the `next` module's revalidator
 * use: `node:12` for a node shown, `node_list` and `node_list:{bundle}` for any
 * list of a bundle (a new or removed node changes it), `menu:{name}`.
 */

export const listTags = (bundle: string) => ['node_list', `node_list:${bundle}`];

export const nodeTags = (items: readonly { nid?: number }[]) => [
  ...new Set(items.flatMap((item) => (item.nid ? [`node:${item.nid}`] : []))),
];

/** A decoder whose payload also names what it shows. */
export const tagged =
  <T>(decode: Decoder<T>, tagsOf: (value: T) => readonly string[]): Decoder<T> =>
  async (response) => {
    const loaded = await decode(response);
    return { ...loaded, tags: [...(loaded.tags ?? []), ...tagsOf(loaded.value)] };
  };
