import { WAKES_ATTRIBUTE } from '../../common/island-markers';
import type { ConsentChoice } from '../../common/consent';
import { Behavior } from './Behavior';
import { buttonClass } from './ui/Button';

/** Where the banner's «подробнее» leads: the site has no cookie page of its own, and its privacy policy covers cookies. */
const PRIVACY_URL = '/privacy-policy';

/**
 * The question about analytics cookies (152-ФЗ: Yandex Metrica only after consent).
 * Rendered hidden: its behaviour shows it when the visitor has not chosen yet, so
 * without JavaScript there is no banner (and no counter). Fixed over the page,
 * above the phone's booking bar, it shifts nothing. A visitor who has chosen gets
 * it too, asleep: the footer's «Настройки cookie» wakes it to change the choice.
 */
export function ConsentBanner({ metrikaId, choice }: { metrikaId: number; choice: ConsentChoice | undefined }) {
  return (
    <Behavior name="ConsentBanner" props={{ metrikaId }} when={choice ? 'demand' : 'idle'}>
      <section className="consent-banner" role="region" aria-label="Cookie и аналитика" hidden>
        <p className="consent-banner__text">
          Мы используем cookie и Яндекс Метрику, чтобы понимать, какие страницы полезны пациентам, — только если вы согласны. Подробнее — в{' '}
          <a href={PRIVACY_URL}>политике конфиденциальности</a>.
        </p>
        <div className="consent-banner__actions">
          <button type="button" className={buttonClass({ size: 'sm' })} data-consent="analytics">
            Принять
          </button>
          <button type="button" className={buttonClass({ variant: 'outline', size: 'sm' })} data-consent="none">
            Отклонить
          </button>
        </div>
      </section>
    </Behavior>
  );
}

/** The footer's way back to the choice: it wakes the banner's behaviour, which opens the banner. Without JavaScript it is not shown. */
export function ConsentSettingsButton() {
  const wakes = { [WAKES_ATTRIBUTE]: 'ConsentBanner' };
  return (
    <button type="button" className="consent-settings" data-consent-open="" {...wakes}>
      Настройки cookie
    </button>
  );
}
