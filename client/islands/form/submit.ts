import { CONSENT, HONEYPOT, type FormDefinition, type FormField } from '../../../common/forms/definition';
import { isPartValues, type FieldValue } from '../../../common/forms/validate';
import { KEPT_FILE_BYTES, keepLead } from '../../runtime/outbox';

/**
 * What became of a submit: accepted (perhaps queued while Drupal is away), kept on
 * the device for when the network returns, or messages by field key and `_form`.
 */
export type Outcome =
  { sent: true; queued: boolean } | { sent: false; kept: true } | { sent: false; kept?: false; errors: Record<string, string> };

const SEND_TIMEOUT_MS = 30_000;
const UNREACHABLE = 'Не получилось отправить заявку: нет связи с сервером. Проверьте интернет и попробуйте ещё раз.';
const FAILED = 'Не получилось отправить заявку. Попробуйте ещё раз через минуту или позвоните нам.';
const FILE_NOT_KEPT = `Нет соединения с интернетом. Файл больше ${KEPT_FILE_BYTES / 1024 / 1024} МБ не получится сохранить на устройстве до появления связи: отправьте заявку, когда связь вернётся, — всё, что вы ввели, осталось в форме.`;

/** A hidden field's value at the moment of sending: the page's address and title, or its own. */
function hiddenValue(field: FormField): string {
  if (field.prefill === 'page_url') return window.location.href;
  if (field.prefill === 'page_title') return document.title;
  return field.value ?? '';
}

/**
 * The body POST /api/forms/{id} takes: JSON (text, ticked boxes, a group's list,
 * a composite's parts), or multipart/form-data with the names a browser's own
 * form would use (`key[]` for a list, `key[part]` for a part) when the form has
 * a file field.
 */
function body(definition: FormDefinition, values: Readonly<Record<string, FieldValue>>, honeypot: string): BodyInit {
  const entries: [string, Exclude<FieldValue, undefined>][] = [];
  for (const field of definition.fields) {
    if (field.kind === 'markup') continue;
    const value = field.kind === 'hidden' ? hiddenValue(field) : values[field.key];
    if (value !== undefined) entries.push([field.key, value]);
  }
  entries.push([CONSENT.key, true], [HONEYPOT, honeypot]);
  if (!definition.fields.some((f) => f.kind === 'file')) return JSON.stringify(Object.fromEntries(entries));
  const data = new FormData();
  for (const [key, value] of entries) {
    if (value instanceof File) data.append(key, value);
    else if (Array.isArray(value)) for (const item of value) data.append(`${key}[]`, item);
    else if (isPartValues(value)) for (const [part, item] of Object.entries(value)) data.append(`${key}[${part}]`, item);
    // A box left unticked is left out, as a browser's own form would.
    else if (value === true) data.append(key, 'true');
    else if (typeof value === 'string') data.append(key, value);
  }
  return data;
}

/** Posts the form to the worker (never to Drupal) and reads its answer. */
export async function submitForm(
  formId: string,
  definition: FormDefinition,
  values: Readonly<Record<string, FieldValue>>,
  honeypot: string,
): Promise<Outcome> {
  const payload = body(definition, values, honeypot);
  let response: Response;
  try {
    response = await fetch(`/api/forms/${encodeURIComponent(formId)}`, {
      method: 'POST',
      headers:
        typeof payload === 'string' ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
      body: payload,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    // No network at all (not a slow answer, which may have arrived): the request waits on the device (runtime/outbox.ts).
    if (!navigator.onLine || error instanceof TypeError) {
      if (await keepLead(formId, payload)) return { sent: false, kept: true };
      if (payload instanceof FormData) return { sent: false, errors: { _form: FILE_NOT_KEPT } };
    }
    return { sent: false, errors: { _form: UNREACHABLE } };
  }
  const answer = (await response.json().catch(() => null)) as { sid?: unknown; queued?: unknown; errors?: unknown } | null;
  if (response.ok && answer && (typeof answer.sid === 'string' || answer.queued === true)) {
    return { sent: true, queued: answer.queued === true };
  }
  if (answer && typeof answer.errors === 'object' && answer.errors !== null) {
    const errors = Object.fromEntries(
      Object.entries(answer.errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    if (Object.keys(errors).length > 0) return { sent: false, errors };
  }
  return { sent: false, errors: { _form: FAILED } };
}
