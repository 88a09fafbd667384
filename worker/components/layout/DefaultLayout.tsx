import { Suspense, type ReactNode } from 'react';
import Popup from '../../../client/islands/Popup';
import type { PopupForm } from '../../../common/popups';
import type { LayoutData } from '../../loaders/layout';
import { Behavior } from '../Behavior';
import { BlockRegion } from '../BlockRegion';
import { Breadcrumbs } from '../Breadcrumbs';
import { Island } from '../Island';
import { ServicesAside } from '../MainNav';
import { PopupButton } from '../PopupButton';
import { Footer } from './Footer';
import { Header } from './Header';
import { NavigationFeel } from './NavigationFeel';
import { PreFooter } from './PreFooter';

/** Spec §2: no side column on /services.html; in it, the services menu is hidden on / and /contacts.html. */
const NO_ASIDE = new Set(['/services.html']);
const NO_ASIDE_SERVICES = new Set(['/', '/contacts.html']);

export interface LayoutProps {
  layout: LayoutData;
  searchKeywords?: string;
  /** A popup open over the page from the start (/consultation.html and the like). */
  popup?: PopupForm;
  /** The response's CSP nonce, for the few inline scripts the frame has. */
  nonce: string;
  children: ReactNode;
}

/** The default layout's frame: header, breadcrumbs, side column, banner, footer. */
export function DefaultLayout({ layout, searchKeywords = '', popup, nonce, children }: LayoutProps) {
  const { path, site } = layout;
  const withAside = !NO_ASIDE.has(path);
  return (
    <>
      <a className="skip-link" href="#main">
        Перейти к содержимому
      </a>
      <Header layout={layout} searchKeywords={searchKeywords} />
      {path !== '/' && (
        <Suspense fallback={null}>
          <Breadcrumbs crumbs={layout.breadcrumb} siteName={site.name} />
        </Suspense>
      )}
      <div className={withAside ? 'container page page--with-aside' : 'container page'}>
        {withAside && (
          <aside className="aside">
            <Suspense fallback={null}>
              {!NO_ASIDE_SERVICES.has(path) && <ServicesAside services={layout.servicesMenu} path={path} />}
              <BlockRegion blocks={layout.blocks} region="sidebar" />
            </Suspense>
          </aside>
        )}
        <main id="main">
          <Suspense fallback={null}>
            <BlockRegion blocks={layout.blocks} region="content_top" />
          </Suspense>
          {children}
        </main>
      </div>
      <PreFooter layout={layout} />
      <section className="care-banner" aria-label="Запись на приём">
        <div className="container">
          <p>Бережное отношение к вашей красоте</p>
          <PopupButton form="consultation">Записаться на приём</PopupButton>
        </div>
      </section>
      <Footer layout={layout} />
      <Behavior name="BackToTop" props={{ threshold: 250 }}>
        <button type="button" className="back-to-top" aria-label="Наверх" aria-hidden="true" tabIndex={-1}>
          ↑
        </button>
      </Behavior>
      <Island component={Popup} props={{ phone: site.phone, initial: popup ?? null }} when={popup ? 'idle' : 'demand'} />
      <NavigationFeel nonce={nonce} />
    </>
  );
}
