import { ChevronDown, Menu, Phone, Search, X } from 'lucide-react';
import { Suspense, use } from 'react';
import type { MenuItem } from '../../drupal/types';
import type { LayoutData } from './layout-data';
import type { Deferred } from '../deferred';
import { Behavior } from '../Behavior';
import { telHref } from '../format';
import { withServices } from '../MainNav';
import { PopupButton } from '../PopupButton';
import { NO_KEY_RECORDING } from '../../../common/consent';

export const SLIDE_MENU_ID = 'slide-menu';
/** docs/requirements.md §9: the menu's content is stamped in after 5 s, or on first open. */
const CONTENT_DELAY_MS = 5000;

/**
 * The menu's tree is the main menu's (MainNav.tsx), which every page already carries: the SlideMenu behaviour makes
 * it from there rather than the page carrying it twice. What comes here, once the menus have arrived, is a <template>
 * (parsed, never rendered) that says so and holds the toggle's icon. The Suspense boundary stays outside it, because
 * React's streamed swap looks its placeholder up in the document, not in a template.
 */
function MenuArrived({ menu, services }: { menu: Deferred<MenuItem[]>; services: Deferred<MenuItem[]> }) {
  if (withServices(use(menu), use(services)).length === 0) return null;
  return (
    <template data-slide-menu-template="">
      <ChevronDown size={20} aria-hidden="true" />
    </template>
  );
}

/**
 * Phones (below 960 px): the hamburger and the slide-out menu it opens (docs/requirements.md §2,
 * §4): search, the menu tree, a call link and the book button. The SlideMenu
 * behaviour makes the panel a modal dialog and stamps the menu in.
 */
export function SlideMenu({ layout }: { layout: LayoutData }) {
  const { site } = layout;
  const titleId = `${SLIDE_MENU_ID}-title`;
  return (
    <Behavior name="SlideMenu" props={{ contentDelayMs: CONTENT_DELAY_MS }} className="slide-menu-wrap">
      <button
        type="button"
        className="hamburger"
        aria-label="Открыть меню"
        aria-haspopup="dialog"
        aria-expanded="false"
        aria-controls={SLIDE_MENU_ID}
        data-slide-menu-open=""
      >
        <Menu size={24} aria-hidden="true" />
      </button>
      <dialog id={SLIDE_MENU_ID} className="slide-menu" aria-labelledby={titleId}>
        <div className="slide-menu__panel">
          <div className="slide-menu__head">
            <p id={titleId} className="slide-menu__title">
              Меню
            </p>
            <button type="button" className="slide-menu__close" aria-label="Закрыть меню" data-slide-menu-close="">
              <X size={22} aria-hidden="true" />
            </button>
          </div>
          <form className="slide-menu__search" action="/search/node" method="get" role="search">
            <input
              className={`slide-menu__search-input ${NO_KEY_RECORDING}`}
              type="search"
              name="keys"
              placeholder="Поиск по сайту"
              aria-label="Поиск по сайту"
            />
            <button className="slide-menu__search-button" type="submit" aria-label="Найти">
              <Search size={20} aria-hidden="true" />
            </button>
          </form>
          <nav className="slide-menu__nav" aria-label="Меню сайта" data-slide-menu-slot="" />
          <div className="slide-menu__contact">
            <a className="button slide-menu__call" href={telHref(site.phone)}>
              <Phone size={18} aria-hidden="true" />
              {site.phone}
            </a>
            <PopupButton form="consultation" className="button slide-menu__book">
              Записаться на приём
            </PopupButton>
          </div>
        </div>
      </dialog>
      <Suspense fallback={null}>
        <MenuArrived menu={layout.mainMenu} services={layout.servicesMenu} />
      </Suspense>
    </Behavior>
  );
}
