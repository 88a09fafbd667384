import { formatDay } from '../../components/format';
import { bookingUrl } from '../../booking/booking-url';
import type { BookingView, CalendarDay } from './booking-view';
import { priceText } from './price-text';

type StepOf<S extends BookingView['step']> = Extract<BookingView, { step: S }>;

function Empty({ children, back }: { children: string; back?: string }) {
  return (
    <p className="booking__empty">
      {children} {back && <a href={back}>Вернуться на шаг назад</a>}
    </p>
  );
}

export function ServiceStep({ view }: { view: StepOf<'service'> }) {
  const { services, choice } = view;
  if (services.length === 0) return <Empty>Онлайн-запись на услуги сейчас недоступна.</Empty>;
  return (
    <section className="booking-step" aria-labelledby="booking-step-title">
      <h2 id="booking-step-title">Выберите услугу</h2>
      <ul className="booking-choices">
        {services.map((service) => (
          <li key={service.id}>
            <a className="booking-choice" href={bookingUrl({ service: service.id, doctor: choice.query.doctor })}>
              <span className="booking-choice__title">{service.title}</span>
              {priceText(service) && <span className="booking-choice__note">{priceText(service)}</span>}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DoctorStep({ view }: { view: StepOf<'doctor'> }) {
  const { doctors, anyone, choice } = view;
  const service = choice.query.service;
  return (
    <section className="booking-step" aria-labelledby="booking-step-title">
      <h2 id="booking-step-title">Выберите специалиста</h2>
      <ul className="booking-choices">
        {anyone && (
          <li>
            <a className="booking-choice" href={bookingUrl({ service, doctor: 'any' })}>
              <span className="booking-choice__title">Любой специалист</span>
              <span className="booking-choice__note">Покажем все свободные времена</span>
            </a>
          </li>
        )}
        {doctors.map((doctor) => (
          <li key={doctor.id}>
            <a className="booking-choice" href={bookingUrl({ service, doctor: doctor.id })}>
              <span className="booking-choice__title">{doctor.name}</span>
              {doctor.specialization && <span className="booking-choice__note">{doctor.specialization}</span>}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

const WEEKDAYS = ['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс'];
const MONTHS = ['Январь', 'Февраль', 'Март', 'Апрель', 'Май', 'Июнь', 'Июль', 'Август', 'Сентябрь', 'Октябрь', 'Ноябрь', 'Декабрь'];
const DAY_NAMES = ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'];

/** Monday = 0; the day is the clinic's calendar day, read without time zones. */
const weekdayOf = (date: string) => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;

/** The days by month, each month padded to start on its weekday. */
function months(days: readonly CalendarDay[]): { title: string; cells: (CalendarDay | null)[] }[] {
  const result: { title: string; cells: (CalendarDay | null)[] }[] = [];
  for (const day of days) {
    const [year, month] = day.date.split('-');
    const title = `${MONTHS[Number(month) - 1]} ${year}`;
    let current = result.at(-1);
    if (current?.title !== title) {
      current = { title, cells: Array<null>(weekdayOf(day.date)).fill(null) };
      result.push(current);
    }
    current.cells.push(day);
  }
  return result;
}

export function DateStep({ view }: { view: StepOf<'date'> }) {
  const { days, choice } = view;
  if (!days.some((day) => day.free)) {
    return (
      <Empty back={bookingUrl({ service: choice.query.service })}>
        В ближайшие 30 дней свободного времени нет. Выберите другого специалиста или оставьте заявку — администратор подберёт время.
      </Empty>
    );
  }
  return (
    <section className="booking-step" aria-labelledby="booking-step-title">
      <h2 id="booking-step-title">Выберите день</h2>
      {months(days).map((month) => (
        <div className="booking-month" key={month.title}>
          <h3 className="booking-month__title">{month.title}</h3>
          <div className="booking-calendar" role="list">
            {WEEKDAYS.map((name) => (
              <span className="booking-calendar__weekday" aria-hidden="true" key={name}>
                {name}
              </span>
            ))}
            {month.cells.map((day, index) =>
              day === null ? (
                <span className="booking-calendar__blank" aria-hidden="true" key={`blank-${index}`} />
              ) : day.free ? (
                <a
                  role="listitem"
                  className="booking-calendar__day"
                  key={day.date}
                  href={bookingUrl({ ...choice.query, date: day.date })}
                  aria-label={`${formatDay(day.date)}, ${DAY_NAMES[(weekdayOf(day.date) + 1) % 7]}`}
                >
                  {Number(day.date.slice(8))}
                </a>
              ) : (
                <span
                  role="listitem"
                  className="booking-calendar__day booking-calendar__day--busy"
                  key={day.date}
                  aria-label={`${formatDay(day.date)}: нет свободного времени`}
                >
                  {Number(day.date.slice(8))}
                </span>
              ),
            )}
          </div>
        </div>
      ))}
    </section>
  );
}

export function TimeStep({ view }: { view: StepOf<'time'> }) {
  const { times, choice } = view;
  const back = bookingUrl({ ...choice.query, date: undefined });
  if (times.length === 0) return <Empty back={back}>На этот день свободное время уже разобрали.</Empty>;
  return (
    <section className="booking-step" aria-labelledby="booking-step-title">
      <h2 id="booking-step-title">Выберите время, {formatDay(choice.date)}</h2>
      <ul className="booking-times">
        {times.map((time) => (
          <li key={`${time.datetime}-${time.staffId ?? ''}`}>
            <a
              className="booking-time"
              href={bookingUrl({ ...choice.query, time: time.time, staff: choice.doctor === 'any' ? time.staffId : undefined })}
            >
              {time.time}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
