import { Phone, PhoneCall, ShoppingBag } from 'lucide-react';
import { Suspense, use } from 'react';
import type { MenuItem } from '../../drupal/types';
import type { LayoutData } from './layout-data';
import type { Deferred } from '../deferred';
import { BlockRegion } from '../BlockRegion';
import { ConsentSettingsButton } from '../ConsentBanner';
import { telHref } from '../format';
import { Logo } from '../Logo';
import { PopupButton } from '../PopupButton';
import { buttonClass } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { TAGLINE } from './Header';
import { LEGAL_INFO_PATH, LEGAL_INFO_TITLE } from '../../paths/legal-info';
import type { LegalDetails } from '../../config/legal';

export const FOUNDED = 2013;

function FooterMenu({ menu }: { menu: Deferred<MenuItem[]> }) {
  const items = use(menu);
  if (items.length === 0) return null;
  return (
    <nav className="site-footer__menu" aria-label="Меню в подвале">
      <ul className="footer-menu">
        {items.map((item) => (
          <li key={`${item.url}|${item.title}`}>
            <a href={item.url}>{item.title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** docs/requirements.md §2: © from the clinic's founding year to this one, the privacy policy and the sitemap. */
export function Copyright({
  name,
  analytics = false,
}: {
  name: string;
  /** A counter is configured: the analytics choice can be changed here. */ analytics?: boolean;
}) {
  return (
    <div className="container copyright">
      <span>
        © {FOUNDED}–{new Date().getFullYear()} {name}
      </span>
      <span className="copyright__links">
        <a href="/privacy-policy">Политика конфиденциальности</a>
        <a href="/sitemap">Карта сайта</a>
        {analytics && <ConsentSettingsButton />}
      </span>
    </div>
  );
}

/** ПП РФ № 736: who runs the clinic, in short; the whole on the page it links to. */
export function LegalLine({ legal }: { legal: LegalDetails }) {
  return (
    <div className="container legal-line" data-part="legal-line">
      <p>
        <span>{legal.name}</span>
        <span>{`ОГРН ${legal.ogrn}`}</span>
        <span>{`ИНН ${legal.inn}`}</span>
        <span>{`Лицензия № ${legal.licence.number} от ${legal.licence.date}`}</span>
      </p>
      <a href={LEGAL_INFO_PATH}>{LEGAL_INFO_TITLE}</a>
    </div>
  );
}

/** docs/requirements.md §2 footer: logo, footer menu, three regions, phone, callback, shop link, copyright, policy and sitemap. */
export function Footer({ layout }: { layout: LayoutData }) {
  const { site } = layout;
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <Logo name={site.name} tagline={TAGLINE} className="logo--footer" />
          <a className="site-footer__phone" href={telHref(site.phone)}>
            <Icon icon={Phone} size={18} />
            {site.phone}
          </a>
          <PopupButton form="callback" icon={PhoneCall} className={buttonClass({ variant: 'light', size: 'sm' }, 'footer-callback')}>
            Заказать звонок
          </PopupButton>
          {site.shopUrl && (
            <a className="site-footer__shop" href={site.shopUrl} rel="noopener">
              <Icon icon={ShoppingBag} size={18} />
              Интернет-магазин косметики
            </a>
          )}
        </div>
        <Suspense fallback={null}>
          <FooterMenu menu={layout.footerMenu} />
        </Suspense>
        {['footer_first', 'footer_second', 'footer_third'].map((region) => (
          <Suspense key={region} fallback={null}>
            <BlockRegion blocks={layout.blocks} region={region} />
          </Suspense>
        ))}
      </div>
      <LegalLine legal={site.legal} />
      <Copyright name={site.name} analytics={site.metrikaId !== undefined} />
    </footer>
  );
}
