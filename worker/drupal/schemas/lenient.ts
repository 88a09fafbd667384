import { z } from 'zod';

/**
 * Drupal's variations, accepted once at the boundary (docs/drupal.md, Rule 2):
 * numbers as strings, optional values missing/null/"", and PHP's empty array
 * `[]` where a map is meant.
 */

/** 251, "251" → 251. */
export const numeric = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d+(\.\d+)?$/),
  ])
  .transform(Number);

/** A value that may be missing, null, false or "": undefined then, else the string. */
export const optionalText = z
  .union([z.string(), z.number(), z.null(), z.undefined(), z.literal(false)])
  .transform((value) => (value === null || value === undefined || value === false || value === '' ? undefined : String(value)))
  // A missing key is as good as an empty value (zod 4 needs this to treat the key as optional).
  .optional();

/** Like optionalText, for numbers ("12", 12, "", null). */
export const optionalNumeric = z
  .union([z.number(), z.string(), z.null(), z.undefined(), z.literal(false)])
  .transform((value) => {
    if (value === null || value === undefined || value === false || value === '') return undefined;
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  })
  .optional();

/** true, 1, "1", "true" → true; everything else (0, "0", "", null, missing) → false. */
export const flag = z
  .union([z.boolean(), z.number(), z.string(), z.null(), z.undefined()])
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true')
  .optional()
  .transform((value) => value ?? false);

/**
 * The subrequests module that the `next` module brings on Drupal 10.2 claims every empty PHP array
 * in a serialised answer and writes its own envelope in its place, `{"content": "[]", "headers": {…}}`
 * (docs/drupal.md, "What a real Drupal answers"): an empty Views export comes as that. Read as what it wraps.
 */
export function unwrapSubrequest(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (keys.length !== 2 || !('content' in value) || !('headers' in value) || typeof value.content !== 'string') return value;
  try {
    return JSON.parse(value.content) as unknown;
  } catch {
    return value;
  }
}

/** A map keyed by Drupal ids, or `[]` when PHP had nothing to put in it; entries kept in order. */
export const phpMap = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    unwrapSubrequest,
    z
      .union([z.record(z.string(), item), z.array(item)])
      .transform((value): z.output<T>[] => (Array.isArray(value) ? value : Object.values(value))),
  );

/** A list that PHP may have encoded as an object keyed by index or id. */
export const phpList = phpMap;

/**
 * A node's `status` as JSON:API sends it: true, 1, "1", "true" published; anything else a draft.
 * Missing means published: Drupal's normaliser sends every field a type exposes, and the client
 * always asks for `status` in a sparse fieldset, so a resource without it comes from a type that
 * does not expose status at all (jsonapi_extras disabled the field), whose nodes were all asked
 * with `filter[status]=1`.
 */
export const nodeStatus = z
  .unknown()
  // A missing key is a value here too (zod 4 needs this to treat the key as optional).
  .optional()
  .transform((value) => value === undefined || flag.catch(false).parse(value));

/**
 * A Views row's optional status column (a view may add one): only a value that plainly says
 * unpublished drops the row; without the column, the view's own filter decides.
 */
export const rowStatus = z
  .unknown()
  .optional()
  .transform((value) => {
    if (value === false || value === 0) return false;
    if (typeof value !== 'string') return true;
    return !/^(0|false|off|no|unpublished|не опубликовано)$/i.test(value.trim());
  });
