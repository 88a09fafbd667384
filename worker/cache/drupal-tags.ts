/**
 * Which of the cache tags Drupal's `next` module sends (`node:12,node_list,node_list:news`, plus
 * whatever other modules add: `config:system.site`, `user:1`, `4xx-response`…) reach this site's
 * cache, under the names its payloads carry (worker/drupal/client.ts). A tag that no payload can
 * carry, or that is not a tag at all, is ignored rather than refusing the ones that do: the module
 * treats anything but 200 as a failed purge, and the understood tags must still go.
 */

/** The module's tag characters ([\w\-:._]), and room for any real tag. */
const WELL_FORMED = /^[\w\-:.]{1,128}$/;
/** More than this many in one call are ignored; a save sends a handful. */
export const MAX_TAGS = 100;

/** Drupal's tag → the tag our payloads carry for that content (undefined: no payload shows it). */
const FAMILIES: readonly [RegExp, (match: RegExpMatchArray) => string][] = [
  [/^node:\d+$/, ([tag]) => tag],
  [/^node_list(?::[a-z0-9_]+)?$/, ([tag]) => tag],
  [/^taxonomy_term:\d+$/, ([tag]) => tag],
  [/^menu:[\w.-]+$/, ([tag]) => tag],
  // A menu's links change under its config entity's tag; our menus are tagged by name.
  [/^config:system\.menu\.([\w-]+)$/, ([, name]) => `menu:${name}`],
  // Blocks are cached as one family: any block's save reaches them all.
  [/^block_content(?:_list|:\d+)?$/, () => 'block_content'],
  [/^price_list$/, ([tag]) => tag],
];

export interface UnderstoodTags {
  /** Our tags to purge, each once. */
  purge: string[];
  /** What was sent but reaches nothing here (shortened when absurdly long). */
  ignored: string[];
  /** Whether anything sent was a tag at all: a save of content no page shows is no failed purge. */
  anyTag: boolean;
}

const shown = (tag: string) => (tag.length > 130 ? `${tag.slice(0, 128)}…` : tag);

export function understandTags(sent: readonly string[]): UnderstoodTags {
  const purge = new Set<string>();
  const ignored: string[] = [];
  sent.forEach((tag, index) => {
    const family = index < MAX_TAGS && WELL_FORMED.test(tag) ? FAMILIES.find(([pattern]) => pattern.test(tag)) : undefined;
    const match = family ? tag.match(family[0]) : null;
    if (family && match) purge.add(family[1](match));
    else if (ignored.length < MAX_TAGS) ignored.push(shown(tag));
  });
  return { purge: [...purge], ignored, anyTag: sent.some((tag) => WELL_FORMED.test(tag)) };
}
