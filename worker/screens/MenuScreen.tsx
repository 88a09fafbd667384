import type { MenuItem } from '../drupal/types';

function Tree({ items }: { items: MenuItem[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={`${item.url}|${item.title}`}>
          <a href={item.url}>{item.title}</a>
          {item.children.length > 0 && <Tree items={item.children} />}
        </li>
      ))}
    </ul>
  );
}

/** A page that is a menu: the services catalogue, the sitemap. */
export function MenuScreen({ title, sections }: { title: string; sections: { heading?: string; items: MenuItem[] }[] }) {
  return (
    <section className="menu-page">
      <h1>{title}</h1>
      {sections.map((section, i) => (
        <div key={i}>
          {section.heading && <h2>{section.heading}</h2>}
          <Tree items={section.items} />
        </div>
      ))}
    </section>
  );
}
