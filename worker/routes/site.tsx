import { Hono, type Context } from 'hono';
import { POPUP_PAGES, POPUP_TITLES, type PopupForm } from '../../common/popups';
import type { AppEnv } from '../app-env';
import { ClinicData } from '../components/ClinicData';
import { optional } from '../drupal/optional';
import { framed } from '../middleware/page-renderer';
import { CONSENT } from '../../common/forms/definition';
import { ConsentScreen } from '../screens/ConsentScreen';
import { HomeScreen } from '../screens/HomeScreen';
import { LEGAL_INFO_PATH, LEGAL_INFO_TITLE } from '../paths/legal-info';
import { LegalInfoScreen } from '../screens/LegalInfoScreen';
import { ThankYouScreen } from '../screens/ThankYouScreen';
import { MenuScreen } from '../screens/MenuScreen';
import { contentRoute } from './content';
import { renderError } from './error';
import { listingRoute } from './listing';
import { priceRoute } from './price';
import { searchRoutes } from './search';
import { seoRoutes } from './seo';
import { feedRoutes } from './feeds';
import { LISTING_ROUTES } from './listing-table';
import { locationOf } from '../paths/canonical-path';
import { ownRouteInOtherCase } from '../paths/letter-case';

/** The site's own routes (docs/requirements.md §2); every other path is Drupal's (contentRoute). */
export const siteRoutes = new Hono<AppEnv>();

/** docs/requirements.md §2: main slider: at most this many slides. */
const HOME_SLIDES = 10;

/** Doctors, news and promotions are the layout's carousels (framed() started them), not sections of their own here. */
async function homePage(c: Context<AppEnv>, popup?: PopupForm) {
  const { drupal, config } = c.var;
  // Without its slider the home page still stands: the slider is left out.
  const slides = await optional('home slider', drupal.homeSlides(HOME_SLIDES), []);
  const services = c.var.frame.forPage().servicesMenu;
  return c.render(
    <>
      <ClinicData name={config.site.name} phone={config.site.phone} siteUrl={config.siteUrl} />
      <HomeScreen home={{ title: config.site.name, phone: config.site.phone, slides, services }} />
    </>,
    {
      title: popup ? POPUP_TITLES[popup] : config.site.name,
      popup,
    },
  );
}

// The home page is a 200 whatever Drupal answers (each of its parts can be left out, docs/requirements.md §8):
// a cold one sends its document's start before Drupal's first answer.
siteRoutes.get('/', framed(), (c) => c.var.headFirst(() => homePage(c)));

// docs/requirements.md §2 reading B: each of these only opens its popup, over the home page.
for (const [path, form] of Object.entries(POPUP_PAGES))
  siteRoutes.get(
    path,
    framed(() => '/'),
    (c) => c.var.headFirst(() => homePage(c, form)),
  );

for (const route of LISTING_ROUTES) {
  const handler = listingRoute(route);
  siteRoutes.get(route.path, handler);
  if (route.paged) siteRoutes.get(`${route.path}/:page`, handler);
}

siteRoutes.get('/services.html', framed(), async (c) => {
  const services = await c.var.frame.forPage().servicesMenu;
  return c.render(<MenuScreen title="Услуги клиники" sections={[{ items: services }]} />, { title: 'Услуги' });
});

siteRoutes.get('/sitemap', framed(), async (c) => {
  const frame = c.var.frame.forPage();
  const [main, services] = await Promise.all([frame.mainMenu, frame.servicesMenu]);
  return c.render(<MenuScreen title="Карта сайта" sections={[{ items: main }, { heading: 'Услуги', items: services }]} />, {
    title: 'Карта сайта',
  });
});

siteRoutes.route('/', seoRoutes);
siteRoutes.route('/', feedRoutes);
siteRoutes.get('/price.html', framed(), priceRoute);

// docs/requirements.md §2 reading B: after a successful form. Not for search engines.
siteRoutes.get('/thank-you.html', framed(), async (c) => {
  const response = await c.render(<ThankYouScreen queued={c.req.query('queued') === '1'} phone={c.var.config.site.phone} />, {
    title: 'Спасибо за заявку',
  });
  response.headers.set('X-Robots-Tag', 'noindex');
  return response;
});

// The consent document every form's checkbox links to (152-ФЗ): the site's own page, whatever Drupal holds.
siteRoutes.get(CONSENT.url, framed(), (c) =>
  c.render(<ConsentScreen operator={c.var.config.site.name} siteUrl={c.var.config.siteUrl} />, {
    title: 'Согласие на обработку персональных данных',
  }),
);
// ПП РФ № 736, Приказ Минздрава № 118н: the clinic's legal details, from the settings, whatever Drupal holds.
siteRoutes.get(LEGAL_INFO_PATH, framed(), (c) =>
  c.render(<LegalInfoScreen legal={c.var.config.site.legal} siteName={c.var.config.site.name} phone={c.var.config.site.phone} />, {
    title: LEGAL_INFO_TITLE,
  }),
);
siteRoutes.route('/', searchRoutes);
siteRoutes.get('/404.html', (c) => renderError(c, 404));
siteRoutes.get('/403.html', (c) => renderError(c, 403));
siteRoutes.get('/400', (c) => renderError(c, 400));

// An old address of one of the pages above in another letter case: 301 to it, as Drupal's aliases get (resolve-path.ts).
let ownPatterns: string[] | undefined;
siteRoutes.get('*', async (c, next) => {
  ownPatterns ??= siteRoutes.routes.filter((route) => route.method === 'GET' && !route.path.includes('*')).map((route) => route.path);
  const own = ownRouteInOtherCase(c.var.pagePath, ownPatterns);
  if (!own) return next();
  return c.redirect(locationOf(own) + new URL(c.req.url).search, 301);
});

siteRoutes.get('*', contentRoute);
