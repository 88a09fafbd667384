import { CalendarCheck, CalendarPlus, CalendarX, CalendarClock } from 'lucide-react';
import { Behavior } from '../../components/Behavior';
import { formatDay } from '../../components/format';
import { ButtonContent, ButtonLink, buttonClass } from '../../components/ui/Button';
import { BOOKING_MANAGE_PATH } from '../../booking/booking-url';
import type { BookedView } from './booking-view';
import { priceText } from './price-text';

/** The calm line of what could not be done online, with the clinic's phone (docs/booking.md, "Managing a booking"). */
function noticeAlert(notice: BookedView['notice'], phone: string): string | undefined {
  switch (notice) {
    case 'cancel-refused':
      return `Отменить запись онлайн уже нельзя. Позвоните нам, пожалуйста: ${phone}`;
    case 'move-failed':
      return `Перенести запись не получилось — ваша прежняя запись остаётся в силе. Чтобы выбрать другое время, позвоните нам, пожалуйста: ${phone}`;
    case 'move-double':
      return `Новое время записано, но прежнюю запись отменить не получилось, и сейчас у вас две записи. Позвоните нам, пожалуйста, мы отменим лишнюю: ${phone}`;
    default:
      return undefined;
  }
}

/**
 * A booking: the confirmation right after it is made, and the page its link opens later (docs/booking.md,
 * "Managing a booking"), where the patient sees it, adds it to a calendar, moves or cancels it.
 */
export function BookedScreen({
  view,
  address,
  moveUrl,
  againUrl,
  icsUrl,
  metrikaId,
  phone,
}: {
  view: BookedView;
  address?: string;
  moveUrl?: string;
  /** A cancelled booking's way back into the booking, at the same service and specialist. */
  againUrl?: string;
  icsUrl: string;
  /** The counter the booking's goal goes to, on the confirmation only. */
  metrikaId?: number;
  /** The clinic's phone, for what cannot be done online. */
  phone: string;
}) {
  const { deleted, fresh, notice } = view;
  const error = view.error ?? noticeAlert(notice, phone);
  const title = deleted ? 'Запись отменена' : fresh ? 'Вы записаны' : notice === 'moved' ? 'Запись перенесена' : 'Ваша запись';
  return (
    <section className="booking booking--booked">
      <header className="page-header">
        <h1>{title}</h1>
        {fresh && !deleted && (
          <p className="booking__lead">
            Клиника получила вашу запись. Сохраните ссылку на эту страницу: по ней запись можно перенести или отменить.
          </p>
        )}
        {notice === 'cancelled' && <p className="booking__lead">Мы отменили запись. Будем рады видеть вас в другое время.</p>}
      </header>
      {fresh && metrikaId && (
        <Behavior name="MetrikaGoal" props={{ metrikaId, goal: 'online_booking' }}>
          {null}
        </Behavior>
      )}
      {error && (
        <p className="booking__alert" role="alert">
          {error}
        </p>
      )}
      <dl className="booking-summary booking-summary--booked" data-deleted={deleted ? '' : undefined}>
        <div>
          <dt>Дата</dt>
          <dd>{formatDay(view.date)}</dd>
        </div>
        <div>
          <dt>Время</dt>
          <dd>{view.time}</dd>
        </div>
        {view.staffName && (
          <div>
            <dt>Специалист</dt>
            <dd>{view.staffPath ? <a href={view.staffPath}>{view.staffName}</a> : view.staffName}</dd>
          </div>
        )}
        {view.services.map((service) => (
          <div key={service.title}>
            <dt>Услуга</dt>
            <dd>
              {service.path ? <a href={service.path}>{service.title}</a> : service.title}
              {service.price ? <span className="booking-summary__price">{priceText({ priceMin: service.price })}</span> : null}
            </dd>
          </div>
        ))}
        {address && (
          <div>
            <dt>Адрес</dt>
            <dd>{address}</dd>
          </div>
        )}
      </dl>
      {deleted && againUrl && (
        <div className="booking-actions">
          <ButtonLink href={againUrl} icon={CalendarCheck}>
            Записаться снова
          </ButtonLink>
        </div>
      )}
      {!deleted && (
        <div className="booking-actions">
          <ButtonLink href={icsUrl} icon={CalendarPlus} variant="outline">
            Добавить в календарь
          </ButtonLink>
          {moveUrl && (
            <ButtonLink href={moveUrl} icon={CalendarClock} variant="outline">
              Перенести
            </ButtonLink>
          )}
          {/* A cancel the system has just refused is not offered again: the line above says to call instead. */}
          {notice !== 'cancel-refused' && (
            <form method="post" action={BOOKING_MANAGE_PATH} className="booking-actions__cancel">
              <input type="hidden" name="id" value={view.id} />
              <input type="hidden" name="hash" value={view.hash} />
              <button className={buttonClass({ variant: 'ghost' })} type="submit" name="action" value="cancel">
                <ButtonContent icon={CalendarX}>Отменить запись</ButtonContent>
              </button>
            </form>
          )}
        </div>
      )}
    </section>
  );
}
