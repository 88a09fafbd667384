import type { ReactNode } from 'react';
import { EMAIL_CONFIRM_PARTS, partKey, type FormField } from '../../../common/forms/definition';
import { NO_KEY_RECORDING } from '../../../common/consent';
import { isPartValues, listOf, type FieldValue } from '../../../common/forms/validate';
import { PhoneInput } from './PhoneInput';

export type SetValue = (key: string, value: FieldValue) => void;

/** The date input's `min`/`max`: Drupal's 'today' is the visitor's own today. */
function dateBound(bound: string | undefined): string | undefined {
  if (bound !== 'today') return bound;
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Autofill's names for the parts of webform's composites (webform_name, webform_address, webform_contact). */
const PART_AUTOCOMPLETE: Readonly<Record<string, string>> = {
  first: 'given-name',
  middle: 'additional-name',
  last: 'family-name',
  name: 'name',
  company: 'organization',
  address: 'address-line1',
  address_2: 'address-line2',
  city: 'address-level2',
  state_province: 'address-level1',
  postal_code: 'postal-code',
  country: 'country-name',
};

/** Autofill knows a name field by its key (vashe_imya, name…); phones and e-mails by their kind; a composite's part by its sub-key. */
function autoComplete(field: FormField): string | undefined {
  const part = /\]\[([^\]]+)$/.exec(field.key)?.[1];
  if (part && PART_AUTOCOMPLETE[part]) return PART_AUTOCOMPLETE[part];
  if (field.kind === 'email') return 'email';
  if (field.kind === 'text' && /imya|name|fio/i.test(field.key)) return 'name';
  return undefined;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} МБ`;
const kilobytes = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} КБ` : megabytes(bytes));

