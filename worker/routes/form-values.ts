import { EMAIL_CONFIRM_PARTS, type FormField } from '../../common/forms/definition';
import { formatPhone } from '../../common/forms/phone';
import { isPartValues, listOf, numberOf, type FieldValue } from '../../common/forms/validate';
import type { LeadField } from '../seams/lead-message';

/*
 * The popup's posted values beyond plain text (checkboxes' lists, composites'
 * parts), read from JSON or multipart, and turned into the values webform_rest
 * takes (docs/drupal.md §3c). Bounded, so that a body cannot make us build more
 * than a form could ever need.
 */

/** No group has more options than this, no composite more parts. */
const MAX_LIST_ITEMS = 100;
const MAX_PARTS = 30;
/** No visitor writes more into one input; longer values are refused rather than cut. */
export const MAX_VALUE_LENGTH = 5000;

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

/** Every piece of text a value holds: each must fit MAX_VALUE_LENGTH. */
export const textsOf = (value: FieldValue): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? [...value] : isPartValues(value) ? Object.values(value) : [];

const cut = (text: string) => text.trim().slice(0, MAX_VALUE_LENGTH);
const ticked = (value: FieldValue) => value === true || value === 'true' || value === '1' || value === 'on';
const labelOf = (field: Pick<FormField, 'options'>, value: string) => field.options?.find((o) => o.value === value)?.label ?? value;

/**
 * A checked field's value as the lead keeps it (webform_rest's shapes: a list for
 * checkboxes, an object of parts for a composite, the e-mail itself for
 * email_confirm, 1 for a ticked box), with what a person reads for the CRM;
 * undefined when it is empty.
 */
export function leadFieldOf(field: FormField, value: FieldValue): LeadField | undefined {
  const lead = (filled: LeadField['value'], extra: Partial<LeadField> = {}): LeadField | undefined =>
    (typeof filled === 'string' ? filled : Object.keys(filled).length)
      ? { key: field.key, kind: field.kind, label: field.label, value: filled, ...extra }
      : undefined;
  const text = typeof value === 'string' ? cut(value) : '';
  switch (field.kind) {
    case 'markup':
    case 'file':
      return undefined;
    case 'hidden':
      return lead(field.prefill ? text : cut(field.value ?? ''));
    case 'checkbox':
    case 'terms':
      return lead(ticked(value) ? '1' : '');
    case 'checkboxes': {
      const list = [...new Set(listOf(value).filter((v) => field.options?.some((o) => o.value === v)))];
      return lead(list, { text: list.map((v) => labelOf(field, v)).join(', ') });
    }
    case 'radios':
      return lead(text, { text: labelOf(field, text) });
    case 'number': {
      const n = numberOf(text);
      return lead(Number.isNaN(n) ? text : String(n));
    }
    case 'tel':
      return lead(formatPhone(text) ?? text);
    case 'email_confirm':
      // Webform keeps the confirmed e-mail itself; the second input only checked it.
      return lead(isPartValues(value) ? cut(value[EMAIL_CONFIRM_PARTS[0]] ?? '') : text);
    case 'composite': {
      const given = isPartValues(value) ? value : {};
      const parts: Record<string, string> = {};
      for (const part of field.parts ?? []) {
        const raw = cut(given[part.key] ?? '');
        if (raw) parts[part.key] = part.kind === 'tel' ? (formatPhone(raw) ?? raw) : raw;
      }
      const shown = (field.parts ?? [])
        .filter((part) => parts[part.key])
        .map((part) => `${part.label ?? part.key}: ${part.kind === 'select' ? labelOf(part, parts[part.key]!) : parts[part.key]}`);
      return lead(parts, { text: shown.join(', '), parts: (field.parts ?? []).map(({ key, kind, label }) => ({ key, kind, label })) });
    }
    default:
      return lead(text);
  }
}
