import { CalendarCheck, Phone } from 'lucide-react';
import { telHref } from '../format';
import { PopupButton } from '../PopupButton';
import { SprigOrnament } from '../ui/Ornament';
import { Icon } from '../ui/Icon';
import { TAGLINE } from './Header';

/** docs/requirements.md §2: the banner «Бережное отношение к вашей красоте» with its appointment button, before the footer. */
export function CareBanner({ phone }: { phone: string }) {
  return (
    <section className="care-banner" aria-labelledby="care-banner-title">
      <div className="container">
        <div className="care-banner__panel">
          <div className="care-banner__text">
            <p className="care-banner__eyebrow">{TAGLINE}</p>
            <h2 className="care-banner__title" id="care-banner-title">
              Бережное отношение к вашей красоте
            </h2>
            <p className="care-banner__lead">Запишитесь на приём онлайн или позвоните нам.</p>
          </div>
          <div className="care-banner__actions">
            <PopupButton form="consultation" variant="light" size="lg" icon={CalendarCheck}>
              Записаться на приём
            </PopupButton>
            <a className="care-banner__phone" href={telHref(phone)}>
              <Icon icon={Phone} size={20} />
              {phone}
            </a>
          </div>
          <SprigOrnament className="care-banner__ornament" />
        </div>
      </div>
    </section>
  );
}
