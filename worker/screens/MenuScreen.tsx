import { ChevronRight } from 'lucide-react';
import type { MenuItem } from '../drupal/types';
import { Icon } from '../components/ui/Icon';

const keyOf = (item: MenuItem) => `${item.url}|${item.title}`;

function Links({ items }: { items: MenuItem[] }) {
  return (
    <ul className="menu-card__list">
      {items.map((item) => (
        <li key={keyOf(item)}>
          <a className="menu-card__link" href={item.url}>
            {item.title}
          </a>
          {item.children.length > 0 && <Links items={item.children} />}
        </li>
      ))}
    </ul>
  );
}

/** One entry of the catalogue: its title and, under it, everything it holds. */
function MenuCard({ item, level }: { item: MenuItem; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <li className="menu-card">
      <Heading className="menu-card__title">
        <a href={item.url}>
          {item.title}
          <Icon icon={ChevronRight} size={18} />
        </a>
      </Heading>
      {item.children.length > 0 && <Links items={item.children} />}
    </li>
  );
}

/** A page that is a menu: the services catalogue, the sitemap. */
export function MenuScreen({ title, sections }: { title: string; sections: { heading?: string; items: MenuItem[] }[] }) {
  return (
    <section className="menu-page">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
      {sections.map((section, i) => (
        <div key={i} className="menu-page__section">
          {section.heading && <h2 className="menu-page__heading">{section.heading}</h2>}
          <ul className="menu-grid">
            {section.items.map((item) => (
              <MenuCard key={keyOf(item)} item={item} level={section.heading ? 3 : 2} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
