import type { FieldKind } from '../../common/forms/definition';
import type { Lead, LeadField } from '../seams/lead-message';

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
