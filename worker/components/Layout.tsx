import { Suspense, use, type ReactNode } from 'react';
import BackToTop from '../../client/islands/BackToTop';
import SearchBar from '../../client/islands/SearchBar';
import SearchToggle from '../../client/islands/SearchToggle';
import type { MenuItem } from '../drupal/types';
import type { LayoutData } from '../loaders/layout';
import type { Deferred } from '../render/deferred';
import { BlockRegion } from './BlockRegion';
import { Breadcrumbs } from './Breadcrumbs';
import { telHref } from './format';
import { Island } from './Island';
import { MainNav, ServicesAside } from './MainNav';

const TAGLINE = 'Клиника работает с 2013 года';
const FOUNDED = 2013;
/** Spec §2: no side column on /services.html; its services menu is hidden on / and /contacts.html. */
const NO_ASIDE = new Set(['/', '/services.html', '/contacts.html']);

export interface LayoutProps {
  layout: LayoutData;
  searchKeywords?: string;
  children: ReactNode;
}

/** The default layout's frame: header, breadcrumbs, side column, banner, footer. */
export function Layout({ layout, searchKeywords = '', children }: LayoutProps) {
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
          <Island component={SearchToggle} props={{}} />
          <a className="button header-book" href="/consultation.html">
            Записаться на приём
          </a>
        </div>
        <Suspense fallback={<nav className="main-nav" aria-label="Главное меню" />}>
          <MainNav menu={layout.mainMenu} services={layout.servicesMenu} path={path} />
        </Suspense>
        <Island component={SearchBar} props={{ keywords: searchKeywords }} />
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
              <ServicesAside services={layout.servicesMenu} path={path} />
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
          <a className="button" href="/consultation.html">
            Записаться на приём
          </a>
        </div>
      </section>
      <Footer layout={layout} />
      <Island component={BackToTop} props={{ threshold: 250 }} />
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
            <a href="/callback.html">Заказать звонок</a>
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
