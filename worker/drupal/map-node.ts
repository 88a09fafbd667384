import { z } from 'zod';
import { FileAttributesSchema, PathFieldSchema, TextFieldSchema, type Resource } from './schemas/jsonapi';
import { flag, numeric, optionalText } from './schemas/lenient';
import type { Image, NodeData } from './types';

const SKIPPED_ATTRIBUTES = new Set(['drupal_internal__nid', 'drupal_internal__vid', 'title', 'body', 'path', 'created', 'status']);

const TextLike = z.union([
  z.string(),
  z.number().transform(String),
  z.object({ processed: z.string() }).transform((v) => v.processed),
  z.object({ value: z.string() }).transform((v) => v.value),
  z.object({ video_id: z.string() }).transform((v) => v.video_id),
  z.object({ uri: z.string() }).transform((v) => v.uri),
]);

/** A JSON:API node resource (with its document's `included`) as our NodeData. */
export function toNodeData(resource: Resource, included: readonly Resource[] = []): NodeData {
  const a = resource.attributes;
  const title = optionalText.parse(a.title ?? a.field_title2 ?? a.name) ?? '';
  const body = a.body === undefined || a.body === null ? undefined : TextFieldSchema.safeParse(a.body);
  const bodyHtml = body?.success ? (body.data.processed ?? body.data.value) : undefined;

  const texts: Record<string, string> = {};
  const flags: Record<string, boolean> = {};
  for (const [name, value] of Object.entries(a)) {
    if (SKIPPED_ATTRIBUTES.has(name) || value === null || value === '') continue;
    if (typeof value === 'boolean') {
      flags[name] = value;
      continue;
    }
    const text = TextLike.safeParse(value);
    if (text.success) texts[name] = text.data;
  }

  return {
    uuid: resource.id,
    nid: numeric.catch(0).parse(a.drupal_internal__nid),
    bundle: resource.type.replace(/^node--/, ''),
    title,
    path: PathFieldSchema.safeParse(a.path).data?.alias,
    created: optionalText.catch(undefined).parse(a.created),
    published: a.status === undefined ? true : flag.parse(a.status),
    body: bodyHtml ? { html: bodyHtml, summary: body?.data?.summary } : undefined,
    texts,
    flags,
    images: resolveImages(resource, included),
  };
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
      if (!attributes?.success) continue;
      resolved.push({
        url: attributes.data.uri.url,
        alt: ref.meta?.alt ?? '',
        width: ref.meta?.width,
        height: ref.meta?.height,
      });
    }
    if (resolved.length > 0) images[field] = resolved;
  }
  return images;
}
