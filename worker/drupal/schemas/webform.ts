import { z } from 'zod';
import type { CompositePart, DefaultValue, FieldKind, FormField } from '../../../common/forms/definition';
import { MAX_FILE_BYTES } from '../../../common/forms/definition';
import { htmlToText } from '../entities';
import { optionalNumeric, optionalText } from './lenient';

/*
 * webform_rest's initialised field tree (docs/drupal.md §3a and its Corrections)
 * as the popup's fields: containers flattened into their children in order,
 * composites with their visible parts, private fields left out, `#options` read
 * as a map, a list or a predefined set's id. Each property is read on its own:
 * one of an unexpected type is ignored, never the element with it, because
 * Drupal enforces a dropped element's #required all the same.
 */

const KINDS: Readonly<Record<string, FieldKind>> = {
  textfield: 'text',
  tel: 'tel',
  email: 'email',
  date: 'date',
  datetime: 'date',
  webform_time: 'time',
  number: 'number',
  textarea: 'textarea',
  select: 'select',
  webform_select_other: 'select',
  radios: 'radios',
  webform_radios_other: 'radios',
  checkbox: 'checkbox',
  checkboxes: 'checkboxes',
  webform_checkboxes_other: 'checkboxes',
  webform_terms_of_service: 'terms',
  email_confirm: 'email_confirm',
  webform_email_confirm: 'email_confirm',
  hidden: 'hidden',
  value: 'hidden',
  managed_file: 'file',
  webform_document_file: 'file',
  webform_markup: 'markup',
  webform_message: 'markup',
  processed_text: 'markup',
  item: 'markup',
};

/** A composite's part types as the popup draws them; any other visible part is a text input. */
const PART_KINDS: Readonly<Record<string, CompositePart['kind']>> = {
  textfield: 'text',
  tel: 'tel',
  email: 'email',
  date: 'date',
  number: 'number',
  textarea: 'textarea',
  select: 'select',
  webform_select_other: 'select',
  radios: 'select',
};

const CONTAINERS = new Set(['fieldset', 'details', 'container', 'webform_flexbox', 'webform_section', 'webform_wizard_page']);

/** Elements that only arrange or compute and that no patient fills: left out without a word. */
const LAYOUT_ONLY = new Set(['webform_horizontal_rule', 'webform_computed_token', 'webform_computed_twig', 'webform_more', 'label']);

/** Drupal's predefined option sets a site may name instead of listing options (webform.webform_options.*). */
const PREDEFINED: Readonly<Record<string, Record<string, string>>> = {
  yes_no: { Yes: 'Да', No: 'Нет' },
};

/** A property of an unexpected type reads as absent. */
const text = optionalText.catch(undefined);
const numeric = optionalNumeric.catch(undefined);

const Element = z
  .object({
    '#type': z.string(),
    '#title': text,
    '#admin_title': text,
    '#required': z.unknown().optional(),
    '#private': z.unknown().optional(),
    '#access': z.unknown().optional(),
    '#placeholder': text,
    '#description': text,
    '#options': z.unknown().optional(),
    '#empty_option': text,
    '#min': text,
    '#max': text,
    '#date_date_min': text,
    '#date_date_max': text,
    '#step': numeric,
    '#file_extensions': text,
    '#max_filesize': numeric,
    '#minlength': numeric,
    '#markup': text,
    '#text': text,
    '#message_message': text,
    '#terms_title': text,
    '#terms_content': text,
    '#default_value': z.unknown().optional(),
    '#value': z.unknown().optional(),
    '#submit__label': text,
    '#webform_composite_elements': z.unknown().optional(),
  })
  .passthrough();

type RawElement = z.output<typeof Element>;

const truthy = (value: unknown) => value === true || value === 1 || value === '1' || value === 'true';

const isMap = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A scalar #default_value as text; other JSON types do not fit a text input. */
const scalarText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined;

function optionsOf(raw: unknown): { value: string; label: string }[] | undefined {
  const map = typeof raw === 'string' ? PREDEFINED[raw] : raw;
  if (Array.isArray(map))
    return map.flatMap((label) =>
      typeof label === 'string' || typeof label === 'number' ? [{ value: String(label), label: String(label) }] : [],
    );
  if (map && typeof map === 'object') {
    return Object.entries(map).flatMap(([value, label]) =>
      typeof label === 'string' || typeof label === 'number' ? [{ value, label: htmlToText(String(label)) }] : [],
    );
  }
  return undefined;
}

/** '5' (MB, Drupal's unit) → bytes, never above the site's own limit. */
const bytesOf = (megabytes: number | undefined) =>
  Math.min(MAX_FILE_BYTES, megabytes && megabytes > 0 ? megabytes * 1024 * 1024 : MAX_FILE_BYTES);

/** Drupal's #default_value (any JSON type) as the field's kind can hold it; undefined when it does not fit. */
function defaultOf(field: FormField, raw: unknown): DefaultValue | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const known = (value: string) => !field.options || field.options.some((o) => o.value === value);
  switch (field.kind) {
    case 'checkbox':
    case 'terms':
      return truthy(raw) || undefined;
    case 'checkboxes': {
      const list = (Array.isArray(raw) ? raw : isMap(raw) ? Object.values(raw) : [raw])
        .map(scalarText)
        .filter((v): v is string => v !== undefined && known(v));
      return list.length ? list : undefined;
    }
    case 'composite': {
      if (!isMap(raw)) return undefined;
      const parts = Object.fromEntries(
        (field.parts ?? []).flatMap((part) => {
          const value = scalarText(raw[part.key]);
          return value ? [[part.key, value]] : [];
        }),
      );
      return Object.keys(parts).length ? parts : undefined;
    }
    case 'file':
    case 'markup':
      return undefined;
    default: {
      const value = scalarText(raw);
      return value !== undefined && (field.kind !== 'select' && field.kind !== 'radios' ? true : known(value)) ? value : undefined;
    }
  }
}

