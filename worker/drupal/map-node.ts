import { z } from 'zod';
import { htmlToText } from './entities';
import { imageSrcOf } from './schemas/other-list';
import { safeUrl } from './safe-url';
import { sanitizeHtml } from './sanitize-html';
import { FileAttributesSchema, PathFieldSchema, TextFieldSchema, type Resource } from './schemas/jsonapi';
import { nodeStatus, numeric, optionalNumeric, optionalText } from './schemas/lenient';
import { NodeMetatagSchema } from './schemas/metatag';
import type { Image, NodeData, NodeLink } from './types';

const SKIPPED_ATTRIBUTES = new Set([
  'drupal_internal__nid',
  'drupal_internal__vid',
  'title',
  'body',
  'description',
  'path',
  'created',
  'status',
]);

/** An attribute as text; `html` when it came from a formatted-text object (Drupal's HTML). */
const TextLike = z.union([
  z.string().transform((text) => ({ text, html: false })),
  z.number().transform((n) => ({ text: String(n), html: false })),
  z.object({ processed: z.string() }).transform((v) => ({ text: v.processed, html: true })),
  z.object({ value: z.string() }).transform((v) => ({ text: v.value, html: true })),
  z.object({ video_id: z.string() }).transform((v) => ({ text: v.video_id, html: false })),
  z.object({ uri: z.string() }).transform((v) => ({ text: v.uri, html: false })),
]);

/**
 * A JSON:API node resource (with its document's `included`) as our NodeData. Every HTML value
 * (body, formatted-text fields) is sanitised here, once, before it is cached.
 */
export async function toNodeData(resource: Resource, included: readonly Resource[] = []): Promise<NodeData> {
  const a = resource.attributes;
  const title = optionalText.parse(a.title ?? a.field_title2 ?? a.name) ?? '';
  // A taxonomy term's text is its description.
  const text = a.body ?? a.description;
  const body = text === undefined || text === null ? undefined : TextFieldSchema.safeParse(text);
  const rawBody = body?.success ? (body.data.processed ?? body.data.value) : undefined;
  const bodyHtml = rawBody ? await sanitizeHtml(rawBody) : undefined;

  const texts: Record<string, string> = {};
  const html: Record<string, string> = {};
  const flags: Record<string, boolean> = {};
  for (const [name, value] of Object.entries(a)) {
    if (SKIPPED_ATTRIBUTES.has(name) || value === null || value === '') continue;
    if (typeof value === 'boolean') {
      flags[name] = value;
      continue;
    }
    const text = TextLike.safeParse(value);
    if (!text.success) continue;
    // Drupal sends formatted text as an object, or (another site, another field setup) as a bare string
    // of HTML: both are kept as sanitised HTML and as plain text, and each screen takes what it shows.
    const markup = text.data.html || /<[a-z!/]/i.test(text.data.text);
    html[name] = markup ? await sanitizeHtml(text.data.text) : escapeText(text.data.text);
    texts[name] = markup ? htmlToText(text.data.text) : text.data.text;
    if (typeof value === 'number' || (typeof value === 'string' && /^(0|1)$/.test(value))) flags[name] ??= value === 1 || value === '1';
  }

  return {
    uuid: resource.id,
    nid: numeric.catch(0).parse(a.drupal_internal__nid),
    bundle: resource.type.replace(/^node--/, ''),
    title,
    path: safeUrl(PathFieldSchema.safeParse(a.path).data?.alias),
    created: optionalText.catch(undefined).parse(a.created),
    published: isPublished(resource),
    body: bodyHtml ? { html: bodyHtml, summary: body?.data?.summary } : undefined,
    texts,
    html,
    flags,
    images: resolveImages(resource, included),
    links: resolveLinks(resource, included),
    head: NodeMetatagSchema.parse(a.metatag),
  };
}

/** Whether a resource is published, in whatever form Drupal sends `status` (lenient.ts, nodeStatus). */
export const isPublished = (resource: Pick<Resource, 'attributes'>): boolean => nodeStatus.parse(resource.attributes.status);

/** References to other content (a doctor's services), through `included`: their titles and pages. */
function resolveLinks(resource: Resource, included: readonly Resource[]): Record<string, NodeLink[]> {
  const byId = new Map(included.filter((r) => r.type !== 'file--file').map((r) => [r.id, r]));
  const links: Record<string, NodeLink[]> = {};
  for (const [field, relationship] of Object.entries(resource.relationships ?? {})) {
    const refs = relationship.data === undefined || relationship.data === null ? [] : [relationship.data].flat();
    const resolved = refs.flatMap((ref): NodeLink[] => {
      const target = byId.get(ref.id);
      if (!target) return [];
      const a = target.attributes;
      const title = optionalText.catch(undefined).parse(a.title ?? a.name);
      // An unpublished target is not linked: visitors would meet a 403.
      if (!title || !isPublished(target)) return [];
      return [
        {
          title,
          url: safeUrl(PathFieldSchema.safeParse(a.path).data?.alias),
          nid: optionalNumeric.catch(undefined).parse(a.drupal_internal__nid),
        },
      ];
    });
    if (resolved.length > 0) links[field] = resolved;
  }
  return links;
}

function resolveImages(resource: Resource, included: readonly Resource[]): Record<string, Image[]> {
  const files = new Map(included.filter((r) => r.type === 'file--file').map((r) => [r.id, r]));
  const images: Record<string, Image[]> = {};
  for (const [field, relationship] of Object.entries(resource.relationships ?? {})) {
    const refs = relationship.data === undefined || relationship.data === null ? [] : [relationship.data].flat();
    const resolved: Image[] = [];
    for (const ref of refs) {
      const file = files.get(ref.id);
      const attributes = file ? FileAttributesSchema.safeParse(file.attributes) : undefined;
      // Drupal's files are served from our own host (the files proxy), whatever host Drupal names.
      const url = attributes?.success ? imageSrcOf(attributes.data.uri.url) : undefined;
      if (url === undefined) continue;
      resolved.push({
        url,
        alt: ref.meta?.alt ?? '',
        width: ref.meta?.width,
        height: ref.meta?.height,
        // A file field's items (a page's documents) carry a description and a name instead of an alt.
        description: ref.meta?.description,
        name: attributes?.data?.filename,
      });
    }
    if (resolved.length > 0) images[field] = resolved;
  }
  return images;
}

/** Plain text as HTML that shows exactly that text. */
const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
