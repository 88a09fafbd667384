import type { FieldKind } from '../../common/forms/definition';

/**
 * One request from a popup form, as the worker keeps it until Drupal and the CRM
 * have it. It holds personal data: it lives only in the request and in the
 * leads queue (deleted once delivered), never in logs or KV.
 */
export interface Lead {
  /** Ours, random: the CRM's idempotency key, so that a retried delivery is not a second lead. */
  id: string;
  /** The popup (docs/requirements.md §4), and the webform Drupal receives it as. */
  form: string;
  webformId: string;
  /** Each filled field with its kind and label, in the form's order (the CRM payload is built from kinds, not from one clinic's keys). */
  fields: LeadField[];
  /** A file field's upload, when Drupal has not taken it yet: the name only, the content stays in the request. */
  files: { key: string; name: string; size: number }[];
  page: { url?: string; title?: string };
  /** 152-ФЗ: which consent text, when, on which page. */
  consent: { version: string; at: string; page?: string };
  receivedAt: string;
  /** The page as Drupal's submission records it (sent as the submit call's Referer): only an http(s) page of this site. */
  referer?: string;
  /** The fids Drupal gave the files at the request: a lead queued after their upload still names them. */
  fileIds?: Record<string, string>;
  /** The form's first textarea, where Drupal's submission names the files it could not take. */
  noteKey?: string;
  /** Files Drupal could not take, and no CRM is configured to take them: the submission says so instead of «передан в CRM». */
  filesLost?: true;
  /** The trap field was filled (perhaps by a browser's autofill): the CRM gets it marked, Drupal never. */
  suspectedSpam?: true;
  /** The CRM has the lead, or a message of its own carries it: a later acceptance by Drupal must not announce it again. */
  crmSent?: true;
}

/** A field's value in webform_rest's shapes (docs/drupal.md §3c): text, a multi-value field's list, a composite's parts. */
export type LeadValue = string | string[] | { [part: string]: string };

export interface LeadField {
  key: string;
  kind: FieldKind;
  label?: string;
  value: LeadValue;
  /** How a person reads a value that is not plain text (the options' labels, each part with its title): the CRM's comment. */
  text?: string;
  /** A composite's parts, to find a name, a phone or an e-mail among them. */
  parts?: { key: string; kind: FieldKind; label?: string }[];
}

/** A file Drupal could not take, on its way to the CRM (docs/requirements.md §4's payload's `files`). */
export interface CrmFile {
  name: string;
  type: string;
  size: number;
  content_base64: string;
}

/**
 * What travels on the leads queue: a lead still to be submitted to Drupal, or one
 * to announce to the CRM (with a small file Drupal could not take, when the CRM
 * was away at the moment of the request: a queue message holds at most 128 KB).
 */
export type LeadMessage = { kind: 'drupal'; lead: Lead } | { kind: 'crm'; lead: Lead; sid?: string; files?: CrmFile[] };

/** docs/requirements.md §4: CRM webhook payload. */
export interface CrmPayload {
  name: string;
  phone: string;
  email: string;
  comment: string;
  form_name: string;
  form_type: 'consultation';
}

const NAME_KEY = /(^|_)(imya|imia|name|fio)($|_)/i;

/** A webform_name's parts in the order a name is said (webform_contact has one `name` part). */
const NAME_PARTS = ['first', 'middle', 'last'];

/** The kinds whose answers the comment lists as «label: answer». */
const ANSWERS = new Set<FieldKind>(['checkbox', 'terms', 'checkboxes', 'radios', 'number', 'composite']);

/** A value as one line of text: a list or a composite as a person reads it. */
const plain = (field: LeadField): string =>
  field.text ?? (typeof field.value === 'string' ? field.value : Object.values(field.value).join(', '));

/** The parts `test` picks, joined, from the first composite that has them filled. */
function fromParts(lead: Lead, test: (part: { key: string; kind: FieldKind }) => boolean): string {
  for (const field of lead.fields) {
    const values = field.value;
    if (typeof values !== 'object' || Array.isArray(values)) continue;
    const found = (field.parts ?? [])
      .filter(test)
      .map((part) => values[part.key]?.trim() ?? '')
      .filter(Boolean);
    if (found.length) return found.join(' ');
  }
  return '';
}

/** docs/requirements.md §4: name, phone, e-mail (also from a composite's parts), and a comment joining date, time, the visitor's words, the other answers, the page's address and title. */
export function crmPayload(lead: Lead, formTitle: string): CrmPayload {
  const first = (test: (field: LeadField) => boolean) => {
    const found = lead.fields.find((field) => typeof field.value === 'string' && test(field));
    return found ? plain(found) : '';
  };
  const dated = lead.fields.filter((f) => f.kind === 'date').map((f) => `Дата: ${plain(f).split('-').reverse().join('.')}`);
  const timed = lead.fields
    .filter((f) => f.kind === 'time' || (f.kind === 'select' && /vremya|time/i.test(f.key)))
    .map((f) => `Время: ${plain(f)}`);
  const words = lead.fields.filter((f) => f.kind === 'textarea').map(plain);
  const others = lead.fields
    .filter((f) => (f.kind === 'select' && !/vremya|time/i.test(f.key)) || ANSWERS.has(f.kind))
    .map((f) => `${f.label ?? f.key}: ${f.kind === 'checkbox' || f.kind === 'terms' ? 'да' : plain(f)}`);
  const files = lead.files.map((f) => `Файл: ${f.name}`);
  const page = [lead.page.url && `Страница: ${lead.page.url}`, lead.page.title && `Заголовок страницы: ${lead.page.title}`];
  const consent = `Согласие на обработку персональных данных: редакция ${lead.consent.version}, ${lead.consent.at}`;
  return {
    name:
      first((f) => NAME_KEY.test(f.key)) ||
      fromParts(lead, (part) => NAME_PARTS.includes(part.key)) ||
      fromParts(lead, (part) => part.key === 'name') ||
      first((f) => f.kind === 'text'),
    phone: first((f) => f.kind === 'tel') || fromParts(lead, (part) => part.kind === 'tel'),
    email: first((f) => f.kind === 'email' || f.kind === 'email_confirm') || fromParts(lead, (part) => part.kind === 'email'),
    comment: [...dated, ...timed, ...words, ...others, ...files, ...page, consent].filter(Boolean).join('\n'),
    form_name: formTitle,
    form_type: 'consultation',
  };
}

/** The body webform_rest expects: the webform's id and each field's value under its key. */
export function drupalBody(lead: Lead, fileIds: Record<string, string> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { webform_id: lead.webformId };
  // A ticked webform checkbox (or terms of service) is 1; lists and composites go as webform_rest takes them.
  for (const field of lead.fields)
    body[field.key] = field.kind === 'checkbox' || field.kind === 'terms' ? (field.value === '1' ? 1 : 0) : field.value;
  Object.assign(body, fileIds);
  return body;
}
