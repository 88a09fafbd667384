import type { ReactNode } from 'react';
import type { FormField } from '../../../common/forms/definition';
import type { FieldValue } from '../../../common/forms/validate';
import { PhoneInput } from './PhoneInput';

export type SetValue = (key: string, value: FieldValue) => void;

/** The date input's `min`/`max`: Drupal's 'today' is the visitor's own today. */
function dateBound(bound: string | undefined): string | undefined {
  if (bound !== 'today') return bound;
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** Autofill knows a name field by its key (vashe_imya, name…); phones and e-mails by their kind. */
function autoComplete(field: FormField): string | undefined {
  if (field.kind === 'email') return 'email';
  if (field.kind === 'text' && /imya|name|fio/i.test(field.key)) return 'name';
  return undefined;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} МБ`;
const kilobytes = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} КБ` : megabytes(bytes));

/** What a file field takes, shown where the file's name will be (spec §5: "allowed extensions as placeholder"). */
function fileHint(field: FormField): string | undefined {
  const parts = [field.extensions?.length ? field.extensions.map((e) => e.toUpperCase()).join(', ') : '', field.maxBytes ? `до ${megabytes(field.maxBytes)}` : ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : undefined;
}

const text = (value: FieldValue) => (typeof value === 'string' ? value : '');

interface FieldProps {
  field: FormField;
  id: string;
  value: FieldValue;
  error?: string;
  setValue: SetValue;
}

/**
 * One field of the popup form: a visible label tied to its control, a required
 * mark, the description and the error under it, both named by aria-describedby.
 */
export function Field({ field, id, value, error, setValue }: FieldProps) {
  if (field.kind === 'hidden') return null;
  if (field.kind === 'markup') {
    return <div className="popup-form__markup" dangerouslySetInnerHTML={{ __html: field.html ?? '' }} />;
  }
  const hint = field.description;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const control = {
    id,
    name: field.key,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  } as const;
  const label = (
    <>
      {field.label ?? field.key}
      {field.required && (
        <span className="form-field__required" aria-hidden="true">
          *
        </span>
      )}
    </>
  );

  if (field.kind === 'checkbox') {
    return (
      <CheckboxField id={id} label={label} hint={hint} error={error}>
        <input {...control} type="checkbox" className="form-field__check" checked={value === true} onChange={(e) => setValue(field.key, e.currentTarget.checked)} />
      </CheckboxField>
    );
  }

  let input: ReactNode;
  switch (field.kind) {
    case 'tel':
      input = <PhoneInput {...control} className="form-field__input" placeholder={field.placeholder ?? '+7 (___) ___-__-__'} defaultValue={text(value)} onValue={(v) => setValue(field.key, v)} />;
      break;
    case 'textarea':
      input = (
        <textarea
          {...control}
          className="form-field__input form-field__input--area"
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
          <select {...control} className="form-field__input" value={text(value)} onChange={(e) => setValue(field.key, e.currentTarget.value)}>
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
            accept={field.extensions?.map((e) => `.${e}`).join(',')}
            onChange={(e) => setValue(field.key, e.currentTarget.files?.[0])}
          />
          <span className="form-field__file-button" aria-hidden="true">
            {chosen ? 'Заменить' : 'Выбрать файл'}
          </span>
          <span id={filesId} className="form-field__file-name">
            {chosen ? `${chosen.name} · ${kilobytes(chosen.size)}` : fileHint(field) ?? 'Файл не выбран'}
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
          className="form-field__input"
          placeholder={field.placeholder}
          autoComplete={autoComplete(field)}
          min={field.kind === 'date' ? dateBound(field.min) : field.min}
          max={field.kind === 'date' ? dateBound(field.max) : field.max}
          step={field.kind === 'time' ? field.step : undefined}
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

/** A box and its label on one line (the form's own checkboxes and the consent). */
export function CheckboxField({ id, label, hint, error, children }: { id: string; label: ReactNode; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="form-field form-field--checkbox">
      <div className="form-field__row">
        {children}
        <label className="form-field__label form-field__label--check" htmlFor={id}>
          {label}
        </label>
      </div>
      <Below id={id} hint={hint} error={error} />
    </div>
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
