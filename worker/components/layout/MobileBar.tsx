import { ArrowUp, CalendarCheck, Phone } from 'lucide-react';
import { BOOKING_PATH, BOOKING_STEP_ANCHOR } from '../../booking/booking-url';
import { Behavior } from '../Behavior';
import { telHref } from '../format';
import { PopupButton } from '../PopupButton';
import { ButtonContent, buttonClass } from '../ui/Button';
import { Icon } from '../ui/Icon';

/** docs/requirements.md §9: the back-to-top button shows after this much scrolling. */
const BACK_TO_TOP_AFTER_PX = 250;

/**
 * Phones (below 960 px): a bar fixed to the bottom of the window with the call
 * and the booking, always one tap away; the back-to-top button takes its own
 * place in the bar when it shows, so it never lies over the page's links. The
 * page reserves the bar's height at its end. On desktops the bar's buttons hide
 * (the header has both) and back-to-top floats in the corner.
 *
 * On the booking page itself «Записаться» is the booking: a link to the heading of the step the patient is at
 * (docs/booking.md, "The page"), the same with and without JavaScript; every other page opens the popup.
 */
export function MobileBar({ phone, path }: { phone: string; /** The page's path (a query may follow). */ path: string }) {
  const onBooking = path.split(/[?#]/)[0] === BOOKING_PATH;
  return (
    <aside className="mobile-bar" aria-label="Запись и звонок">
      <a className={buttonClass({ variant: 'outline' }, 'mobile-bar__call')} href={telHref(phone)}>
        <Icon icon={Phone} size={18} />
        <span>Позвонить</span>
      </a>
      {onBooking ? (
        <a className={buttonClass({}, 'mobile-bar__book')} href={`#${BOOKING_STEP_ANCHOR}`}>
          <ButtonContent icon={CalendarCheck}>Записаться</ButtonContent>
        </a>
      ) : (
        <PopupButton form="consultation" icon={CalendarCheck} className={buttonClass({}, 'mobile-bar__book')}>
          Записаться
        </PopupButton>
      )}
      <Behavior name="BackToTop" props={{ threshold: BACK_TO_TOP_AFTER_PX }} className="mobile-bar__top">
        <button type="button" className="back-to-top" aria-label="Наверх" aria-hidden="true" tabIndex={-1}>
          <Icon icon={ArrowUp} size={22} />
        </button>
      </Behavior>
    </aside>
  );
}
