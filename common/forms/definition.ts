/**
 * A popup request form as the site knows it (spec §3 "Webform field definition",
 * §5): read by the worker from webform_rest's field tree (worker/drupal/schemas/
 * webform.ts), served to the popup at GET /api/forms/{id}, and checked on both
 * sides by validate.ts. Fieldsets are already flattened, private fields dropped.
 */

export type FieldKind = 'text' | 'tel' | 'email' | 'date' | 'time' | 'textarea' | 'select' | 'checkbox' | 'hidden' | 'file' | 'markup';

export interface FormField {
  /** webform_rest's element key: the name Drupal expects the value under. */
  key: string;
  kind: FieldKind;
  /** The visible label (Drupal's #title); markup has none. */
  label?: string;
  required: boolean;
  placeholder?: string;
  /** A line under the field (Drupal's #description), plain text. */
  description?: string;
  /** select: value and label, in Drupal's order; `emptyLabel` is the first, empty choice. */
  options?: { value: string; label: string }[];
  emptyLabel?: string;
  /** date (YYYY-MM-DD, or 'today') and time (HH:MM); time's step in seconds. */
  min?: string;
  max?: string;
  step?: number;
  /** file: allowed extensions, lower case, without dots; the largest size in bytes. */
  extensions?: string[];
  maxBytes?: number;
  /** textarea: the fewest characters (spec §5: 10 when required). */
  minLength?: number;
  /** markup: sanitised HTML. */
  html?: string;
  /** hidden: its value, or what the page fills in (spec §3: the page's address and title). */
  value?: string;
  prefill?: 'page_url' | 'page_title';
}

export interface FormDefinition {
  id: string;
  title: string;
  fields: FormField[];
  /** The submit button's label (Drupal's #submit__label, else «Отправить»). */
  submitLabel: string;
}

/** The consent to personal-data processing (152-ФЗ as amended 1 September 2025): a document of its own, ticked apart from everything else. */
export const CONSENT = {
  /** The field's name in the posted body; the worker records it, Drupal never sees it. */
  key: 'soglasie_na_obrabotku',
  /** The consent document's page and its version: recorded with each lead. */
  url: '/soglasie-na-obrabotku-personalnyh-dannyh.html',
  version: '2025-09-01',
  label: 'Я даю согласие на обработку моих персональных данных',
} as const;

/**
 * A trap for robots: a field no person sees or fills. A body that fills it is
 * answered as a success and dropped.
 */
export const HONEYPOT = 'website';

/** What POST /api/forms/{id} answers. */
export type SubmitAnswer =
  /** Drupal accepted the submission. */
  | { sid: string }
  /** Drupal could not be reached: the request is kept and will be delivered. */
  | { queued: true }
  /** What to fix, by field key; `_form` for what belongs to no field. */
  | { errors: Record<string, string> };

/** Files accepted at most (issue 8: 5 MB), and the whole body (1 MB of JSON, or the file and its form). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_JSON_BYTES = 1024 * 1024;
