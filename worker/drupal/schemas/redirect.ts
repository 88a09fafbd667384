import { z } from 'zod';
import { RedirectHopSchema } from './translate-path';

/**
 * decoupled_kit's redirect endpoint: `[]` when there is none; `data` is one hop
 * in modes final/simple, a list of hops in mode full (the last is the final one).
 */
export const RedirectLookupSchema = z.union([
  z
    .array(z.unknown())
    .length(0)
    .transform(() => null),
  z
    .object({ data: z.union([RedirectHopSchema, z.array(RedirectHopSchema), z.array(z.never()).length(0), z.null()]) })
    .transform(({ data }) => {
      if (data === null) return null;
      if (Array.isArray(data)) return data.at(-1) ?? null;
      return data;
    }),
]);
