import { use } from 'react';
import type { MenuItem } from '../drupal/types';
import type { Deferred } from '../render/deferred';

const SERVICES_URL = '/services.html';

function MenuList({ items, path }: { items: MenuItem[]; path: string }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={`${item.url}|${item.title}`}>
          <a href={item.url} aria-current={item.url === path ? 'page' : undefined}>
            {item.title}
          </a>
          {item.children.length > 0 && <MenuList items={item.children} path={path} />}
        </li>
      ))}
    </ul>
  );
}

/** Desktop main menu; the services item gets the services menu as its submenu (spec §2). */
export function MainNav({ menu, services, path }: { menu: Deferred<MenuItem[]>; services: Deferred<MenuItem[]>; path: string }) {
  const servicesTree = use(services);
  const items = use(menu).map((item) =>
    item.url === SERVICES_URL && item.children.length === 0 ? { ...item, children: servicesTree } : item,
  );
  return (
    <nav className="main-nav" aria-label="Главное меню">
      <MenuList items={items} path={path} />
    </nav>
  );
}

export function ServicesAside({ services, path }: { services: Deferred<MenuItem[]>; path: string }) {
  const items = use(services);
  if (items.length === 0) return null;
  return (
    <nav aria-label="Услуги клиники">
      <h2 className="block__title">Услуги клиники</h2>
      <div className="aside__menu">
        <MenuList items={items} path={path} />
      </div>
    </nav>
  );
}
