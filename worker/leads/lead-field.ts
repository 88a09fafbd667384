/**
 * A popup's checked field as the lead keeps it (docs/drupal.md §3c): the values webform_rest takes, with what a person
 * reads for the CRM. The routes read the posted values (routes/form-values.ts); this turns them into the lead's fields.
 */
import { EMAIL_CONFIRM_PARTS, type FormField } from '../../common/forms/definition';
import { formatPhone } from '../../common/forms/phone';
import { isPartValues, listOf, numberOf, type FieldValue } from '../../common/forms/validate';
import type { LeadField } from '../seams/lead-message';

/** No visitor writes more into one input; longer values are refused rather than cut. */
export const MAX_VALUE_LENGTH = 5000;

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
