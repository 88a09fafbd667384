import { ChevronDown, Menu, Phone, Search, X } from 'lucide-react';
import { Suspense, use } from 'react';
import type { MenuItem } from '../../drupal/types';
import type { LayoutData } from './layout-data';
import type { Deferred } from '../deferred';
import { Behavior } from '../Behavior';
import { telHref } from '../format';
import { PopupButton } from '../PopupButton';
import { NO_KEY_RECORDING } from '../../../common/consent';

export const SLIDE_MENU_ID = 'slide-menu';
/** docs/requirements.md §9: the menu's content is stamped in after 5 s, or on first open. */
const CONTENT_DELAY_MS = 5000;
const SERVICES_URL = '/services.html';
const SERVICES_TITLE = 'Услуги';

const holds = (item: MenuItem, path: string): boolean => item.url === path || item.children.some((child) => holds(child, path));

/**
 * The main menu with the services menu as the «Услуги» submenu; when the main
 * menu has no services item, «Услуги» is added, so phones always reach them.
 */
function withServices(main: MenuItem[], services: MenuItem[]): MenuItem[] {
  if (services.length === 0) return main;
  const merged = main.map((item) => (item.url === SERVICES_URL && item.children.length === 0 ? { ...item, children: services } : item));
  return merged.some((item) => item.url === SERVICES_URL)
    ? merged
    : [...merged, { title: SERVICES_TITLE, url: SERVICES_URL, children: services }];
}

/** A level of the tree: an item with children is a link beside a button that shows them (open where the current page is). */
function Tree({ items, path, id }: { items: MenuItem[]; path: string; id: string }) {
  return (
    <ul className="slide-menu__list">
      {items.map((item, i) => {
        const sectionId = `${id}-${i}`;
        const open = item.children.length > 0 && holds(item, path);
        return (
          <li key={`${item.url}|${item.title}`} className="slide-menu__item">
            <div className="slide-menu__row">
              <a className="slide-menu__link" href={item.url} aria-current={item.url === path ? 'page' : undefined}>
                {item.title}
              </a>
              {item.children.length > 0 && (
                <button
                  type="button"
                  className="slide-menu__toggle"
                  aria-expanded={open}
                  aria-controls={sectionId}
                  aria-label={`${item.title}: подразделы`}
                  data-slide-menu-toggle=""
                >
                  <ChevronDown size={20} aria-hidden="true" />
                </button>
              )}
            </div>
            {item.children.length > 0 && (
              <div id={sectionId} className="slide-menu__section" hidden={!open}>
                <Tree items={item.children} path={path} id={sectionId} />
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Inside a <template>: parsed but not rendered, until the behaviour stamps it
 * into the panel. The Suspense boundary stays outside it, because React's
 * streamed swap looks its placeholder up in the document, not in a template.
 */
function MenuTemplate({ menu, services, path }: { menu: Deferred<MenuItem[]>; services: Deferred<MenuItem[]>; path: string }) {
  const items = withServices(use(menu), use(services));
  if (items.length === 0) return null;
  return (
    <template data-slide-menu-template="">
      <Tree items={items} path={path} id={`${SLIDE_MENU_ID}-section`} />
    </template>
  );
}

/**
 * Phones (below 960 px): the hamburger and the slide-out menu it opens (docs/requirements.md §2,
 * §4): search, the menu tree, a call link and the book button. The SlideMenu
 * behaviour makes the panel a modal dialog and stamps the menu in.
 */
export function SlideMenu({ layout }: { layout: LayoutData }) {
  const { site, path } = layout;
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
        <MenuTemplate menu={layout.mainMenu} services={layout.servicesMenu} path={path} />
      </Suspense>
    </Behavior>
  );
}
