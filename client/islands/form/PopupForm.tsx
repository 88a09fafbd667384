import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { NO_KEY_RECORDING } from '../../../common/consent';
import { CONSENT, HONEYPOT, type FormDefinition, type FormField } from '../../../common/forms/definition';
import { errorKeysOf, fieldErrors, validateForm, type FieldValue } from '../../../common/forms/validate';
import { CheckboxField, Field } from './fields';
import { submitForm } from './submit';

declare global {
  interface Window {
    /** Yandex Metrica's counter function, when the page has the counter. */
    ym?: (id: number, action: 'reachGoal', goal: string) => void;
  }
}

/** The consent as a field of its own: it takes a place in the form's order and an error like any other. */
const CONSENT_FIELD: FormField = { key: CONSENT.key, kind: 'checkbox', required: true };

/** docs/requirements.md §5: the consent goes before the last field a visitor sees. */
function withConsent(fields: FormField[]): FormField[] {
  const visible = fields.filter((f) => f.kind !== 'hidden');
  const at = Math.max(visible.length - 1, 0);
  return [...visible.slice(0, at), CONSENT_FIELD, ...visible.slice(at)];
}

/** What a field starts with: Drupal's #default_value where it fits, else empty. */
function initialValue(field: FormField): FieldValue {
  const given = field.defaultValue;
  switch (field.kind) {
    case 'checkbox':
    case 'terms':
      return given === true;
    case 'checkboxes':
      return Array.isArray(given) ? given : [];
    case 'composite':
      return Object.fromEntries(
        (field.parts ?? []).map((part) => [part.key, typeof given === 'object' && !Array.isArray(given) ? (given[part.key] ?? '') : '']),
      );
    case 'email_confirm': {
      const mail = typeof given === 'string' ? given : '';
      return { mail_1: mail, mail_2: mail };
    }
    default:
      return typeof given === 'string' ? given : (field.value ?? '');
  }
}

function initialValues(definition: FormDefinition): Record<string, FieldValue> {
  const values: Record<string, FieldValue> = { [CONSENT.key]: false };
  for (const field of definition.fields) {
    if (field.kind !== 'markup' && field.kind !== 'hidden' && field.kind !== 'file') values[field.key] = initialValue(field);
  }
  return values;
}

/** The consent's label, its words «согласие на обработку…» a link to the consent document (a tab of its own: the form stays filled). */
function ConsentLabel() {
  const at = CONSENT.label.indexOf('согласие');
  const link = (
    <a href={CONSENT.url} target="_blank" rel="noopener">
      {at >= 0 ? CONSENT.label.slice(at) : CONSENT.label}
    </a>
  );
  return (
    <>
      {at > 0 && CONSENT.label.slice(0, at)}
      {link}
      <span className="form-field__required" aria-hidden="true">
        *
      </span>
    </>
  );
}

/**
 * The popup's request form (docs/requirements.md §4, §5), drawn field by field from its
 * definition. Checked before sending with the same rules the worker applies;
 * a submit while one is in flight is ignored; on success the Metrica goal (when
 * the page has a counter), `form:success`, and the visitor goes to /thank-you.html,
 * the popup closing as the page is left.
 */
