import { z } from 'zod';
import { numeric, optionalNumeric, optionalText } from './lenient';

const ResourceIdentifierSchema = z.object({
  type: z.string(),
  id: z.string(),
  meta: z
    .object({ alt: optionalText, title: optionalText, description: optionalText, width: optionalNumeric, height: optionalNumeric })
    .partial()
    .passthrough()
    .optional(),
});

const RelationshipSchema = z.object({
  data: z.union([ResourceIdentifierSchema, z.array(ResourceIdentifierSchema), z.null()]).optional(),
});

export const ResourceSchema = z.object({
  type: z.string(),
  id: z.string(),
  attributes: z.record(z.string(), z.unknown()).default({}),
  relationships: z.record(z.string(), RelationshipSchema).optional(),
});

export type Resource = z.output<typeof ResourceSchema>;

export const IndividualDocumentSchema = z.object({
  data: ResourceSchema,
  included: z.array(ResourceSchema).optional(),
});

export const CollectionDocumentSchema = z.object({
  data: z.array(ResourceSchema),
  included: z.array(ResourceSchema).optional(),
  links: z
    .object({ next: z.object({ href: z.string() }).optional() })
    .passthrough()
    .optional(),
  // Core sends no count; jsonapi_extras (include_count) and jsonapi_views do.
  meta: z.object({ count: optionalNumeric }).passthrough().optional(),
});

export type CollectionDocument = z.output<typeof CollectionDocumentSchema>;
export type IndividualDocument = z.output<typeof IndividualDocumentSchema>;

/** file--file attributes we read; `uri.url` is root-relative on Drupal. */
export const FileAttributesSchema = z.object({
  uri: z.object({ url: z.string() }),
  filename: optionalText,
  filemime: optionalText,
});

/** Text fields come as {value, processed, summary} or as plain strings. */
export const TextFieldSchema = z.union([
  z.object({ value: optionalText, processed: optionalText, summary: optionalText }),
  z.string().transform((value) => ({ value, processed: value, summary: undefined })),
]);

export const PathFieldSchema = z.object({ alias: optionalText });

export const NidSchema = numeric;
