import { CONSENT, EMAIL_CONFIRM_PARTS, partKey, type FormDefinition, type FormField } from './definition';
import { formatPhone } from './phone';

/** A chosen file, as far as the rules need it. */
export type FileValue = { readonly name: string; readonly size: number };
/** A composite's or email_confirm's inputs by part key. */
export type PartValues = { readonly [part: string]: string };

/** A value the form holds: text, a ticked box, the ticked options of a group, the parts of a composite, or a chosen file. */
export type FieldValue = string | boolean | readonly string[] | PartValues | FileValue | undefined;

export const isFileValue = (value: FieldValue): value is FileValue =>
  typeof value === 'object' &&
  !Array.isArray(value) &&
  typeof (value as FileValue).size === 'number' &&
  typeof (value as FileValue).name === 'string';

export const isPartValues = (value: FieldValue): value is PartValues =>
  typeof value === 'object' &&
  !Array.isArray(value) &&
  !isFileValue(value) &&
  Object.values(value).every((part) => typeof part === 'string');

/** A checkboxes group's ticked options: a lone string (one ticked box of a plain multipart post) is a list of one. */
export const listOf = (value: FieldValue): string[] =>
  Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string' && v !== '')
    : typeof value === 'string' && value !== ''
      ? [value]
      : [];

/** email_confirm's inputs: an object of both, or the e-mail alone (then it confirms itself). */
function mailsOf(value: FieldValue): [string, string] {
  if (typeof value === 'string') return [value.trim(), value.trim()];
  const parts = isPartValues(value) ? value : {};
  return [(parts[EMAIL_CONFIRM_PARTS[0]] ?? '').trim(), (parts[EMAIL_CONFIRM_PARTS[1]] ?? '').trim()];
}

/** A number as a visitor writes it (a comma is as good as a point); NaN when it is not one. */
export const numberOf = (text: string) => (/^[-+]?\d+([.,]\d+)?$/.test(text.trim()) ? Number(text.trim().replace(',', '.')) : Number.NaN);

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

/** docs/requirements.md §5: a required textarea needs at least 10 characters. */
export const TEXTAREA_MIN = 10;

const isBlank = (value: FieldValue): boolean =>
  value === undefined ||
  value === false ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && listOf(value).length === 0) ||
  (isPartValues(value) && Object.values(value).every((part) => part.trim() === ''));

/** One field's message in Russian, or undefined when it is fine (a composite's and email_confirm's are per part: see fieldErrors). */
export function fieldError(field: FormField, value: FieldValue): string | undefined {
  if (field.kind === 'markup' || field.kind === 'hidden' || field.kind === 'composite' || field.kind === 'email_confirm') return undefined;
  if (isBlank(value)) {
    if (!field.required) return undefined;
    if (field.kind === 'checkbox') return 'Отметьте это поле';
    if (field.kind === 'terms') return 'Примите условия, чтобы отправить заявку';
    if (field.kind === 'checkboxes') return 'Отметьте хотя бы один вариант';
    if (field.kind === 'radios') return 'Выберите один из вариантов';
    if (field.kind === 'select') return 'Выберите значение';
    if (field.kind === 'file') return 'Прикрепите файл';
    return 'Заполните это поле';
  }
  if (field.kind === 'checkboxes') {
    const list = listOf(value);
    if (list.length === 0 || !list.every((v) => field.options?.some((o) => o.value === v))) return 'Выберите значения из списка';
    return undefined;
  }
  if (Array.isArray(value) || isPartValues(value)) return 'Недопустимое значение';
  if (typeof value === 'string') {
    const text = value.trim();
    if (field.kind === 'email' && !EMAIL.test(text)) return 'Введите e-mail, например name@mail.ru';
    if (field.kind === 'tel' && !formatPhone(text)) return 'Введите номер телефона полностью';
    const min = field.minLength ?? (field.kind === 'textarea' && field.required ? TEXTAREA_MIN : undefined);
    if (min !== undefined && text.length < min) return `Напишите не меньше ${min} символов`;
    if ((field.kind === 'select' || field.kind === 'radios') && field.options && !field.options.some((o) => o.value === value))
      return 'Выберите значение из списка';
    if (field.kind === 'number') return numberError(field, text);
    if (field.kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(text)) return 'Укажите дату';
    if (field.kind === 'time' && !/^\d{2}:\d{2}$/.test(text)) return 'Укажите время';
    if (field.kind === 'time' && ((field.min && text < field.min) || (field.max && text > field.max))) {
      return `Выберите время с ${field.min ?? '00:00'} до ${field.max ?? '23:59'}`;
    }
  }
  if (field.kind === 'file' && isFileValue(value)) {
    const extension = value.name.split('.').pop()?.toLowerCase() ?? '';
    if (field.extensions?.length && !field.extensions.includes(extension)) return `Подходят файлы ${field.extensions.join(', ')}`;
    if (field.maxBytes !== undefined && value.size > field.maxBytes) return `Файл больше ${Math.round(field.maxBytes / 1024 / 1024)} МБ`;
  }
  return undefined;
}

