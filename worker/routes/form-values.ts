import { isPartValues, type FieldValue } from '../../common/forms/validate';

/*
 * The popup's posted values beyond plain text (checkboxes' lists, composites'
 * parts), read from JSON or multipart; leads/lead-field.ts turns them into the
 * values webform_rest takes (docs/drupal.md §3c). Bounded, so that a body cannot
 * make us build more than a form could ever need.
 */

/** No group has more options than this, no composite more parts. */
const MAX_LIST_ITEMS = 100;
const MAX_PARTS = 30;

const scalar = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;

/** One value of a JSON body in the form's value model; undefined when no field could hold it (deeper nesting, too many items, null). */
export function jsonValue(value: unknown): FieldValue | undefined {
  if (typeof value === 'boolean') return value;
  const single = scalar(value);
  if (single !== undefined) return single;
  if (Array.isArray(value)) {
    const list = value.map(scalar);
    return list.length <= MAX_LIST_ITEMS && list.every((item): item is string => item !== undefined) ? list : undefined;
  }
  if (typeof value === 'object' && value !== null) {
    const parts = Object.entries(value).map(([part, item]) => [part, scalar(item)] as const);
    return parts.length <= MAX_PARTS && parts.every((entry): entry is readonly [string, string] => entry[1] !== undefined)
      ? Object.fromEntries(parts)
      : undefined;
  }
  return undefined;
}

/**
 * One text entry of a multipart body into `values`, as a browser's own form would
 * send the popup's fields: `key[part]` is a composite's part, `key[]` and a
 * repeated `key` a list. False when the body holds more than a form could.
 */
export function addMultipart(values: Record<string, FieldValue>, name: string, value: string): boolean {
  const nested = /^([^[\]]+)\[([^[\]]*)\]$/.exec(name);
  const key = nested?.[1] ?? name;
  const part = nested?.[2];
  const before = values[key];
  if (part) {
    const parts = isPartValues(before) ? before : {};
    if (Object.keys(parts).length >= MAX_PARTS) return false;
    values[key] = { ...parts, [part]: value };
    return true;
  }
  if (part === undefined && before === undefined) {
    values[key] = value;
    return true;
  }
  const list = Array.isArray(before) ? before : typeof before === 'string' ? [before] : [];
  if (list.length >= MAX_LIST_ITEMS) return false;
  values[key] = [...list, value];
  return true;
}

/** Every piece of text a value holds: each must fit MAX_VALUE_LENGTH (leads/lead-field.ts). */
export const textsOf = (value: FieldValue): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? [...value] : isPartValues(value) ? Object.values(value) : [];
