import { Send } from 'lucide-react';
import { ButtonContent, buttonClass } from '../../components/ui/Button';
import { BOOKING_PATH } from '../../booking/booking-url';
import type { BookingView } from './booking-view';
import { ChoiceFields, FormError, PersonFields } from './person-steps';

/**
 * The schedule system is down, slow or answering what we cannot read, or it refused the booking for a reason of its
 * own (docs/booking.md, "When the schedule fails"): one calm line saying which, and the request form with the choice
 * already written in its comment. The request goes the way every lead goes (queue, CRM, undelivered leads), so
 * nothing the patient typed is lost.
 */
export function UnavailableStep({ view }: { view: Extract<BookingView, { step: 'unavailable' }> }) {
  const { choice, form, sent } = view;
  if (sent) {
    return (
      <section className="booking-step booking-step--done" aria-labelledby="booking-step-title">
        <h2 id="booking-step-title">Заявка отправлена</h2>
        <p className="booking__lead">
          {sent === 'accepted'
            ? 'Администратор клиники перезвонит вам, чтобы подтвердить время.'
            : 'Заявка сохранена и будет передана администратору клиники в ближайшее время — он вам перезвонит.'}
        </p>
      </section>
    );
  }
  return (
    <section className="booking-step" aria-labelledby="booking-step-title">
      <p className="booking__notice">
        {view.why === 'declined'
          ? 'Расписание клиники не приняло эту запись онлайн — оставьте заявку, и администратор подберёт для вас время.'
          : 'Онлайн-запись сейчас недоступна — оставьте заявку, и администратор запишет вас на выбранное время.'}
      </p>
      <h2 id="booking-step-title">Заявка на приём</h2>
      <form className="booking-form" method="post" action={BOOKING_PATH}>
        <ChoiceFields choice={choice} form={form} />
        <FormError form={form} />
        <PersonFields form={form} />
        <button className={buttonClass({ block: true, size: 'lg' })} type="submit" name="action" value="request">
          <ButtonContent icon={Send}>Отправить заявку</ButtonContent>
        </button>
      </form>
    </section>
  );
}
