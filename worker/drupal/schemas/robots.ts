import { z } from 'zod';

/*
 * Whether Drupal's metatag module says a node is not for search engines: robots "noindex"
 * (or "none") in the node's own `metatag` attribute. The sitemap leaves such a node out, as
 * the page's <meta name="robots"> asks crawlers to. Two shapes (docs/drupal.md §5b):
 * metatag 2.x's JSON:API list `[{tag, attributes: {name, content}}]`, and 1.x's map
 * `{value: {robots: "…"}}`. A Drupal without metatag sends neither: the node is indexed.
 */

const saysNoindex = (content: unknown): boolean =>
  typeof content === 'string' && content.split(',').some((word) => ['noindex', 'none'].includes(word.trim().toLowerCase()));

const TagList = z.array(z.unknown()).transform((tags) =>
  tags.some((tag) => {
    const attributes = z.object({ attributes: z.object({ name: z.string(), content: z.unknown() }) }).safeParse(tag);
    return (
      attributes.success && attributes.data.attributes.name.toLowerCase() === 'robots' && saysNoindex(attributes.data.attributes.content)
    );
  }),
);

const ValueMap = z.object({ value: z.object({ robots: z.unknown() }) }).transform(({ value }) => saysNoindex(value.robots));

/** `metatag` as any Drupal sends it (missing, null, `[]`, either shape): true only for a noindex. */
export const RobotsNoindexSchema = z
  .union([TagList, ValueMap])
  .catch(false)
  .optional()
  .transform((noindex) => noindex === true);