/** What a file field takes, shown where the file's name will be (docs/requirements.md §5: "allowed extensions as placeholder"). */
function fileHint(field: FormField): string | undefined {
  const parts = [
    field.extensions?.length ? field.extensions.map((e) => e.toUpperCase()).join(', ') : '',
    field.maxBytes ? `до ${megabytes(field.maxBytes)}` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}

const text = (value: FieldValue) => (typeof value === 'string' ? value : '');

interface FieldProps {
  field: FormField;
  id: string;
  value: FieldValue;
  error?: string;
  setValue: SetValue;
  /** The control's name when it is not the field's key (a composite's part: `key[part]`, as a browser's own form names it). */
  name?: string;
  /** Messages of a composite's or email_confirm's parts, by `key][part`. */
  errors?: Readonly<Record<string, string>>;
  /** The id of a part's control (`key][part`): the popup focuses it by its message's name. */
  idOf?: (key: string) => string;
}

/** The required mark after a label: seen, not read (the control says it is required). */
const RequiredMark = () => (
  <span className="form-field__required" aria-hidden="true">
    *
  </span>
);

/**
 * One field of the popup form: a visible label tied to its control, a required
 * mark, the description and the error under it, both named by aria-describedby.
 */
export function Field({ field, id, value, error, setValue, name, errors = {}, idOf = (key) => key }: FieldProps) {
  if (field.kind === 'hidden') return null;
  if (field.kind === 'markup') {
    return <div className="popup-form__markup" dangerouslySetInnerHTML={{ __html: field.html ?? '' }} />;
  }
  if (field.kind === 'composite' || field.kind === 'email_confirm') {
    return <PartsField field={field} value={value} error={error} errors={errors} idOf={idOf} setValue={setValue} />;
  }
  if (field.kind === 'radios' || field.kind === 'checkboxes') {
    return <ChoiceField field={field} id={id} value={value} error={error} setValue={setValue} />;
  }
  const hint = field.description;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control = {
    id,
    name: name ?? field.key,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  } as const;
  const label = (
    <>
      {field.label ?? field.key}
      {field.required && <RequiredMark />}
    </>
  );

  if (field.kind === 'checkbox' || field.kind === 'terms') {
    // The terms' own text folds out under the box, so the patient can read what the box agrees to.
    const terms = field.kind === 'terms' && field.html && (
      <details className="form-field__terms">
        <summary>{field.termsTitle ?? 'Условия'}</summary>
        <div className="form-field__terms-text" dangerouslySetInnerHTML={{ __html: field.html }} />
      </details>
    );
    return (
      <CheckboxField id={id} label={label} hint={hint} error={error} more={terms || undefined}>
        <input
          {...control}
          type="checkbox"
          className={`form-field__check ${NO_KEY_RECORDING}`}
          checked={value === true}
          onChange={(e) => setValue(field.key, e.currentTarget.checked)}
        />
      </CheckboxField>
    );
  }

  let input: ReactNode;
  switch (field.kind) {
    case 'tel':
      input = (
        <PhoneInput
          {...control}
          className={`form-field__input ${NO_KEY_RECORDING}`}
          placeholder={field.placeholder ?? '+7 (___) ___-__-__'}
          defaultValue={text(value)}
          onValue={(v) => setValue(field.key, v)}
        />
      );
      break;
    case 'textarea':
      input = (
        <textarea
          {...control}
          className={`form-field__input form-field__input--area ${NO_KEY_RECORDING}`}
          rows={field.required ? 4 : 3}
          placeholder={field.placeholder}
          value={text(value)}
          onChange={(e) => setValue(field.key, e.currentTarget.value)}
        />
      );
      break;
    case 'select':
      // The wrapper draws the chevron: a select has no box of its own for it.
      input = (
        <span className="form-field__select">
          <select
            {...control}
            className={`form-field__input ${NO_KEY_RECORDING}`}
            value={text(value)}
            onChange={(e) => setValue(field.key, e.currentTarget.value)}
          >
            <option value="">{field.emptyLabel ?? '— Выберите —'}</option>
            {field.options?.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </span>
      );
      break;
    case 'file': {
      // The browser's own picker speaks the browser's language; this one speaks Russian. The real input
      // lies over the whole box (a click or a dropped file anywhere works); what it shows is drawn beneath.
      const chosen = value instanceof File ? value : undefined;
      const filesId = `${id}-files`;
      input = (
        <span className="form-field__file" data-chosen={chosen ? '' : undefined}>
          <input
            {...control}
            aria-describedby={[filesId, control['aria-describedby']].filter(Boolean).join(' ')}
            type="file"
            className={NO_KEY_RECORDING}
            accept={field.extensions?.map((e) => `.${e}`).join(',')}
            onChange={(e) => setValue(field.key, e.currentTarget.files?.[0])}
          />
          <span className="form-field__file-button" aria-hidden="true">
            {chosen ? 'Заменить' : 'Выбрать файл'}
          </span>
          <span id={filesId} className="form-field__file-name">
            {chosen ? `${chosen.name} · ${kilobytes(chosen.size)}` : (fileHint(field) ?? 'Файл не выбран')}
          </span>
        </span>
      );
      break;
    }
    default:
      input = (
        <input
          {...control}
          type={field.kind === 'text' ? 'text' : field.kind}
          className={`form-field__input ${NO_KEY_RECORDING}`}
          placeholder={field.placeholder}
          autoComplete={autoComplete(field)}
          inputMode={field.kind === 'number' && (field.step === undefined || !Number.isInteger(field.step)) ? 'decimal' : undefined}
          min={field.kind === 'date' ? dateBound(field.min) : field.min}
          max={field.kind === 'date' ? dateBound(field.max) : field.max}
          step={field.kind === 'time' || field.kind === 'number' ? field.step : undefined}
          value={text(value)}
          onChange={(e) => setValue(field.key, e.currentTarget.value)}
        />
      );
  }
  return (
    <div className={`form-field form-field--${field.kind}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {input}
      <Below id={id} hint={hint} error={error} />
    </div>
  );
}

/** A box and its label on one line (the form's own checkboxes, the terms and the consent); `more` goes under the label. */
export function CheckboxField({
  id,
  label,
  hint,
  error,
  more,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: string;
  error?: string;
  more?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="form-field form-field--checkbox">
      <div className="form-field__row">
        {children}
        <label className="form-field__label form-field__label--check" htmlFor={id}>
          {label}
        </label>
      </div>
      {more}
      <Below id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * Radios and checkboxes: a group named by its legend, each option a box and its
 * label. The first option carries the field's id, so a message can focus it.
 */
function ChoiceField({ field, id, value, error, setValue }: Omit<FieldProps, 'name' | 'errors' | 'idOf'>) {
  const many = field.kind === 'checkboxes';
  const chosen = many ? listOf(value) : typeof value === 'string' ? [value] : [];
  const hint = field.description;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const toggle = (option: string, on: boolean) => {
    if (!many) return setValue(field.key, option);
    // Kept in the options' order, whatever order they were ticked in.
    const next = new Set(on ? [...chosen, option] : chosen.filter((v) => v !== option));
    setValue(
      field.key,
      (field.options ?? []).map((o) => o.value).filter((v) => next.has(v)),
    );
  };
  return (
    <fieldset className={`form-field form-field--group form-field--${field.kind}`} aria-describedby={describedBy}>
      <legend className="form-field__label">
        {field.label ?? field.key}
        {field.required && <RequiredMark />}
      </legend>
      <div className="form-field__options">
        {(field.options ?? []).map((option, index) => (
          <label key={option.value} className="form-field__option">
            <input
              id={index === 0 ? id : `${id}-${index}`}
              name={field.key}
              type={many ? 'checkbox' : 'radio'}
              className={`form-field__check${many ? '' : ' form-field__check--radio'} ${NO_KEY_RECORDING}`}
              value={option.value}
              required={!many && field.required}
              checked={chosen.includes(option.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              onChange={(e) => toggle(option.value, e.currentTarget.checked)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <Below id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/**
 * A composite (webform_name, webform_address…) and email_confirm: several inputs
 * that make one answer, each with its own label and message, posted as
 * `key[part]` and kept together as one value.
 */
function PartsField({
  field,
  value,
  error,
  errors,
  idOf,
  setValue,
}: Omit<FieldProps, 'id' | 'name' | 'errors' | 'idOf'> & Required<Pick<FieldProps, 'errors' | 'idOf'>>) {
  const given = isPartValues(value) ? value : {};
  const parts: FormField[] =
    field.kind === 'email_confirm'
      ? [
          {
            key: EMAIL_CONFIRM_PARTS[0],
            kind: 'email',
            label: field.label ?? 'E-mail',
            required: field.required,
            placeholder: field.placeholder,
            description: field.description,
          },
          { key: EMAIL_CONFIRM_PARTS[1], kind: 'email', label: 'Повторите e-mail', required: field.required },
        ]
      : (field.parts ?? []);
  // A message for the whole field (Drupal's own, named by the field's key) goes under its first input, tied to it.
  const inputs = parts.map((part, index) => {
    const key = partKey(field.key, part.key);
    return (
      <Field
        key={part.key}
        field={{ ...part, key }}
        name={`${field.key}[${part.key}]`}
        id={idOf(key)}
        value={given[part.key] ?? ''}
        error={errors[key] ?? (index === 0 ? error : undefined)}
        setValue={(_, next) => setValue(field.key, { ...given, [part.key]: typeof next === 'string' ? next : '' })}
      />
    );
  });
  // Two e-mail inputs need no frame; a composite's parts are one answer under its title.
  if (field.kind === 'email_confirm') return <div className="form-field-pair">{inputs}</div>;
  return (
    <fieldset
      className="form-field form-field--group form-field--composite"
      aria-describedby={field.description ? `${idOf(field.key)}-hint` : undefined}
    >
      {field.label && (
        <legend className="form-field__label">
          {field.label}
          {field.required && <RequiredMark />}
        </legend>
      )}
      <div className="form-field__parts">{inputs}</div>
      <Below id={idOf(field.key)} hint={field.description} />
    </fieldset>
  );
}

/** The description and the error under a field, with the ids its control names. */
function Below({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="form-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="form-field__error">
          {error}
        </p>
      )}
    </>
  );
}
