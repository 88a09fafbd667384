import { z } from 'zod';
import type { FieldKind, FormField } from '../../../common/forms/definition';
import { MAX_FILE_BYTES } from '../../../common/forms/definition';
import { htmlToText } from '../entities';
import { optionalNumeric, optionalText } from './lenient';

/*
 * webform_rest's field tree (drupal-api.md §3a) as the popup's fields: containers
 * flattened into their children in order, private fields and unknown element
 * types left out, `#options` read as a map, a list or a predefined set's id.
 */

const KINDS: Readonly<Record<string, FieldKind>> = {
  textfield: 'text',
  tel: 'tel',
  email: 'email',
  date: 'date',
  datetime: 'date',
  webform_time: 'time',
  textarea: 'textarea',
  select: 'select',
  webform_select_other: 'select',
  radios: 'select',
  checkbox: 'checkbox',
  hidden: 'hidden',
  value: 'hidden',
  managed_file: 'file',
  webform_document_file: 'file',
  webform_markup: 'markup',
  processed_text: 'markup',
  item: 'markup',
};

const CONTAINERS = new Set(['fieldset', 'details', 'container', 'webform_flexbox', 'webform_section', 'webform_wizard_page']);

/** Drupal's predefined option sets a site may name instead of listing options (webform.webform_options.*). */
const PREDEFINED: Readonly<Record<string, Record<string, string>>> = {
  yes_no: { Yes: 'Да', No: 'Нет' },
};

const Element = z
  .object({
    '#type': z.string(),
    '#title': optionalText,
    '#required': z.unknown().optional(),
    '#private': z.unknown().optional(),
    '#access': z.unknown().optional(),
    '#placeholder': optionalText,
    '#description': optionalText,
    '#options': z.unknown().optional(),
    '#empty_option': optionalText,
    '#min': optionalText,
    '#max': optionalText,
    '#date_date_min': optionalText,
    '#date_date_max': optionalText,
    '#step': optionalNumeric,
    '#file_extensions': optionalText,
    '#max_filesize': optionalNumeric,
    '#minlength': optionalNumeric,
    '#markup': optionalText,
    '#text': optionalText,
    '#default_value': optionalText,
    '#value': optionalText,
    '#submit__label': optionalText,
  })
  .passthrough();

type RawElement = z.output<typeof Element>;

const truthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

function optionsOf(raw: unknown): { value: string; label: string }[] | undefined {
  const map = typeof raw === 'string' ? PREDEFINED[raw] : raw;
  if (Array.isArray(map)) return map.flatMap((label) => (typeof label === 'string' || typeof label === 'number' ? [{ value: String(label), label: String(label) }] : []));
  if (map && typeof map === 'object') {
    return Object.entries(map).flatMap(([value, label]) => (typeof label === 'string' || typeof label === 'number' ? [{ value, label: htmlToText(String(label)) }] : []));
  }
  return undefined;
}

/** '5' (MB, Drupal's unit) → bytes, never above the site's own limit. */
const bytesOf = (megabytes: number | undefined) => Math.min(MAX_FILE_BYTES, megabytes && megabytes > 0 ? megabytes * 1024 * 1024 : MAX_FILE_BYTES);

function fieldOf(key: string, el: RawElement, kind: FieldKind): FormField {
  const field: FormField = { key, kind, required: truthy(el['#required']) };
  if (el['#title'] && kind !== 'markup') field.label = htmlToText(el['#title']);
  if (el['#placeholder']) field.placeholder = el['#placeholder'];
  if (el['#description']) field.description = htmlToText(el['#description']) || undefined;
  if (kind === 'select') {
    field.options = optionsOf(el['#options']) ?? [];
    if (el['#empty_option']) field.emptyLabel = el['#empty_option'];
  }
  if (kind === 'date') {
    field.min = el['#date_date_min'] ?? el['#min'];
    field.max = el['#date_date_max'] ?? el['#max'];
  }
  if (kind === 'time') {
    field.min = el['#min'];
    field.max = el['#max'];
    field.step = el['#step'];
  }
  if (kind === 'file') {
    field.extensions = el['#file_extensions']?.toLowerCase().split(/[\s,]+/).map((e) => e.replace(/^\./, '')).filter(Boolean);
    field.maxBytes = bytesOf(el['#max_filesize']);
  }
  if (kind === 'textarea' && el['#minlength']) field.minLength = el['#minlength'];
  if (kind === 'markup') field.html = el['#markup'] ?? el['#text'];
  if (kind === 'hidden') {
    if (key === 'send_page_url') field.prefill = 'page_url';
    else if (key === 'send_page_title') field.prefill = 'page_title';
    else field.value = el['#value'] ?? el['#default_value'];
  }
  for (const name of Object.keys(field) as (keyof FormField)[]) if (field[name] === undefined) delete field[name];
  return field;
}

export interface ParsedWebform {
  fields: FormField[];
  submitLabel?: string;
}

/** The tree of `GET /webform_rest/{id}/fields`, depth first, in Drupal's order. */
export function webformFieldsOf(tree: unknown): ParsedWebform | undefined {
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) return undefined;
  const fields: FormField[] = [];
  let submitLabel: string | undefined;
  const walk = (node: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('#')) continue;
      const parsed = Element.safeParse(value);
      if (!parsed.success) continue;
      const el = parsed.data;
      if (truthy(el['#private']) || el['#access'] === false) continue;
      const type = el['#type'];
      if (type === 'webform_actions') {
        submitLabel = el['#submit__label'] ? htmlToText(el['#submit__label']) : undefined;
        continue;
      }
      if (CONTAINERS.has(type)) {
        walk(value as Record<string, unknown>);
        continue;
      }
      const kind = KINDS[type];
      if (kind) fields.push(fieldOf(key, el, kind));
    }
  };
  walk(tree as Record<string, unknown>);
  return { fields, submitLabel };
}