/** A composite's visible parts (webform_name's first and last name…), each a plain field; hidden and private ones left out. */
function partsOf(raw: unknown): CompositePart[] {
  if (!isMap(raw)) return [];
  return Object.entries(raw).flatMap(([key, value]): CompositePart[] => {
    const parsed = Element.safeParse(value);
    if (!parsed.success) return [];
    const el = parsed.data;
    if (el['#access'] === false || truthy(el['#private']) || el['#type'] === 'hidden' || el['#type'] === 'value') return [];
    const part: CompositePart = { key, kind: PART_KINDS[el['#type']] ?? 'text', required: truthy(el['#required']) };
    const label = el['#title'] ?? el['#admin_title'];
    if (label) part.label = htmlToText(label);
    if (el['#placeholder']) part.placeholder = el['#placeholder'];
    if (part.kind === 'select') {
      part.options = optionsOf(el['#options']) ?? [];
      if (el['#empty_option']) part.emptyLabel = el['#empty_option'];
    }
    if (part.kind === 'number') Object.assign(part, { min: el['#min'], max: el['#max'], step: el['#step'] });
    for (const name of Object.keys(part) as (keyof CompositePart)[]) if (part[name] === undefined) delete part[name];
    return [part];
  });
}

function fieldOf(key: string, el: RawElement, kind: FieldKind): FormField {
  const field: FormField = { key, kind, required: truthy(el['#required']) };
  // A null #title leaves the administrative one (docs/drupal.md, Corrections): a control is never left without a name.
  const title = el['#title'] ?? (kind === 'markup' || kind === 'hidden' ? undefined : el['#admin_title']);
  if (title && kind !== 'markup') field.label = htmlToText(title);
  if (el['#placeholder']) field.placeholder = el['#placeholder'];
  if (el['#description']) field.description = htmlToText(el['#description']) || undefined;
  if (kind === 'select' || kind === 'radios' || kind === 'checkboxes') field.options = optionsOf(el['#options']) ?? [];
  if (kind === 'select' && el['#empty_option']) field.emptyLabel = el['#empty_option'];
  if (kind === 'date') {
    field.min = el['#date_date_min'] ?? el['#min'];
    field.max = el['#date_date_max'] ?? el['#max'];
  }
  if (kind === 'time' || kind === 'number') {
    field.min = el['#min'];
    field.max = el['#max'];
    field.step = el['#step'];
  }
  if (kind === 'file') {
    field.extensions = el['#file_extensions']
      ?.toLowerCase()
      .split(/[\s,]+/)
      .map((e) => e.replace(/^\./, ''))
      .filter(Boolean);
    field.maxBytes = bytesOf(el['#max_filesize']);
  }
  if (kind === 'textarea' && el['#minlength']) field.minLength = el['#minlength'];
  if (kind === 'markup') field.html = el['#markup'] ?? el['#text'] ?? el['#message_message'];
  if (kind === 'terms') {
    // Webform's own title marks the link words with braces: «Я принимаю {условия}».
    field.label = htmlToText(el['#title'] ?? 'Я принимаю {условия}').replace(/[{}]/g, '');
    field.termsTitle = el['#terms_title'] ? htmlToText(el['#terms_title']) : undefined;
    field.html = el['#terms_content'];
  }
  if (kind === 'composite') field.parts = partsOf(el['#webform_composite_elements']);
  if (kind === 'hidden') {
    if (key === 'send_page_url') field.prefill = 'page_url';
    else if (key === 'send_page_title') field.prefill = 'page_title';
    else field.value = scalarText(el['#value']) ?? scalarText(el['#default_value']);
  } else {
    field.defaultValue = defaultOf(field, el['#default_value']);
  }
  for (const name of Object.keys(field) as (keyof FormField)[]) if (field[name] === undefined) delete field[name];
  return field;
}

/** Elements already reported in this isolate: a form's odd element is said once, not on every parse. */
const reported = new Set<string>();

function reportUnrendered(formId: string, key: string, type: string, required: boolean) {
  const id = `${formId}\u0000${key}`;
  if (reported.has(id)) return;
  reported.add(id);
  // The form and the element, never a value: the tree holds no visitor's data, but the log is no place for content.
  console.warn(
    `Форма ${formId}: элемент «${key}» типа ${type} не поддерживается; ${required ? 'показан как текстовое поле, потому что он обязателен' : 'не показан'}`,
  );
}

export interface ParsedWebform {
  fields: FormField[];
  submitLabel?: string;
}

/** The tree of `GET /webform_rest/{id}/fields`, depth first, in Drupal's order; `formId` names the form in the log. */
export function webformFieldsOf(tree: unknown, formId = '?'): ParsedWebform | undefined {
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
      const composite = isMap(el['#webform_composite_elements']) && Object.keys(el['#webform_composite_elements']).length > 0;
      const kind = composite ? 'composite' : KINDS[type];
      if (kind) {
        const field = fieldOf(key, el, kind);
        // A composite whose parts are all hidden has nothing to fill.
        if (kind !== 'composite' || field.parts?.length) fields.push(field);
        continue;
      }
      if (LAYOUT_ONLY.has(type)) continue;
      // Drupal still enforces a required element the popup cannot draw: its nearest plain input lets the patient satisfy it.
      const required = truthy(el['#required']);
      reportUnrendered(formId, key, type, required);
      if (required) fields.push(fieldOf(key, el, 'text'));
    }
  };
  walk(tree as Record<string, unknown>);
  return { fields, submitLabel };
}
