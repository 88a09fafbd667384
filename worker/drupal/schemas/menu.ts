import { z } from 'zod';
import { safeUrl } from '../safe-url';
import type { MenuItem } from '../types';
import { numeric, optionalText, phpMap } from './lenient';

interface RawMenuItem {
  title?: string;
  url?: string;
  below: RawMenuItem[];
}

const RawMenuItemSchema: z.ZodType<RawMenuItem> = z.lazy(() =>
  z.object({
    title: optionalText,
    url: optionalText,
    below: z.union([phpMap(RawMenuItemSchema), z.null(), z.undefined(), z.literal(false)]).transform((v) => v || []),
  }),
);

/** A missing or unsafe url (javascript: …) leaves the item as text with a dead link. */
const linkOf = (url: string | undefined) => safeUrl(url) ?? '#';

const toMenuItem = (raw: RawMenuItem): MenuItem[] =>
  raw.title ? [{ title: raw.title, url: linkOf(raw.url), children: raw.below.flatMap(toMenuItem) }] : [];

/** `{data: {"#items": {KEY: {title, url, below}}}}`, where any map may be `[]`. */
export const MenuSchema = z
  .union([
    z.object({ data: z.union([z.object({ '#items': phpMap(RawMenuItemSchema) }), z.array(z.never()).length(0)]) }),
    z.array(z.never()).length(0),
  ])
  .transform((doc): MenuItem[] => {
    if (Array.isArray(doc) || Array.isArray(doc.data)) return [];
    return doc.data['#items'].flatMap(toMenuItem);
  });

/** `{data: [{title, url, depth}]}`, a flat list in menu order, nested here by depth. */
export const ServicesMenuSchema = z
  .object({
    data: phpMap(z.object({ title: optionalText, url: optionalText, depth: numeric.catch(0) })),
  })
  .transform(({ data }): MenuItem[] => {
    const roots: MenuItem[] = [];
    const trail: { depth: number; item: MenuItem }[] = [];
    for (const row of data) {
      if (!row.title) continue;
      const item: MenuItem = { title: row.title, url: linkOf(row.url), children: [] };
      while (trail.length > 0 && (trail.at(-1)?.depth ?? 0) >= row.depth) trail.pop();
      const parent = trail.at(-1);
      (parent ? parent.item.children : roots).push(item);
      trail.push({ depth: row.depth, item });
    }
    return roots;
  });
