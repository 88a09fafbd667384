import { use } from 'react';
import type { Crumb } from '../drupal/types';
import type { Deferred } from './deferred';
import { onSite, StructuredData } from './StructuredData';

/**
 * docs/requirements.md §2: the first crumb reads the clinic's name; on phones only the last crumb
 * shows, or the one before it when the last has no link.
 */
export function Breadcrumbs({ crumbs, siteName, siteUrl }: { crumbs: Deferred<Crumb[]>; siteName: string; siteUrl: string }) {
  const items = use(crumbs).map((crumb, i) => (i === 0 ? { ...crumb, title: siteName } : crumb));
  if (items.length === 0) return null;
  const last = items.length - 1;
  const mobileIndex = items[last]?.link || last === 0 ? last : last - 1;
  return (
    <nav className="breadcrumbs container" aria-label="Хлебные крошки">
      <ol>
        {items.map((crumb, i) => (
          <li key={i} className={i === mobileIndex ? 'breadcrumbs__mobile' : undefined}>
            {crumb.link && i !== last ? (
              <a href={crumb.link}>{crumb.title}</a>
            ) : (
              <span aria-current={i === last ? 'page' : undefined}>{crumb.title}</span>
            )}
          </li>
        ))}
      </ol>
      <StructuredData
        data={{
          '@type': 'BreadcrumbList',
          itemListElement: items.map((crumb, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            name: crumb.title,
            item: onSite(siteUrl, crumb.link),
          })),
        }}
      />
    </nav>
  );
}

/**
 * The bar's room while the crumbs are on their way (a cold cache), so that the
 * page below does not jump when they arrive. One line, as on phones and almost
 * always on desktops.
 */
export function BreadcrumbsPending() {
  return (
    <div className="breadcrumbs breadcrumbs--pending container" aria-hidden="true">
      <ol>
        <li className="breadcrumbs__mobile">&nbsp;</li>
      </ol>
    </div>
  );
}
