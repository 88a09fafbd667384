import { Suspense, type ReactNode } from 'react';
import { ISLANDS } from '../../../client/islands';
import type { PopupForm } from '../../../common/popups';
import type { LayoutData } from './layout-data';
import type { PreFooterData } from './layout-data';
import { EditorBar } from '../EditorBar';
import { BlockRegion, OtherRegions } from '../BlockRegion';
import { Breadcrumbs, BreadcrumbsPending } from '../Breadcrumbs';
import { Island } from '../Island';
import { ServicesAside } from '../MainNav';
import { CareBanner } from './CareBanner';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileBar } from './MobileBar';
import { NavigationFeel } from './NavigationFeel';
import { PreFooter } from './PreFooter';

/** docs/requirements.md §2: no side column on /services.html; in it, the services menu is hidden on / and /contacts.html. */
const NO_ASIDE = new Set(['/services.html']);
const NO_ASIDE_SERVICES = new Set(['/', '/contacts.html']);

export interface LayoutProps {
  layout: LayoutData;
  searchKeywords?: string;
  /** A popup open over the page from the start (/consultation.html and the like). */
  popup?: PopupForm;
  /** The carousels before the banner (other doctors, news, promotions). */
  preFooter?: PreFooterData;
  /** The response's CSP nonce, for the few inline scripts the frame has. */
  nonce: string;
  /** Block regions the page's body shows in its own places (a service page's advantages). */
  ownRegions?: readonly string[];
  children: ReactNode;
}

/**
 * The default layout's frame: header, breadcrumbs, side column, the content
 * between its regions, carousels, banner, footer, and the phone's booking bar.
 */
export function DefaultLayout({ layout, searchKeywords = '', popup, preFooter, nonce, ownRegions, children }: LayoutProps) {
  const { path, site } = layout;
  const withAside = !NO_ASIDE.has(path);
  return (
    <>
      <a className="skip-link" href="#main">
        Перейти к содержимому
      </a>
      <EditorBar />
      <Header layout={layout} searchKeywords={searchKeywords} />
      {path !== '/' && (
        <Suspense fallback={<BreadcrumbsPending />}>
          <Breadcrumbs crumbs={layout.breadcrumb} siteName={site.name} siteUrl={site.url} />
        </Suspense>
      )}
      <div className={withAside ? 'container page page--with-aside' : 'container page'}>
        {withAside && (
          <aside className="aside" aria-label="Боковая колонка">
            <Suspense fallback={null}>
              {!NO_ASIDE_SERVICES.has(path) && <ServicesAside services={layout.servicesMenu} path={path} />}
              <BlockRegion blocks={layout.blocks} region="sidebar" />
            </Suspense>
          </aside>
        )}
        <main id="main" className="page__main">
          <Suspense fallback={null}>
            <BlockRegion blocks={layout.blocks} region="content_top" />
          </Suspense>
          {children}
          <Suspense fallback={null}>
            <BlockRegion blocks={layout.blocks} region="content_bottom" />
            <OtherRegions blocks={layout.blocks} except={ownRegions} />
          </Suspense>
        </main>
      </div>
      <PreFooter lists={preFooter} />
      <CareBanner phone={site.phone} />
      <Footer layout={layout} />
      <MobileBar phone={site.phone} path={layout.path} />
      <Island
        component={ISLANDS.Popup}
        props={{ phone: site.phone, initial: popup ?? null, metrikaId: site.metrikaId }}
        when={popup ? 'idle' : 'demand'}
      />
      <NavigationFeel nonce={nonce} />
    </>
  );
}
