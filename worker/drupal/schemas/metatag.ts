import { z } from 'zod';
import type { HeadData, HeadTag } from '../types';
import { safeUrl } from '../safe-url';
import { optionalText } from './lenient';

const AttributesSchema = z.record(z.string(), z.union([z.string(), z.number()]).transform(String));

const HtmlHeadEntry = z.union([
  z.tuple([z.object({ '#tag': z.string(), '#attributes': AttributesSchema }), z.unknown()]).transform(([el]) => el),
  z.object({ '#tag': z.string(), '#attributes': AttributesSchema }),
]);

const AttachedSchema = z.object({ '#attached': z.object({ html_head: z.array(HtmlHeadEntry).default([]) }) });

const TitleMetasSchema = z.object({
  title: optionalText,
  metas: z.array(z.object({ name: optionalText, property: optionalText, content: optionalText }).passthrough()).default([]),
});

/** Link relations that describe the page; nothing that loads or runs something (stylesheet, preload, import). */
const LINK_RELS = new Set(['canonical', 'alternate', 'shortlink', 'image_src', 'prev', 'next', 'author', 'publisher']);

/**
 * Only what describes the page reaches <head>: meta tags by name or property with
 * their content (no http-equiv, which could refresh to another site or set a
 * policy), and descriptive links to safe URLs.
 */
function headTag(tag: string, attributes: Record<string, string>): HeadTag | undefined {
  if (tag === 'meta') {
    const key = attributes.name !== undefined ? 'name' : attributes.property !== undefined ? 'property' : undefined;
    if (!key || attributes.content === undefined || attributes['http-equiv'] !== undefined) return undefined;
    return { tag, attributes: { [key]: attributes[key]!, content: attributes.content } };
  }
  if (tag === 'link') {
    const rel = attributes.rel?.toLowerCase();
    const href = safeUrl(attributes.href);
    if (!rel || !LINK_RELS.has(rel) || !href) return undefined;
    const kept: Record<string, string> = { rel, href };
    for (const name of ['hreflang', 'type', 'title']) if (attributes[name] !== undefined) kept[name] = attributes[name]!;
    return { tag, attributes: kept };
  }
  return undefined;
}

function fromHtmlHead(entries: { '#tag': string; '#attributes': Record<string, string> }[]): HeadData {
  const tags: HeadTag[] = [];
  let title: string | undefined;
  for (const entry of entries) {
    const attributes = entry['#attributes'];
    if (entry['#tag'] === 'meta' && attributes.name === 'title') {
      title = attributes.content;
      continue;
    }
    const tag = headTag(entry['#tag'], attributes);
    if (tag) tags.push(tag);
  }
  return { title, tags };
}

/**
 * Either metatag's `#attached.html_head` (optionally under `data`) or `{data: {title, metas}}`;
 * `[]` or an empty object when the page has none.
 */
export const MetatagSchema = z.union([
  AttachedSchema.transform((doc) => fromHtmlHead(doc['#attached'].html_head)),
  z.object({ data: AttachedSchema }).transform((doc) => fromHtmlHead(doc.data['#attached'].html_head)),
  z.object({ data: TitleMetasSchema }).transform(({ data }): HeadData => ({
    title: data.title,
    tags: data.metas.flatMap((m): HeadTag[] =>
      m.content && (m.name || m.property)
        ? [{ tag: 'meta', attributes: { ...(m.name ? { name: m.name } : { property: m.property ?? '' }), content: m.content } }]
        : [],
    ),
  })),
  // A page without tags: metatag returns NULL, sent as [] or {} (or under data).
  z
    .union([
      z.array(z.never()).length(0),
      z.object({}).strict(),
      z.null(),
      z.object({ data: z.union([z.array(z.never()).length(0), z.null()]) }),
    ])
    .transform((): HeadData => ({ tags: [] })),
]);

const FieldTagSchema = z
  .object({ tag: z.string(), attributes: AttributesSchema })
  .transform((t): { '#tag': string; '#attributes': Record<string, string> } | null => ({ '#tag': t.tag, '#attributes': t.attributes }))
  // One tag in a shape we do not know is left out, not the head.
  .catch(null);

/**
 * metatag's computed `metatag` field of a node over JSON:API (docs/drupal.md §5b): `[{tag: "meta" | "link",
 * attributes}]`, through the same filter as the per-page answer. Missing, null or any other shape (metatag 1.x's
 * `{value: …}`): undefined, the page's head is then the site's own.
 */
export const NodeMetatagSchema = z
  .array(FieldTagSchema)
  .transform((entries): HeadData => fromHtmlHead(entries.flatMap((e) => (e ? [e] : []))))
  .optional()
  .catch(undefined);
