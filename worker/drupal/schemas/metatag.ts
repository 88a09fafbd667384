import { z } from 'zod';
import type { HeadData, HeadTag } from '../types';
import { optionalText } from './lenient';

const AttributesSchema = z.record(z.string(), z.union([z.string(), z.number()]).transform(String));

const HtmlHeadEntry = z.union([
  z.tuple([z.object({ '#tag': z.string(), '#attributes': AttributesSchema }), z.unknown()]).transform(([el]) => el),
  z.object({ '#tag': z.string(), '#attributes': AttributesSchema }),
]);

const AttachedSchema = z.object({ '#attached': z.object({ html_head: z.array(HtmlHeadEntry).default([]) }) });

const TitleMetasSchema = z.object({
  title: optionalText,
  metas: z
    .array(z.object({ name: optionalText, property: optionalText, content: optionalText }).passthrough())
    .default([]),
});

function fromHtmlHead(entries: { '#tag': string; '#attributes': Record<string, string> }[]): HeadData {
  const tags: HeadTag[] = [];
  let title: string | undefined;
  for (const entry of entries) {
    const attributes = entry['#attributes'];
    if (entry['#tag'] === 'meta' && attributes.name === 'title') title = attributes.content;
    if (entry['#tag'] === 'meta' || entry['#tag'] === 'link') tags.push({ tag: entry['#tag'], attributes });
  }
  return { title, tags: tags.filter((t) => !(t.tag === 'meta' && t.attributes.name === 'title')) };
}

/**
 * Either metatag's `#attached.html_head` (optionally under `data`) or `{data: {title, metas}}`;
 * `[]` or an empty object when the page has none.
 */
export const MetatagSchema = z
  .union([
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
      .union([z.array(z.never()).length(0), z.object({}).strict(), z.null(), z.object({ data: z.union([z.array(z.never()).length(0), z.null()]) })])
      .transform((): HeadData => ({ tags: [] })),
  ]);
