import { Suspense, use } from 'react';
import type { MenuItem } from '../../drupal/types';
import type { LayoutData } from '../../loaders/layout';
import type { Deferred } from '../../render/deferred';
import { BlockRegion } from '../BlockRegion';
import { telHref } from '../format';
import { PopupButton } from '../PopupButton';

export const FOUNDED = 2013;

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

/** Spec §2 footer: logo, footer menu, three regions, phone, callback, shop link, copyright, policy and sitemap. */
export function Footer({ layout }: { layout: LayoutData }) {
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
            <PopupButton form="callback" className="footer-callback">
              Заказать звонок
            </PopupButton>
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
