/**
 * A popup request form as the site knows it (docs/requirements.md §3 "Webform field definition",
 * §5): read by the worker from webform_rest's field tree (worker/drupal/schemas/
 * webform.ts), served to the popup at GET /api/forms/{id}, and checked on both
 * sides by validate.ts. Fieldsets are already flattened, private fields dropped.
 */

export type FieldKind =
  | 'text'
  | 'tel'
  | 'email'
  | 'date'
  | 'time'
  | 'number'
  | 'textarea'
  | 'select'
  | 'radios'
  | 'checkbox'
  | 'checkboxes'
  | 'terms'
  | 'email_confirm'
  | 'composite'
  | 'hidden'
  | 'file'
  | 'markup';

/** A composite's part (webform_name's first name, webform_address's city…): a plain field of its own kind, keyed by its sub-key. */
export type CompositePart = Pick<
  FormField,
  'key' | 'kind' | 'label' | 'required' | 'placeholder' | 'options' | 'emptyLabel' | 'min' | 'max' | 'step'
> & {
  kind: 'text' | 'tel' | 'email' | 'date' | 'number' | 'textarea' | 'select';
};

/** What a field may start filled with (Drupal's #default_value, made to fit its kind). */
export type DefaultValue = string | boolean | string[] | { [part: string]: string };

/** email_confirm's two inputs, as webform names them (`key][mail_1`, `key][mail_2`). */
export const EMAIL_CONFIRM_PARTS = ['mail_1', 'mail_2'] as const;

/** Form API's name of a part of a field: what Drupal's errors and our own messages are keyed by. */
export const partKey = (key: string, part: string) => `${key}][${part}`;

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
  /** select, radios, checkboxes: value and label, in Drupal's order; `emptyLabel` is the select's first, empty choice. */
  options?: { value: string; label: string }[];
  emptyLabel?: string;
  /** date (YYYY-MM-DD, or 'today'), time (HH:MM) and number bounds; time's step in seconds, number's in its own unit. */
  min?: string;
  max?: string;
  step?: number;
  /** file: allowed extensions, lower case, without dots; the largest size in bytes. */
  extensions?: string[];
  maxBytes?: number;
  /** textarea: the fewest characters (docs/requirements.md §5: 10 when required). */
  minLength?: number;
  /** markup, and the terms' text (terms): sanitised HTML. */
  html?: string;
  /** terms: the heading its text is shown under (Drupal's #terms_title). */
  termsTitle?: string;
  /** composite: its visible parts, in Drupal's order. */
  parts?: CompositePart[];
  /** Drupal's #default_value, when it fits the field. */
  defaultValue?: DefaultValue;
  /** hidden: its value, or what the page fills in (docs/requirements.md §3: the page's address and title). */
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
 * A trap for robots: a field no person sees or fills. Its name matches no
 * autofill heuristic (no «url», «site», «name», «mail»…), yet a browser or a
 * password manager may still fill it: a body that fills it is answered as a
 * success and reaches only the CRM, marked as suspected spam.
 */
export const HONEYPOT = 'hp_q7x';
/** The trap's name until 2026-11: a page loaded before the change still posts it. */
export const HONEYPOT_OLD = 'website';

/** What POST /api/forms/{id} answers. */
export type SubmitAnswer =
  /** Drupal accepted the submission. */
  | { sid: string }
  /** Drupal could not be reached: the request is kept and will be delivered. */
  | { queued: true }
  /** What to fix, by field key; `_form` for what belongs to no field. */
  | { errors: Record<string, string> };

/** Files accepted at most (5 MB), and the whole body (1 MB of JSON, or the file and its form). */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_JSON_BYTES = 1024 * 1024;
