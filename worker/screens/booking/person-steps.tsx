import { CalendarCheck } from 'lucide-react';
import { NO_KEY_RECORDING } from '../../../common/consent';
import { CONSENT, HONEYPOT } from '../../../common/forms/definition';
import { Behavior } from '../../components/Behavior';
import { formatDay } from '../../components/format';
import { ButtonContent, buttonClass } from '../../components/ui/Button';
import { BOOKING_MANAGE_PATH, BOOKING_PATH } from '../../booking/booking-url';
import type { BookingView, Choice, PersonForm } from './booking-view';
import { choiceComment } from './choice-words';

type StepOf<S extends BookingView['step']> = Extract<BookingView, { step: S }>;

/** The choice travels with the form, so that a refused post loses nothing and needs no session. */
export function ChoiceFields({ choice, form }: { choice: Choice; form: PersonForm }) {
  const { service, doctor, date, time, staff, move, hash } = choice.query;
  // The choice in words too: should the schedule fail on this post, the request form still says what was chosen.
  const hidden = { service, doctor, date, time, staff, move, hash, key: form.key, said: choiceComment(choice) };
  return <>{Object.entries(hidden).map(([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />)}</>;
}

function Field({
  name,
  label,
  form,
  required,
  children,
}: {
  name: string;
  label: string;
  form: PersonForm;
  required?: boolean;
  children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode;
}) {
  const id = `booking-${name}`;
  const error = form.errors[name];
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="form-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined })}
      {error && (
        <p className="form-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The patient's fields: the same as the popups' (the phone as +7 (***) ***-**-**), the consent separate. */
export function PersonFields({ form, withComment = true }: { form: PersonForm; withComment?: boolean }) {
  const { values } = form;
  return (
    <>
      <Field name="name" label="Имя" form={form} required>
        {(props) => (
          <input
            {...props}
            className={`form-field__input ${NO_KEY_RECORDING}`}
            name="name"
            type="text"
            autoComplete="name"
            maxLength={120}
            required
            defaultValue={values.name}
          />
        )}
      </Field>
      <Field name="phone" label="Телефон" form={form} required>
        {(props) => (
          // Masked as the popups' once the visitor reaches the field; plain without JavaScript (docs/booking.md, "The page").
          <Behavior name="PhoneMask" props={{}}>
            <input
              {...props}
              className={`form-field__input ${NO_KEY_RECORDING}`}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+7 (___) ___-__-__"
              maxLength={40}
              required
              defaultValue={values.phone}
            />
          </Behavior>
        )}
      </Field>
      <Field name="email" label="Эл. почта (необязательно)" form={form}>
        {(props) => (
          <input
            {...props}
            className={`form-field__input ${NO_KEY_RECORDING}`}
            name="email"
            type="email"
            autoComplete="email"
            maxLength={200}
            defaultValue={values.email}
          />
        )}
      </Field>
      {withComment && (
        <Field name="comment" label="Комментарий (необязательно)" form={form}>
          {(props) => (
            <textarea
              {...props}
              className={`form-field__input ${NO_KEY_RECORDING}`}
              name="comment"
              rows={3}
              maxLength={1000}
              defaultValue={values.comment}
            />
          )}
        </Field>
      )}
      {/* The popups' checkbox look (a 24 px box, the whole label a target), drawn without their script. */}
      <div className="form-field form-field--checkbox form-check">
        <div className="form-field__row">
          <input
            id="booking-consent"
            className="form-field__check"
            type="checkbox"
            name={CONSENT.key}
            value="1"
            required
            defaultChecked={values.consent}
            aria-invalid={form.errors.consent ? true : undefined}
            aria-describedby={form.errors.consent ? 'booking-consent-error' : undefined}
          />
          <label className="form-field__label form-field__label--check" htmlFor="booking-consent">
            <span>
              Я даю{' '}
              <a href={CONSENT.url} target="_blank" rel="noopener">
                согласие на обработку моих персональных данных
              </a>
            </span>
          </label>
        </div>
        {form.errors.consent && (
          <p className="form-field__error" id="booking-consent-error">
            {form.errors.consent}
          </p>
        )}
      </div>
      <div className="popup-form__trap" aria-hidden="true">
        <label htmlFor="booking-trap">Оставьте пустым</label>
        <input id="booking-trap" name={HONEYPOT} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
    </>
  );
}

export function FormError({ form }: { form: PersonForm }) {
  return form.errors._form ? (
    <p className="booking__alert" role="alert">
      {form.errors._form}
    </p>
  ) : null;
}

export function PersonStep({ view }: { view: StepOf<'person'> }) {
  const { choice, form, taken, takenWhy, codes } = view;
  const moving = Boolean(choice.moving);
  return (
    <section className="booking-step" aria-labelledby="booking-step-title">
      <h2 id="booking-step-title">Ваши данные</h2>
      {moving && !taken && (
        <p className="booking__lead">
          Сначала мы запишем вас на новое время, и только потом отменим прежнюю запись — без записи вы не останетесь.
        </p>
      )}
      <form className="booking-form" method="post" action={BOOKING_PATH}>
        <ChoiceFields choice={choice} form={form} />
        {taken && (
          <div className="booking__alert" role="alert">
            <p>
              {takenWhy === 'own-visit'
                ? 'В это время у вас уже есть запись в клинике. Выберите другое время — всё, что вы ввели, сохранится:'
                : 'Это время только что заняли. Выберите другое — всё, что вы ввели, сохранится:'}
            </p>
            {taken.length > 0 ? (
              <div className="booking-times booking-times--inline">
                {taken.map((time) => (
                  <button
                    key={time.datetime}
                    className="booking-time"
                    type="submit"
                    name="retime"
                    value={`${time.datetime.slice(0, 10)} ${time.time} ${time.staffId ?? ''}`}
                  >
                    {`${formatDay(time.datetime.slice(0, 10))}, ${time.time}`}
                  </button>
                ))}
              </div>
            ) : (
              <p>Ближайших свободных времён нет — оставьте заявку, и администратор подберёт время.</p>
            )}
          </div>
        )}
        <FormError form={form} />
        <PersonFields form={form} />
        {!taken && (
          <button className={buttonClass({ block: true, size: 'lg' })} type="submit" name="action" value={codes ? 'code' : 'book'}>
            <ButtonContent icon={CalendarCheck}>{codes ? 'Получить код в СМС' : moving ? 'Перенести запись' : 'Записаться'}</ButtonContent>
          </button>
        )}
        {codes && !taken && <p className="form-field__hint">Мы отправим код подтверждения на этот номер.</p>}
      </form>
    </section>
  );
}

export function CodeStep({ view }: { view: StepOf<'code'> }) {
  const { choice, form, code } = view;
  const { values } = form;
  return (
    <section className="booking-step" aria-labelledby="booking-step-title">
      <h2 id="booking-step-title">Код из СМС</h2>
      <form className="booking-form" method="post" action={BOOKING_PATH}>
        <ChoiceFields choice={choice} form={form} />
        {Object.entries({ name: values.name, phone: values.phone, email: values.email, comment: values.comment }).map(
          ([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />,
        )}
        <input type="hidden" name={CONSENT.key} value="1" />
        <p className="booking__lead">
          Мы отправили код на номер <span className="booking__phone">{values.phone}</span>. Введите его, чтобы подтвердить запись.
        </p>
        <FormError form={form} />
        <Field name="code" label="Код из СМС" form={form} required>
          {(props) => (
            <input
              {...props}
              className="form-field__input booking-code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={8}
              required
              defaultValue={code}
            />
          )}
        </Field>
        <button className={buttonClass({ block: true, size: 'lg' })} type="submit" name="action" value="book">
          <ButtonContent icon={CalendarCheck}>{choice.moving ? 'Подтвердить перенос' : 'Подтвердить запись'}</ButtonContent>
        </button>
        <button className={buttonClass({ variant: 'ghost', block: true })} type="submit" name="action" value="code" formNoValidate>
          Отправить код ещё раз
        </button>
      </form>
    </section>
  );
}

export function MoveStep({ view }: { view: StepOf<'move'> }) {
  const { choice } = view;
  if (!choice.moving || !choice.time) return null;
  return (
    <section className="booking-step" aria-labelledby="booking-step-title">
      <h2 id="booking-step-title">Перенести запись на это время?</h2>
      <form className="booking-form" method="post" action={BOOKING_MANAGE_PATH}>
        <input type="hidden" name="id" value={choice.moving.id} />
        <input type="hidden" name="hash" value={choice.moving.hash} />
        <input type="hidden" name="datetime" value={choice.time.datetime} />
        <input type="hidden" name="staff" value={choice.time.staffId ?? choice.query.staff ?? choice.query.doctor ?? ''} />
        <button className={buttonClass({ block: true, size: 'lg' })} type="submit" name="action" value="move">
          <ButtonContent icon={CalendarCheck}>Перенести запись</ButtonContent>
        </button>
      </form>
    </section>
  );
}
