import type { FieldKind } from '../../common/forms/definition';

/**
 * One request from a popup form, as the worker keeps it until Drupal and the CRM
 * have it. It holds personal data: it lives only in the request and in the
 * leads queue (deleted once delivered), never in logs or KV.
 */
export interface Lead {
  /** Ours, random: the CRM's idempotency key, so that a retried delivery is not a second lead. */
  id: string;
  /** The popup (spec §4), and the webform Drupal receives it as. */
  form: string;
  webformId: string;
  /** Each filled field with its kind and label, in the form's order (the CRM payload is built from kinds, not from one clinic's keys). */
  fields: { key: string; kind: FieldKind; label?: string; value: string }[];
  /** A file field's upload, when Drupal has not taken it yet: the name only, the content stays in the request. */
  files: { key: string; name: string; size: number }[];
  page: { url?: string; title?: string };
  /** 152-ФЗ: which consent text, when, on which page. */
  consent: { version: string; at: string; page?: string };
  receivedAt: string;
}

/** What travels on the leads queue: a lead still to be submitted to Drupal, or one to announce to the CRM. */
export type LeadMessage = { kind: 'drupal'; lead: Lead } | { kind: 'crm'; lead: Lead; sid?: string };

/** Spec §4's CRM webhook payload. */
export interface CrmPayload {
  name: string;
  phone: string;
  email: string;
  comment: string;
  form_name: string;
  form_type: 'consultation';
}

const NAME_KEY = /(^|_)(imya|imia|name|fio)($|_)/i;

/** Spec §4: name, phone, e-mail, and a comment joining date, time, the visitor's words, the page's address and title. */
export function crmPayload(lead: Lead, formTitle: string): CrmPayload {
  const first = (test: (field: Lead['fields'][number]) => boolean) => lead.fields.find(test)?.value ?? '';
  const dated = lead.fields.filter((f) => f.kind === 'date').map((f) => `Дата: ${f.value.split('-').reverse().join('.')}`);
  const timed = lead.fields.filter((f) => f.kind === 'time' || (f.kind === 'select' && /vremya|time/i.test(f.key))).map((f) => `Время: ${f.value}`);
  const words = lead.fields.filter((f) => f.kind === 'textarea').map((f) => f.value);
  const others = lead.fields
    .filter((f) => (f.kind === 'select' && !/vremya|time/i.test(f.key)) || f.kind === 'checkbox')
    .map((f) => `${f.label ?? f.key}: ${f.kind === 'checkbox' ? 'да' : f.value}`);
  const files = lead.files.map((f) => `Файл: ${f.name}`);
  const page = [lead.page.url && `Страница: ${lead.page.url}`, lead.page.title && `Заголовок страницы: ${lead.page.title}`];
  const consent = `Согласие на обработку персональных данных: редакция ${lead.consent.version}, ${lead.consent.at}`;
  return {
    name: first((f) => NAME_KEY.test(f.key)) || first((f) => f.kind === 'text'),
    phone: first((f) => f.kind === 'tel'),
    email: first((f) => f.kind === 'email'),
    comment: [...dated, ...timed, ...words, ...others, ...files, ...page, consent].filter(Boolean).join('\n'),
    form_name: formTitle,
    form_type: 'consultation',
  };
}

/** The body webform_rest expects: the webform's id and each field's value under its key. */
export function drupalBody(lead: Lead, fileIds: Record<string, string> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { webform_id: lead.webformId };
  // A ticked webform checkbox is 1.
  for (const field of lead.fields) body[field.key] = field.kind === 'checkbox' ? (field.value === '1' ? 1 : 0) : field.value;
  Object.assign(body, fileIds);
  return body;
}
