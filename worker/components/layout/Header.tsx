import { CalendarCheck, MapPin, Phone, Search, Sparkles } from 'lucide-react';
import { Suspense } from 'react';
import type { LayoutData } from './layout-data';
import { Behavior } from '../Behavior';
import { BlockRegion } from '../BlockRegion';
import { telHref } from '../format';
import { Logo } from '../Logo';
import { MainNav, SubNav } from '../MainNav';
import { PopupButton } from '../PopupButton';
import { Icon } from '../ui/Icon';
import { SEARCH_BAR_ID, SearchBar } from './SearchBar';
import { SlideMenu } from './SlideMenu';
import { LowVisionEntry, LowVisionPanel } from './LowVisionPanel';

export const TAGLINE = 'Клиника работает с 2013 года';
/** The city the clinic works in, said in the top bar (docs/requirements.md §1: a Moscow clinic). */
const CITY = 'Москва';

/**
 * docs/requirements.md §2 header. The top bar scrolls away (the header sticks at minus its
 * height); the rest (logo, phone, search, booking, main menu) stays at the top
 * of the window and gets a shadowed look (`site-header--scrolled`, set by the
 * SiteHeader behaviour) once the page is scrolled. The featured-top region and
 * the sub-menu row follow it and scroll with the page.
 */
export function Header({ layout, searchKeywords }: { layout: LayoutData; searchKeywords: string }) {
  const { path, site } = layout;
  return (
    <>
      <LowVisionPanel />
      <header className="site-header">
        <div className="top-bar">
          <div className="container top-bar__inner">
            <p className="top-bar__item">
              <Icon icon={Sparkles} size={16} />
              {TAGLINE}
            </p>
            <p className="top-bar__item">
              <Icon icon={MapPin} size={16} />
              {CITY}
            </p>
            <Suspense fallback={null}>
              <BlockRegion blocks={layout.blocks} region="top_bar" />
            </Suspense>
            <LowVisionEntry />
          </div>
        </div>
        <div className="container header-main">
          <Logo name={site.name} tagline={TAGLINE} />
          <div className="header-contacts">
            <a className="header-phone" href={telHref(site.phone)}>
              <Icon icon={Phone} size={18} className="header-phone__icon" />
              <span>{site.phone}</span>
            </a>
            <PopupButton form="callback" className="header-callback">
              Заказать звонок
            </PopupButton>
          </div>
          <Behavior name="SearchToggle" props={{ barId: SEARCH_BAR_ID }} className="search-toggle-wrap">
            <button type="button" className="search-toggle" aria-label="Открыть поиск" aria-expanded="false" aria-controls={SEARCH_BAR_ID}>
              <Icon icon={Search} size={20} />
            </button>
          </Behavior>
          <PopupButton form="consultation" icon={CalendarCheck} className="button header-book">
            Записаться на приём
          </PopupButton>
          <SlideMenu layout={layout} />
        </div>
        <Suspense fallback={<nav className="main-nav" aria-label="Главное меню" />}>
          <MainNav menu={layout.mainMenu} services={layout.servicesMenu} path={path} />
        </Suspense>
        <SearchBar keywords={searchKeywords} />
      </header>
      <Suspense fallback={null}>
        <BlockRegion blocks={layout.blocks} region="featured_top" landmark="Объявления" />
      </Suspense>
      <Suspense fallback={null}>
        <SubNav menu={layout.mainMenu} services={layout.servicesMenu} path={path} />
      </Suspense>
    </>
  );
}
