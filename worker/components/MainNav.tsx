import { ChevronDown } from 'lucide-react';
import { use } from 'react';
import type { MenuItem } from '../drupal/types';
import type { Deferred } from './deferred';
import { Icon } from './ui/Icon';

const SERVICES_URL = '/services.html';
const SERVICES_TITLE = 'Услуги';

/**
 * The main menu with the services menu as the submenu of its «Услуги» item (docs/requirements.md §2); when the
 * main menu has no such item, «Услуги» is added at its end, so that the services are reached from every page, on a
 * desktop and on a phone, whose slide menu is this tree.
 */
export function withServices(menu: MenuItem[], services: MenuItem[]): MenuItem[] {
  if (services.length === 0) return menu;
  const merged = menu.map((item) => (item.url === SERVICES_URL && item.children.length === 0 ? { ...item, children: services } : item));
  return merged.some((item) => item.url === SERVICES_URL)
    ? merged
    : [...merged, { title: SERVICES_TITLE, url: SERVICES_URL, children: services }];
}

/**
 * The item is the current page, lies on the way to it in the menu tree, or is
 * the section the current path sits under ("/services.html" for "/services/…").
 */
function leadsTo(item: MenuItem, path: string): boolean {
  if (item.url === path) return true;
  const section = item.url.endsWith('.html') ? item.url.slice(0, -'.html'.length) : '';
  if (section && section !== '/' && path.startsWith(`${section}/`)) return true;
  return item.children.some((child) => leadsTo(child, path));
}

/** A submenu whose entries mostly have entries of their own is laid out in columns (the services catalogue). */
const isWide = (items: MenuItem[]) => items.filter((item) => item.children.length > 0).length * 2 >= items.length;

const keyOf = (item: MenuItem) => `${item.url}|${item.title}`;

/**
 * Deeper levels inside an open submenu. Wrapped, so that the only <ul> right under
 * an <li> is a top item's submenu: Escape anywhere in it closes that submenu.
 */
function SubmenuList({ items, path, depth }: { items: MenuItem[]; path: string; depth: number }) {
  return (
    <div className="main-nav__group">
      <ul className={`main-nav__sub main-nav__sub--depth-${depth}`}>
        {items.map((item) => (
          <li key={keyOf(item)} className="main-nav__subitem">
            <a className="main-nav__sublink" href={item.url} aria-current={item.url === path ? 'page' : undefined}>
              {item.title}
            </a>
            {item.children.length > 0 && <SubmenuList items={item.children} path={path} depth={depth + 1} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Desktop main menu (docs/requirements.md §2). A submenu opens on hover and on keyboard focus
 * (:focus-within, in CSS); the SiteHeader behaviour adds Escape, which marks the
 * item `data-submenu-closed`. Its markup is what that behaviour expects: each
 * submenu is the <ul> right under its item's <li>, after the item's link.
 */
export function MainNav({ menu, services, path }: { menu: Deferred<MenuItem[]>; services: Deferred<MenuItem[]>; path: string }) {
  const items = withServices(use(menu), use(services));
  // A Drupal without the clinic's menu endpoint has no main menu: no empty bar under the header.
  if (items.length === 0) return null;
  return (
    <nav className="main-nav" aria-label="Главное меню">
      <ul className="main-nav__list container">
        {items.map((item, i) => {
          const parent = item.children.length > 0;
          const panelId = `main-nav-panel-${i}`;
          const wide = parent && isWide(item.children);
          const classes = [
            'main-nav__item',
            parent && 'main-nav__item--parent',
            wide && 'main-nav__item--wide',
            leadsTo(item, path) && 'main-nav__item--active',
          ];
          return (
            <li key={keyOf(item)} className={classes.filter(Boolean).join(' ')}>
              <a
                className="main-nav__link"
                href={item.url}
                aria-current={item.url === path ? 'page' : undefined}
                aria-controls={parent ? panelId : undefined}
              >
                {item.title}
                {parent && <Icon icon={ChevronDown} size={16} className="main-nav__chevron" />}
              </a>
              {parent && (
                <ul id={panelId} className={wide ? 'main-nav__panel main-nav__panel--wide' : 'main-nav__panel'}>
                  {item.children.map((child) => (
                    <li key={keyOf(child)} className="main-nav__subitem main-nav__subitem--top">
                      <a
                        className="main-nav__sublink main-nav__sublink--top"
                        href={child.url}
                        aria-current={child.url === path ? 'page' : undefined}
                      >
                        {child.title}
                      </a>
                      {child.children.length > 0 && <SubmenuList items={child.children} path={path} depth={2} />}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The item of the menu tree that is the current page, when it has children (for the sub-menu row). */
function findWithChildren(items: MenuItem[], path: string): MenuItem | undefined {
  for (const item of items) {
    if (item.url === path) return item.children.length > 0 ? item : undefined;
    const found = findWithChildren(item.children, path);
    if (found) return found;
  }
  return undefined;
}

/** docs/requirements.md §2: under the main menu, the current page's child items, when it has any in the main menu's tree. */
export function SubNav({ menu, services, path }: { menu: Deferred<MenuItem[]>; services: Deferred<MenuItem[]>; path: string }) {
  const current = findWithChildren(withServices(use(menu), use(services)), path);
  if (!current) return null;
  return (
    <nav className="sub-nav" aria-label={`Раздел «${current.title}»`}>
      <ul className="sub-nav__list container">
        {current.children.map((child) => (
          <li key={keyOf(child)}>
            <a className="sub-nav__link" href={child.url}>
              {child.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AsideList({ items, path, depth }: { items: MenuItem[]; path: string; depth: number }) {
  return (
    <ul className={`aside-menu__list aside-menu__list--depth-${depth}`}>
      {items.map((item) => {
        const onWay = leadsTo(item, path);
        // Two levels always; deeper ones only along the way to the current page, so the column stays short.
        const open = item.children.length > 0 && (depth < 2 || onWay);
        return (
          <li key={keyOf(item)} className={onWay ? 'aside-menu__item aside-menu__item--active' : 'aside-menu__item'}>
            <a className="aside-menu__link" href={item.url} aria-current={item.url === path ? 'page' : undefined}>
              {item.title}
            </a>
            {open && <AsideList items={item.children} path={path} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}

/** The side column's «Услуги клиники» (docs/requirements.md §2). */
export function ServicesAside({ services, path }: { services: Deferred<MenuItem[]>; path: string }) {
  const items = use(services);
  if (items.length === 0) return null;
  return (
    <nav className="aside-menu" aria-labelledby="aside-menu-title">
      <h2 className="aside-menu__title" id="aside-menu-title">
        Услуги клиники
      </h2>
      <AsideList items={items} path={path} depth={1} />
    </nav>
  );
}
