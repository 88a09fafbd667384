import type { ReactNode } from 'react';
import Popup from '../../../client/islands/Popup';
import type { LayoutData } from '../../loaders/layout';
import { telHref } from '../format';
import { Island } from '../Island';
import { PopupButton } from '../PopupButton';
import { FOUNDED } from './Footer';

/**
 * Spec §2's bare layout for landing pages: no menus, no side column, no
 * carousels; the logo, the phone, the book button, the content and a short footer.
 */
export function BareLayout({ layout, children }: { layout: LayoutData; children: ReactNode }) {
  const { site } = layout;
  return (
    <>
      <a className="skip-link" href="#main">
        Перейти к содержимому
      </a>
      <header className="site-header site-header--bare">
        <div className="container header-main">
          <a className="logo" href="/">
            <span className="logo__name">{site.name}</span>
          </a>
          <a className="header-phone" href={telHref(site.phone)}>
            {site.phone}
          </a>
          <PopupButton form="consultation" className="button header-book header-book--bare">
            Записаться на приём
          </PopupButton>
        </div>
      </header>
      <main id="main" className="container page page--bare">
        {children}
      </main>
      <footer className="site-footer site-footer--bare">
        <div className="container copyright">
          <span>
            © {FOUNDED}–{new Date().getFullYear()} {site.name}
          </span>
          <span>
            <a href={telHref(site.phone)}>{site.phone}</a> · <a href="/privacy-policy">Политика конфиденциальности</a>
          </span>
        </div>
      </footer>
      <Island component={Popup} props={{ phone: site.phone, initial: null }} />
    </>
  );
}
