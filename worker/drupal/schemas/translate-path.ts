import { z } from 'zod';
import { numeric, optionalNumeric, optionalText } from './lenient';

export const RedirectHopSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    status: optionalNumeric,
  })
  .transform((hop) => ({ from: hop.from, to: hop.to, status: hop.status }));

export type RedirectHop = z.output<typeof RedirectHopSchema>;

/** decoupled_router's 200 body; keys differ between 2.0.5 and 2.0.6+, so only what we use is required. */
export const TranslatePathSchema = z.object({
  resolved: optionalText,
  isHomePath: z.boolean().optional(),
  isExternal: z.boolean().optional(),
  entity: z
    .object({
      type: z.string(),
      bundle: z.string(),
      // A content entity's id ("12"); a config entity (a webform, a contact form) has its machine name ("consultation").
      id: z.union([numeric, z.string()]),
      uuid: z.string(),
      canonical: optionalText,
      path: optionalText,
    })
    .optional(),
  label: optionalText,
  jsonapi: z.object({ individual: z.string(), resourceName: optionalText }).optional(),
  redirect: z.array(RedirectHopSchema).optional(),
});

export type TranslatedPath = z.output<typeof TranslatePathSchema>;
