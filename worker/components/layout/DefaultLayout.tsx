import { Suspense, use, type ReactNode } from 'react';
import Popup from '../../../client/islands/Popup';
import type { PopupForm } from '../../../common/popups';
import type { MenuItem } from '../../drupal/types';
import type { LayoutData } from '../../loaders/layout';
import type { Deferred } from '../../render/deferred';
import { Behavior } from '../Behavior';
import { BlockRegion } from '../BlockRegion';
import { Breadcrumbs } from '../Breadcrumbs';
import { telHref } from '../format';
import { Island } from '../Island';
import { MainNav, ServicesAside } from '../MainNav';
import { PopupButton } from '../PopupButton';
import { SEARCH_BAR_ID, SearchBar } from './SearchBar';

const TAGLINE = 'Клиника работает с 2013 года';
const FOUNDED = 2013;
/** Spec §2: no side column on /services.html; in it, the services menu is hidden on / and /contacts.html. */
const NO_ASIDE = new Set(['/services.html']);
const NO_ASIDE_SERVICES = new Set(['/', '/contacts.html']);

export interface LayoutProps {
  layout: LayoutData;
  searchKeywords?: string;
  /** A popup open over the page from the start (/consultation.html and the like). */
  popup?: PopupForm;
  children: ReactNode;
}

/** The default layout's frame: header, breadcrumbs, side column, banner, footer. */
export function DefaultLayout({ layout, searchKeywords = '', popup, children }: LayoutProps) {
  const { path, site } = layout;
  const withAside = !NO_ASIDE.has(path);
  return (
    <>
      <a className="skip-link" href="#main">
        Перейти к содержимому
      </a>
      <header className="site-header">
        <div className="top-bar">
          <div className="container">
            <span>{TAGLINE}</span>
            <span>Москва</span>
          </div>
        </div>
        <div className="container header-main">
          <a className="logo" href="/">
            <span className="logo__name">{site.name}</span>
            <span className="logo__tagline">{TAGLINE}</span>
          </a>
          <a className="header-phone" href={telHref(site.phone)}>
            {site.phone}
          </a>
          <Behavior name="SearchToggle" props={{ barId: SEARCH_BAR_ID }} className="search-toggle-wrap">
            <button type="button" className="search-toggle" aria-label="Открыть поиск" aria-expanded="false" aria-controls={SEARCH_BAR_ID}>
              <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                <circle cx="8.5" cy="8.5" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="M13 13l5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </Behavior>
          <PopupButton form="consultation" className="button header-book">
            Записаться на приём
          </PopupButton>
        </div>
        <Suspense fallback={<nav className="main-nav" aria-label="Главное меню" />}>
          <MainNav menu={layout.mainMenu} services={layout.servicesMenu} path={path} />
        </Suspense>
        <SearchBar keywords={searchKeywords} />
      </header>
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
    </>
  );
}

function FooterMenu({ menu }: { menu: Deferred<MenuItem[]> }) {
  return (
    <ul className="footer-menu">
      {use(menu).map((item) => (
        <li key={`${item.url}|${item.title}`}>
          <a href={item.url}>{item.title}</a>
        </li>
      ))}
    </ul>
  );
}

function Footer({ layout }: { layout: LayoutData }) {
  const { site } = layout;
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="logo__name">{site.name}</p>
          <p>
            <a href={telHref(site.phone)}>{site.phone}</a>
          </p>
          <p>
            <PopupButton form="callback" className="footer-callback">
              Заказать звонок
            </PopupButton>
          </p>
          {site.shopUrl && (
            <p>
              <a href={site.shopUrl} rel="noopener">
                Интернет-магазин косметики
              </a>
            </p>
          )}
        </div>
        <Suspense fallback={null}>
          <FooterMenu menu={layout.footerMenu} />
        </Suspense>
        {['footer_first', 'footer_second', 'footer_third'].map((region) => (
          <Suspense key={region} fallback={<div />}>
            <BlockRegion blocks={layout.blocks} region={region} />
          </Suspense>
        ))}
      </div>
      <div className="container copyright">
        <span>
          © {FOUNDED}–{year} {site.name}
        </span>
        <span>
          <a href="/privacy-policy">Политика конфиденциальности</a> · <a href="/sitemap">Карта сайта</a>
        </span>
      </div>
    </footer>
  );
}