function numberError(field: FormField, text: string): string | undefined {
  const n = numberOf(text);
  if (Number.isNaN(n)) return 'Введите число';
  const min = field.min !== undefined && field.min !== '' ? Number(field.min) : undefined;
  const max = field.max !== undefined && field.max !== '' ? Number(field.max) : undefined;
  if (min !== undefined && n < min) return `Введите число не меньше ${min}`;
  if (max !== undefined && n > max) return `Введите число не больше ${max}`;
  // Counted from the minimum, as the browser and Drupal count it; rounding keeps 0.1 steps honest.
  const step = field.step;
  if (step && step > 0) {
    const steps = (n - (min ?? 0)) / step;
    if (Math.abs(steps - Math.round(steps)) > 1e-9) return `Введите число с шагом ${step}`;
  }
  return undefined;
}

/**
 * A field's messages by the name each belongs to: the field's key, or `key][part`
 * for a part of a composite or of email_confirm (Form API's names, which Drupal's
 * own errors use too).
 */
export function fieldErrors(field: FormField, value: FieldValue): Record<string, string> {
  const errors: Record<string, string> = {};
  if (field.kind === 'composite') {
    const parts = field.parts ?? [];
    const given = isPartValues(value) ? value : {};
    for (const part of parts) {
      const message = fieldError({ ...part, key: partKey(field.key, part.key) }, given[part.key]);
      if (message) errors[partKey(field.key, part.key)] = message;
    }
    // A required composite whose parts are each optional still needs one of them.
    const first = parts[0];
    if (field.required && first && parts.every((part) => isBlank(given[part.key])))
      errors[partKey(field.key, first.key)] ??= 'Заполните это поле';
    return errors;
  }
  if (field.kind === 'email_confirm') {
    const [mail, again] = mailsOf(value);
    const [first, second] = EMAIL_CONFIRM_PARTS.map((part) => partKey(field.key, part)) as [string, string];
    if (!mail && !again) {
      if (field.required) errors[first] = 'Заполните это поле';
      return errors;
    }
    if (!mail) errors[first] = 'Заполните это поле';
    else if (!EMAIL.test(mail)) errors[first] = 'Введите e-mail, например name@mail.ru';
    else if (mail !== again) errors[second] = again ? 'Адреса e-mail не совпадают' : 'Повторите e-mail';
    return errors;
  }
  const message = fieldError(field, value);
  if (message) errors[field.key] = message;
  return errors;
}

/** The names a field's messages may carry, in the order its inputs are drawn (the first is where focus goes). */
export function errorKeysOf(field: FormField): string[] {
  if (field.kind === 'composite') return [...(field.parts ?? []).map((part) => partKey(field.key, part.key)), field.key];
  if (field.kind === 'email_confirm') return [...EMAIL_CONFIRM_PARTS.map((part) => partKey(field.key, part)), field.key];
  return [field.key];
}

/**
 * Every message of a filled form by field key (docs/requirements.md §5), the consent included;
 * empty when the form may be sent. The popup and the worker both run this.
 */
export function validateForm(definition: FormDefinition, values: Readonly<Record<string, FieldValue>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of definition.fields) Object.assign(errors, fieldErrors(field, values[field.key]));
  if (values[CONSENT.key] !== true && values[CONSENT.key] !== 'true' && values[CONSENT.key] !== '1') {
    errors[CONSENT.key] = 'Без согласия на обработку персональных данных мы не можем принять заявку';
  }
  return errors;
}
