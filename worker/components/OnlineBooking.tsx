import { CalendarClock } from 'lucide-react';
import type { OnlineOffer } from './online-offer';
import { formatDay } from './format';
import { ButtonLink } from './ui/Button';

/**
 * «Записаться онлайн» beside the request button (docs/booking.md, "Where patients meet it"), and on a doctor's page
 * the nearest free times, each a link straight into the booking at that time. A plain link: no script.
 */
export function OnlineBooking({ offer }: { offer: OnlineOffer | null }) {
  if (!offer) return null;
  return (
    <div className="online-booking" data-part="online-booking">
      <ButtonLink href={offer.url} icon={CalendarClock} variant="outline" size="lg">
        Записаться онлайн
      </ButtonLink>
      {offer.nearest.length > 0 && (
        <div className="online-booking__nearest">
          <p className="online-booking__title">
            {`Ближайшее свободное время, ${formatDay(offer.nearest[0]?.date)}`}
            {offer.service && <span className="online-booking__service">{offer.service}</span>}
          </p>
          <ul className="online-booking__times">
            {offer.nearest.map((slot) => (
              <li key={slot.url}>
                <a className="booking-time" href={slot.url} aria-label={`${formatDay(slot.date)}, ${slot.time}`}>
                  {slot.time}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
