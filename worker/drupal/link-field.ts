import { z } from 'zod';
import { safeUrl } from './safe-url';

/**
 * Where a node's link field points. Clinics name the field as they like
 * (field_link, field_url, field_slide_link…), so any attribute in Drupal's link
 * shape ({uri, title, options}, or a list of them) counts; one whose name says
 * "link" or "url" wins. Drupal's URI schemes become site paths; a scheme we
 * cannot turn into a page (route:…, an unknown entity) gives no link at all.
 */

const LinkItemSchema = z.object({ uri: z.string(), title: z.string().nullish() });
const LinkValueSchema = z.union([LinkItemSchema, z.array(LinkItemSchema).min(1)]);

const PREFERRED_NAME = /link|url/i;

export interface LinkTarget {
  url: string;
  title?: string;
}

/** `internal:/x`, `base:x`, `entity:node/12`, `route:<front>`, or an ordinary URL → a safe href. */
export function hrefOfUri(uri: string): string | undefined {
  const trimmed = uri.trim();
  const [scheme, rest = ''] = splitScheme(trimmed);
  switch (scheme) {
    case 'internal':
      return rest.startsWith('/') || rest.startsWith('?') || rest.startsWith('#')
        ? safeUrl(rest.startsWith('/') ? rest : `/${rest}`)
        : undefined;
    case 'base':
      return safeUrl(`/${rest.replace(/^\/+/, '')}`);
    case 'entity': {
      // entity:node/12 — Drupal's own path for the node, which translate-path resolves like its alias.
      const node = /^node\/(\d+)$/.exec(rest);
      return node ? `/node/${node[1]}` : undefined;
    }
    case 'route':
      return rest === '<front>' ? '/' : undefined;
    default:
      return safeUrl(trimmed);
  }
}

function splitScheme(uri: string): [string, string] | [''] {
  const match = /^([a-z][a-z0-9+.-]*):(.*)$/i.exec(uri);
  return match ? [match[1]!.toLowerCase(), match[2]!] : [''];
}

export function linkFieldOf(attributes: Readonly<Record<string, unknown>>): LinkTarget | undefined {
  const candidates = Object.entries(attributes).flatMap(([name, value]) => {
    const parsed = LinkValueSchema.safeParse(value);
    if (!parsed.success) return [];
    const item = Array.isArray(parsed.data) ? parsed.data[0]! : parsed.data;
    const url = hrefOfUri(item.uri);
    return url ? [{ name, url, title: item.title?.trim() || undefined }] : [];
  });
  const chosen = candidates.find((c) => PREFERRED_NAME.test(c.name)) ?? candidates[0];
  return chosen && { url: chosen.url, title: chosen.title };
}
