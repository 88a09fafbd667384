import { z } from 'zod';

/**
 * What one JSON:API resource type (node--services, taxonomy_term--services) can
 * include, learned from Drupal rather than assumed: every clinic's bundles carry
 * their own relationship fields, and JSON:API answers 400 to an include that
 * names a field the bundle lacks.
 */
export interface Relationships {
  /** Every relationship field the type's resources carry. */
  names: string[];
  /** Those seen pointing at files: images and documents a page shows. */
  files: string[];
  /** The resource types each relationship was seen pointing at (taxonomy_term--services). */
  targets: Record<string, string[]>;
  /** The attributes the sampled resources carry (a listing filters only on fields that exist). */
  attributes: string[];
}

const IdentifierType = z.object({ type: z.string() }).passthrough();
const RelationshipEntry = z.object({ data: z.union([IdentifierType, z.array(IdentifierType), z.null()]).optional() }).passthrough();

// `relationships` is a map; PHP sends `[]` when a resource has none.
const SampleSchema = z.object({
  data: z.array(z.object({ relationships: z.unknown().optional(), attributes: z.unknown().optional() }).passthrough()),
});

/** A few resources of the type, read for the names and targets of their relationships. */
export function relationshipsFromSample(body: unknown): Relationships | undefined {
  const sample = SampleSchema.safeParse(body);
  if (!sample.success) return undefined;
  const targets = new Map<string, Set<string>>();
  const attributes = new Set<string>();
  for (const resource of sample.data.data) {
    if (typeof resource.attributes === 'object' && resource.attributes !== null && !Array.isArray(resource.attributes)) {
      for (const name of Object.keys(resource.attributes)) attributes.add(name);
    }
  }
  for (const { relationships } of sample.data.data) {
    if (typeof relationships !== 'object' || relationships === null || Array.isArray(relationships)) continue;
    for (const [name, raw] of Object.entries(relationships)) {
      const seen = targets.get(name) ?? new Set<string>();
      targets.set(name, seen);
      const entry = RelationshipEntry.safeParse(raw);
      for (const target of entry.success && entry.data.data ? [entry.data.data].flat() : []) seen.add(target.type);
    }
  }
  return {
    names: [...targets.keys()],
    files: [...targets].filter(([, types]) => types.has('file--file')).map(([name]) => name),
    targets: Object.fromEntries([...targets].map(([name, types]) => [name, [...types]])),
    attributes: [...attributes],
  };
}

const ErrorDocument = z.object({ errors: z.array(z.object({ detail: z.string() }).passthrough()).min(1) }).passthrough();

/**
 * JSON:API's own list, from its 400 for an unknown include:
 * "`x` is not a valid relationship field name. Possible values: a, b, c."
 */
export function possibleRelationships(body: unknown): string[] | undefined {
  const doc = ErrorDocument.safeParse(body);
  if (!doc.success) return undefined;
  for (const { detail } of doc.data.errors) {
    const match = /not a valid relationship field name\.(?:\s*Possible values:\s*([^]*?)\.?\s*)?$/.exec(detail.trim());
    if (match)
      return (match[1] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
  }
  return undefined;
}

/**
 * What to include: the files the type was seen to have, and the fields a screen
 * asks for by name, but only those the type really has. Without knowledge (the
 * sample call failed) the screen's names are tried, and a 400 narrows them.
 */
export function includesFor(known: Relationships | null, wanted: readonly string[]): string[] {
  if (!known) return [...wanted];
  const names = new Set(known.names);
  return [...new Set([...known.files, ...wanted.filter((name) => names.has(name))])];
}

/** The relationship of a type that points at `target` (the services field that names a section's term), if any. */
export const relationshipTo = (known: Relationships | null, target: string): string | undefined =>
  known ? Object.entries(known.targets).find(([, types]) => types.includes(target))?.[0] : undefined;
