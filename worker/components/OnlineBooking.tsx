import { CalendarClock } from 'lucide-react';
import type { Deferred } from './deferred';
import type { NearestTimes, OnlineLink } from './online-offer';
import { formatDay } from './format';
import { Streamed } from './Streamed';
import { ButtonLink } from './ui/Button';

function Nearest({ nearest }: { nearest: NearestTimes }) {
  const [first] = nearest.times;
  if (!first) return null;
  return (
    <div className="online-booking__nearest">
      <p className="online-booking__title">
        {`Ближайшее свободное время, ${formatDay(first.date)}`}
        {nearest.service && <span className="online-booking__service">{nearest.service}</span>}
      </p>
      <ul className="online-booking__times">
        {nearest.times.map((slot) => (
          <li key={slot.url}>
            <a className="booking-time" href={slot.url} aria-label={`${formatDay(slot.date)}, ${slot.time}`}>
              {slot.time}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * «Записаться онлайн» beside the request button (docs/booking.md, "Where patients meet it"), and on a doctor's page
 * the nearest free times, each a link straight into the booking at that time. Plain links: no script.
 */
export function OnlineBooking({ link, nearest }: { link: OnlineLink | null; nearest?: Deferred<NearestTimes | null> }) {
  if (!link) return null;
  return (
    <div className="online-booking" data-part="online-booking">
      <ButtonLink href={link.url} icon={CalendarClock} variant="outline" size="lg">
        Записаться онлайн
      </ButtonLink>
      {nearest && <Streamed data={nearest}>{(times) => times && <Nearest nearest={times} />}</Streamed>}
    </div>
  );
}
