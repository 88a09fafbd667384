import { z } from 'zod';
import { safeUrl } from '../safe-url';
import type { Crumb } from '../types';
import { optionalText, phpList } from './lenient';

const CrumbSchema = z
  .object({ title: optionalText, text: optionalText, link: optionalText, url: optionalText })
  .transform((c) => ({ title: c.title ?? c.text, link: c.link ?? c.url }));

const toCrumbs = (rows: { title?: string; link?: string }[]): Crumb[] =>
  rows.flatMap((r) => (r.title ? [{ title: r.title, link: safeUrl(r.link) }] : []));

/** Items of {title, link}; the last may have no link. Wrapped in `data` or `items`, or bare; `[]` when none. */
export const BreadcrumbSchema = z.union([
  phpList(CrumbSchema).transform(toCrumbs),
  z.object({ data: z.union([phpList(CrumbSchema), z.null()]) }).transform((d) => toCrumbs(d.data ?? [])),
  z.object({ items: z.union([phpList(CrumbSchema), z.null()]) }).transform((d) => toCrumbs(d.items ?? [])),
]);
