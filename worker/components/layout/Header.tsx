import { Suspense } from 'react';
import type { LayoutData } from '../../loaders/layout';
import { Behavior } from '../Behavior';
import { telHref } from '../format';
import { MainNav } from '../MainNav';
import { PopupButton } from '../PopupButton';
import { SEARCH_BAR_ID, SearchBar } from './SearchBar';
import { SlideMenu } from './SlideMenu';

export const TAGLINE = 'Клиника работает с 2013 года';

/** Spec §2 header: top bar, logo, phone, book button, tagline, main menu, search. */
export function Header({ layout, searchKeywords }: { layout: LayoutData; searchKeywords: string }) {
  const { path, site } = layout;
  return (
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
        <SlideMenu layout={layout} />
      </div>
      <Suspense fallback={<nav className="main-nav" aria-label="Главное меню" />}>
        <MainNav menu={layout.mainMenu} services={layout.servicesMenu} path={path} />
      </Suspense>
      <SearchBar keywords={searchKeywords} />
    </header>
  );
}
