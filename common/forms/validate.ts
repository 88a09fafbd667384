import { CONSENT, type FormDefinition, type FormField } from './definition';
import { formatPhone } from './phone';

/** A value the form holds: text, a ticked box, or a chosen file (its name and size). */
export type FieldValue = string | boolean | { name: string; size: number } | undefined;

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

/** Spec §5: a required textarea needs at least 10 characters. */
export const TEXTAREA_MIN = 10;

const isBlank = (value: FieldValue) => value === undefined || value === false || (typeof value === 'string' && value.trim() === '');

/** One field's message in Russian, or undefined when it is fine. */
export function fieldError(field: FormField, value: FieldValue): string | undefined {
  if (field.kind === 'markup' || field.kind === 'hidden') return undefined;
  if (isBlank(value)) {
    if (!field.required) return undefined;
    if (field.kind === 'checkbox') return 'Отметьте это поле';
    if (field.kind === 'select') return 'Выберите значение';
    if (field.kind === 'file') return 'Прикрепите файл';
    return 'Заполните это поле';
  }
  if (typeof value === 'string') {
    const text = value.trim();
    if (field.kind === 'email' && !EMAIL.test(text)) return 'Введите e-mail, например name@mail.ru';
    if (field.kind === 'tel' && !formatPhone(text)) return 'Введите номер телефона полностью';
    const min = field.minLength ?? (field.kind === 'textarea' && field.required ? TEXTAREA_MIN : undefined);
    if (min !== undefined && text.length < min) return `Напишите не меньше ${min} символов`;
    if (field.kind === 'select' && field.options && !field.options.some((o) => o.value === value)) return 'Выберите значение из списка';
    if (field.kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(text)) return 'Укажите дату';
    if (field.kind === 'time' && !/^\d{2}:\d{2}$/.test(text)) return 'Укажите время';
    if (field.kind === 'time' && ((field.min && text < field.min) || (field.max && text > field.max))) {
      return `Выберите время с ${field.min ?? '00:00'} до ${field.max ?? '23:59'}`;
    }
  }
  if (field.kind === 'file' && typeof value === 'object') {
    const extension = value.name.split('.').pop()?.toLowerCase() ?? '';
    if (field.extensions?.length && !field.extensions.includes(extension)) return `Подходят файлы ${field.extensions.join(', ')}`;
    if (field.maxBytes !== undefined && value.size > field.maxBytes) return `Файл больше ${Math.round(field.maxBytes / 1024 / 1024)} МБ`;
  }
  return undefined;
}

/**
 * Every message of a filled form by field key (spec §5), the consent included;
 * empty when the form may be sent. The popup and the worker both run this.
 */
export function validateForm(definition: FormDefinition, values: Readonly<Record<string, FieldValue>>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of definition.fields) {
    const message = fieldError(field, values[field.key]);
    if (message) errors[field.key] = message;
  }
  if (values[CONSENT.key] !== true && values[CONSENT.key] !== 'true' && values[CONSENT.key] !== '1') {
    errors[CONSENT.key] = 'Без согласия на обработку персональных данных мы не можем принять заявку';
  }
  return errors;
}