export function PopupForm({
  formId,
  definition,
  metrikaId,
  onSent,
}: {
  /** The popup's id, as the buttons name it: what is posted to, and the goal's name. */
  formId: string;
  definition: FormDefinition;
  metrikaId?: number;
  /** Closes the popup: called as the page is left for /thank-you.html. */
  onSent: () => void;
}) {
  const prefix = useId();
  const idOf = (key: string) => `${prefix}${key}`;
  const fields = withConsent(definition.fields);
  const [values, setValues] = useState(() => initialValues(definition));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  /** Sent with no network: the request waits on this device (runtime/outbox.ts) and the visitor is told so. */
  const [kept, setKept] = useState(false);
  const inFlight = useRef(false);
  const honeypot = useRef<HTMLInputElement>(null);
  const focusFirst = useRef(false);

  // Once the messages are drawn (and named by aria-describedby), focus goes to the first field that has one.
  useEffect(() => {
    if (!focusFirst.current) return;
    focusFirst.current = false;
    // A composite's or a group's message may be the whole field's: then its first input takes the focus.
    const first = fields.find((f) => errorKeysOf(f).some((key) => errors[key]));
    if (!first) return;
    const keys = errorKeysOf(first);
    const named = keys.find((key) => errors[key]);
    (document.getElementById(idOf(named ?? first.key)) ?? document.getElementById(idOf(keys[0] ?? first.key)))?.focus();
  });

  const setValue = (key: string, value: FieldValue) => {
    setValues((previous) => ({ ...previous, [key]: value }));
    // A message goes as soon as its input is right; new ones wait for the next submit.
    const field = fields.find((f) => f.key === key);
    const keys = field && key !== CONSENT.key ? errorKeysOf(field) : [key];
    if (!keys.some((k) => errors[k])) return;
    const found =
      key === CONSENT.key ? validateForm({ ...definition, fields: [] }, { [key]: value }) : field ? fieldErrors(field, value) : {};
    setErrors((previous) => {
      const next = { ...previous };
      for (const k of keys) {
        if (!previous[k]) continue;
        if (found[k]) next[k] = found[k];
        else delete next[k];
      }
      return next;
    });
  };

  const show = (found: Record<string, string>) => {
    // A message for a field the visitor cannot see (a hidden one) belongs to the form as a whole.
    const shown: Record<string, string> = {};
    const general: string[] = [];
    for (const [key, message] of Object.entries(found)) {
      if (key !== '_form' && fields.some((f) => f.kind !== 'markup' && f.kind !== 'hidden' && errorKeysOf(f).includes(key)))
        shown[key] = message;
      else general.push(message);
    }
    if (general.length) shown._form = general.join(' ');
    focusFirst.current = true;
    setErrors(shown);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    const found = validateForm(definition, values);
    if (Object.keys(found).length > 0) {
      show(found);
      return;
    }
    inFlight.current = true;
    setSending(true);
    setErrors({});
    const outcome = await submitForm(formId, definition, values, honeypot.current?.value ?? '');
    if (outcome.sent) {
      if (metrikaId && typeof window.ym === 'function') window.ym(metrikaId, 'reachGoal', formId);
      document.dispatchEvent(new CustomEvent('form:success', { detail: { form: formId, queued: outcome.queued } }));
      // The popup stays open, its button busy, until the page is left: the second click of a double click (or an
      // impatient tap) lands on it, not on a link of the page beneath, whose navigation would replace the thank-you
      // page's. It closes as the page goes, so that Back does not bring it back open.
      window.addEventListener('pagehide', onSent, { once: true });
      window.location.assign(outcome.queued ? '/thank-you.html?queued=1' : '/thank-you.html');
      return;
    }
    inFlight.current = false;
    setSending(false);
    if (outcome.kept) {
      setKept(true);
      return;
    }
    show(outcome.errors);
  };

  if (kept) {
    return (
      <p className="popup__text popup-form__kept" role="status">
        Нет соединения с интернетом. Заявка сохранена на этом устройстве и будет отправлена, как только связь восстановится, — даже если вы
        закроете эту страницу, она уйдёт при следующем открытии сайта.
      </p>
    );
  }

  return (
    <form className="popup-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={sending || undefined}>
      {fields.map((field) =>
        field === CONSENT_FIELD ? (
          <CheckboxField key={field.key} id={idOf(field.key)} label={<ConsentLabel />} error={errors[field.key]}>
            <input
              id={idOf(field.key)}
              name={field.key}
              type="checkbox"
              className={`form-field__check ${NO_KEY_RECORDING}`}
              required
              checked={values[field.key] === true}
              aria-invalid={errors[field.key] ? true : undefined}
              aria-describedby={errors[field.key] ? `${idOf(field.key)}-error` : undefined}
              onChange={(e) => setValue(field.key, e.currentTarget.checked)}
            />
          </CheckboxField>
        ) : (
          <Field
            key={field.key}
            field={field}
            id={idOf(field.key)}
            value={values[field.key]}
            error={errors[field.key]}
            errors={errors}
            idOf={idOf}
            setValue={setValue}
          />
        ),
      )}
      {/* For robots only: no person sees it or reaches it, and browsers' autofill and password managers are told to leave it alone. */}
      <div className="popup-form__trap" aria-hidden="true">
        <label htmlFor={idOf(HONEYPOT)}>Оставьте пустым</label>
        <input
          ref={honeypot}
          id={idOf(HONEYPOT)}
          name={HONEYPOT}
          type="text"
          className={NO_KEY_RECORDING}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
          data-1p-ignore=""
          data-lpignore="true"
          data-bwignore=""
          data-form-type="other"
        />
      </div>
      {errors._form && (
        <p className="popup-form__error" role="alert">
          {errors._form}
        </p>
      )}
      <button type="submit" className="button button--lg button--block popup-form__submit" aria-busy={sending || undefined}>
        <span>{definition.submitLabel}</span>
      </button>
    </form>
  );
}
