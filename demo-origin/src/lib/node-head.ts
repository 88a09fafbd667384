/**
 * What metatag says of a node, shared by its two faces: the per-page answer (routes/metatag.ts) and
 * JSON:API's computed `metatag` field (lib/jsonapi.ts). URLs are root-relative here; each face makes them
 * absolute on the origin that answers, as Drupal names its own host.
 */
import { FILES_BASE } from '../content/files';
import { refImages, type NodeRecord } from '../content/model';
import { HOME_NID, NOINDEX_NIDS } from '../content/pages';
import { SITE } from '../content/site';
import type { Json } from './json';
import { hasField } from './schema';
import { stripTags, trimText } from './text';

const IMAGE_FIELDS = ['field_image', 'field_photo_big', 'field_photo', 'field_photo3', 'field_gallery_image'];

/** The node's first picture's path, the one og:image names. */
export function nodeImage(n: NodeRecord): string | null {
  for (const f of IMAGE_FIELDS) {
    if (!hasField(`node--${n.bundle}`, f)) continue;
    const [p] = refImages(n.rels[f]);
    if (p) return FILES_BASE + p;
  }
  return null;
}

export function nodeDescription(n: NodeRecord): string {
  const text = n.body?.summary || stripTags(n.body?.value ?? '');
  return trimText(text || n.title, 160);
}

export function nodeTitle(n: NodeRecord): string {
  return n.nid === HOME_NID ? `${SITE.name} — косметология в Москве` : `${n.title} | ${SITE.shortName}`;
}

/** metatag 2.x's computed field: `[{tag, attributes}]`, with root-relative URLs (absoluteTags makes them the origin's). */
export function nodeFieldTags(n: NodeRecord): Json[] {
  const meta = (name: string, content: string): Json => ({ tag: 'meta', attributes: { name, content } });
  const og = (property: string, content: string): Json => ({ tag: 'meta', attributes: { property, content } });
  const description = nodeDescription(n);
  const tags: Json[] = [meta('title', nodeTitle(n)), meta('description', description)];
  if (NOINDEX_NIDS.has(n.nid)) tags.push(meta('robots', 'noindex, nofollow'));
  tags.push(
    { tag: 'link', attributes: { rel: 'canonical', href: n.alias } },
    og('og:site_name', SITE.name),
    og('og:type', n.bundle === 'news' || n.bundle === 'article' ? 'article' : 'website'),
    og('og:url', n.alias),
    og('og:title', n.title),
    og('og:description', description),
  );
  const image = nodeImage(n);
  if (image) tags.push(og('og:image', image));
  return tags;
}

/** The field's root-relative URLs (canonical, og:url, og:image) on `origin`, as Drupal builds them. */
export function absoluteTags(tags: Json, origin: string): Json {
  if (!Array.isArray(tags)) return tags;
  return tags.map((tag) => {
    if (typeof tag !== 'object' || tag === null || Array.isArray(tag)) return tag;
    const attributes = tag.attributes;
    if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) return tag;
    const key = 'href' in attributes ? 'href' : 'content';
    const value = attributes[key];
    const named = attributes.rel ?? attributes.property;
    const urlValued = named === 'canonical' || named === 'og:url' || named === 'og:image';
    if (!urlValued || typeof value !== 'string' || !value.startsWith('/')) return tag;
    return { ...tag, attributes: { ...attributes, [key]: origin + value } };
  });
}
