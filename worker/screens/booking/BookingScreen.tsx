import { formatDay } from '../../components/format';
import { bookingUrl } from '../../booking/booking-url';
import type { BookingView, Choice } from './booking-view';
import { DateStep, DoctorStep, ServiceStep, TimeStep } from './choice-steps';
import { CodeStep, MoveStep, PersonStep } from './person-steps';
import { UnavailableStep } from './UnavailableStep';
import { priceText } from './price-text';

const STEPS = [
  { step: 'service', label: 'Услуга' },
  { step: 'doctor', label: 'Специалист' },
  { step: 'date', label: 'День' },
  { step: 'time', label: 'Время' },
  { step: 'person', label: 'Ваши данные' },
] as const;

const POSITION: Record<BookingView['step'], number> = {
  service: 0,
  doctor: 1,
  date: 2,
  time: 3,
  person: 4,
  code: 4,
  move: 4,
  unavailable: 4,
};

/** Where the patient is, as a list a screen reader reads in order («Шаг 3 из 5»). */
function Progress({ at }: { at: number }) {
  return (
    <ol className="booking-steps" aria-label={`Шаг ${at + 1} из ${STEPS.length}`}>
      {STEPS.map(({ step, label }, index) => (
        <li key={step} className="booking-steps__item" data-state={index < at ? 'done' : index === at ? 'current' : 'next'}>
          <span aria-current={index === at ? 'step' : undefined}>{label}</span>
        </li>
      ))}
    </ol>
  );
}

/** What is chosen so far, each with a link back to change it. */
function Summary({ choice }: { choice: Choice }) {
  const { service, doctor, date, time, staff, query } = choice;
  if (!service) return null;
  const doctorName = doctor === 'any' ? (staff?.name ?? 'Любой специалист') : doctor?.name;
  const price = priceText(service);
  return (
    <dl className="booking-summary">
      <div>
        <dt>Услуга</dt>
        <dd>
          {service.title}
          {price && <span className="booking-summary__price">{price}</span>}{' '}
          {!choice.moving && (
            <a className="booking-summary__change" href={bookingUrl({ doctor: query.doctor })}>
              изменить
            </a>
          )}
        </dd>
      </div>
      {doctorName && (
        <div>
          <dt>Специалист</dt>
          <dd>
            {doctorName}{' '}
            {!choice.moving && (
              <a className="booking-summary__change" href={bookingUrl({ service: query.service })}>
                изменить
              </a>
            )}
          </dd>
        </div>
      )}
      {date && (
        <div>
          <dt>Дата и время</dt>
          <dd>
            {`${formatDay(date)}${time ? `, ${time.time}` : ''}`}{' '}
            <a className="booking-summary__change" href={bookingUrl({ ...query, date: undefined, time: undefined, staff: undefined })}>
              изменить
            </a>
          </dd>
        </div>
      )}
    </dl>
  );
}

function Step({ view }: { view: BookingView }) {
  switch (view.step) {
    case 'service':
      return <ServiceStep view={view} />;
    case 'doctor':
      return <DoctorStep view={view} />;
    case 'date':
      return <DateStep view={view} />;
    case 'time':
      return <TimeStep view={view} />;
    case 'person':
      return <PersonStep view={view} />;
    case 'code':
      return <CodeStep view={view} />;
    case 'move':
      return <MoveStep view={view} />;
    case 'unavailable':
      return <UnavailableStep view={view} />;
  }
}

/** The booking page (docs/booking.md, "The page"): one step at a time, each a plain page and form. */
export function BookingScreen({ view }: { view: BookingView }) {
  const moving = Boolean(view.choice.moving);
  return (
    <section className="booking">
      <header className="page-header">
        <h1>{moving ? 'Перенос записи' : 'Онлайн-запись'}</h1>
        <p className="booking__lead">
          {moving
            ? 'Выберите другой день и время — запись перенесётся на него.'
            : 'Выберите услугу, специалиста и свободное время — клиника сразу получит вашу запись.'}
        </p>
      </header>
      {view.step !== 'unavailable' && <Progress at={POSITION[view.step]} />}
      <Summary choice={view.choice} />
      <Step view={view} />
    </section>
  );
}
