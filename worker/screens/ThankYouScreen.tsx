import { CheckCircle2, Phone } from 'lucide-react';
import { telHref } from '../components/format';
import { ButtonLink } from '../components/ui/Button';
import { Icon } from '../components/ui/Icon';

/**
 * docs/requirements.md §2 reading B: shown after a successful form. `queued`: Drupal was away
 * or would not take it yet (the form closed, say); it is kept (the clinic's CRM
 * may have it already) and will reach the booking system, and the visitor is told so plainly.
 */
export function ThankYouScreen({ queued, phone }: { queued: boolean; phone: string }) {
  return (
    <section className="thank-you">
      <span className="thank-you__icon" aria-hidden="true">
        <Icon icon={CheckCircle2} size={40} />
      </span>
      <h1>Спасибо! Заявка получена</h1>
      {queued ? (
        <p className="thank-you__text">
          Мы сохранили вашу заявку, и клиника её получит — заявка не потеряется. Сайт передаст её в систему записи чуть позже, поэтому
          администратор может связаться с вами немного позже обычного.
        </p>
      ) : (
        <p className="thank-you__text">Администратор клиники свяжется с вами в ближайшее время, чтобы подтвердить детали.</p>
      )}
      <p className="thank-you__text">
        Если удобнее поговорить сейчас, позвоните нам:{' '}
        <a className="thank-you__phone" href={telHref(phone)}>
          <Icon icon={Phone} size={18} />
          {phone}
        </a>
      </p>
      <p className="thank-you__actions">
        <ButtonLink href="/">На главную</ButtonLink>
        <ButtonLink href="/services.html" variant="outline">
          Услуги клиники
        </ButtonLink>
      </p>
    </section>
  );
}
