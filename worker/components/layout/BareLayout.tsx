import { CalendarCheck, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { ISLANDS } from '../../../client/islands';
import { EditorBar } from '../EditorBar';
import type { LayoutData } from './layout-data';
import { telHref } from '../format';
import { Island } from '../Island';
import { Logo } from '../Logo';
import { PopupButton } from '../PopupButton';
import { Icon } from '../ui/Icon';
import { Copyright, LegalLine } from './Footer';
import { TAGLINE } from './Header';
import { LowVisionEntry, LowVisionPanel } from './LowVisionPanel';
import { MobileBar } from './MobileBar';
import { NavigationFeel } from './NavigationFeel';

/**
 * docs/requirements.md §2: bare layout for landing pages: no menus, no side column, no
 * carousels; the logo, the phone, the book button, the content and a short footer.
 */
export function BareLayout({ layout, nonce, children }: { layout: LayoutData; nonce: string; children: ReactNode }) {
  const { site } = layout;
  return (
    <>
      <a className="skip-link" href="#main">
        Перейти к содержимому
      </a>
      <EditorBar />
      <LowVisionPanel />
      <header className="site-header site-header--bare">
        <div className="container header-main">
          <Logo name={site.name} tagline={TAGLINE} />
          <a className="header-phone header-phone--bare" href={telHref(site.phone)} aria-label={`Позвонить: ${site.phone}`}>
            <Icon icon={Phone} size={18} className="header-phone__icon" />
            <span>{site.phone}</span>
          </a>
          <PopupButton form="consultation" icon={CalendarCheck} className="button header-book header-book--bare">
            Записаться на приём
          </PopupButton>
        </div>
      </header>
      <main id="main" className="container page page--bare">
        {children}
      </main>
      <footer className="site-footer site-footer--bare">
        <div className="container site-footer__bare">
          <Logo name={site.name} className="logo--footer" />
          <a className="site-footer__phone" href={telHref(site.phone)}>
            <Icon icon={Phone} size={18} />
            {site.phone}
          </a>
          {/* A landing page has no top bar: the version for the visually impaired is offered here. */}
          <LowVisionEntry />
        </div>
        <LegalLine legal={site.legal} />
        <Copyright name={site.name} analytics={site.metrikaId !== undefined} />
      </footer>
      <MobileBar phone={site.phone} path={layout.path} />
      <Island component={ISLANDS.Popup} props={{ phone: site.phone, initial: null, metrikaId: site.metrikaId }} />
      <NavigationFeel nonce={nonce} />
    </>
  );
}
