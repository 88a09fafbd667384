import { CONSENT, HONEYPOT } from '../../common/forms/definition';
import { formatPhone, phoneDigits } from '../../common/forms/phone';
import type { Patient } from './booking-system';

/** The patient's fields as posted, trimmed and cut to length; nothing of them is kept past the request. */
export interface PostedPerson {
  name: string;
  phone: string;
  email: string;
  comment: string;
  consent: boolean;
  /** The honeypot: filled by robots, never by a person who sees the form. */
  trap: boolean;
}

const text = (form: Record<string, unknown>, name: string, max: number) => {
  const value = form[name];
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
};

export function postedPerson(form: Record<string, unknown>): PostedPerson {
  const phone = text(form, 'phone', 40);
  return {
    name: text(form, 'name', 120),
    // Shown again as the popups' mask shows it, when it is a whole number.
    phone: formatPhone(phone) ?? phone,
    email: text(form, 'email', 200),
    comment: text(form, 'comment', 1000),
    consent: text(form, CONSENT.key, 10) !== '',
    trap: text(form, HONEYPOT, 200) !== '',
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Messages by field, in Russian, as the popups say them; empty when the patient can be booked. */
export function personErrors(person: PostedPerson): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!person.name) errors.name = 'Укажите имя';
  if (!person.phone) errors.phone = 'Укажите телефон';
  else if (!formatPhone(person.phone)) errors.phone = 'Введите номер полностью: +7 (***) ***-**-**';
  if (person.email && !EMAIL.test(person.email)) errors.email = 'Проверьте адрес: например, name@mail.ru';
  if (!person.consent) errors.consent = 'Без согласия на обработку данных записать вас не получится';
  return errors;
}

export const patientOf = (person: PostedPerson): Patient => ({
  name: person.name,
  phone: phoneDigits(person.phone),
  email: person.email || undefined,
  comment: person.comment || undefined,
});
