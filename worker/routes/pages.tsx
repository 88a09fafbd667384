import { Hono, type Context } from 'hono';
import type { AppEnv } from '../env';
import { loadLayout } from '../loaders/layout';
import { HomePage } from '../pages/HomePage';
import { MenuPage } from '../pages/MenuPage';
import { SearchPage } from '../pages/SearchPage';
import { renderPage } from '../render/render-page';
import { contentPage } from './content-page';
import { renderError } from './error-response';
import { listingPage } from './listing-page';
import { LISTING_ROUTES } from './route-table';

export const pages = new Hono<AppEnv>();

pages.get('/', async (c) => {
  const { drupal, config } = c.var;
  const layout = loadLayout(drupal, config, '/');
  const [slides, news] = await Promise.all([
    drupal.nodes('sliders', { sort: '-created', limit: 10 }),
    drupal.nodes('news', { sort: '-created', limit: 3 }),
  ]);
  return renderPage(c, {
    layout,
    title: config.site.name,
    body: <HomePage home={{ title: config.site.name, slides: slides.items, news: news.items }} />,
  });
});

for (const route of LISTING_ROUTES) {
  const handler = listingPage(route);
  pages.get(route.path, handler);
  if (route.paged) pages.get(`${route.path}/:page`, handler);
}

pages.get('/services.html', async (c) => {
  const { drupal, config } = c.var;
  const layout = loadLayout(drupal, config, '/services.html');
  const services = await layout.servicesMenu;
  return renderPage(c, { layout, title: 'Услуги', body: <MenuPage title="Услуги клиники" sections={[{ items: services }]} /> });
});

pages.get('/sitemap', async (c) => {
  const { drupal, config } = c.var;
  const layout = loadLayout(drupal, config, '/sitemap');
  const [main, services] = await Promise.all([layout.mainMenu, layout.servicesMenu]);
  return renderPage(c, {
    layout,
    title: 'Карта сайта',
    body: <MenuPage title="Карта сайта" sections={[{ items: main }, { heading: 'Услуги', items: services }]} />,
  });
});

// The search form works without JavaScript: /search/node?keys=… becomes /search/node/….
pages.get('/search/node', (c) => {
  const keys = c.req.query('keys')?.trim();
  return keys ? c.redirect(`/search/node/${encodeURIComponent(keys)}`, 302) : searchPage(c, '');
});
pages.get('/search/node/:keys', (c) => searchPage(c, c.req.param('keys').trim()));

async function searchPage(c: Context<AppEnv>, keywords: string) {
  const { drupal, config } = c.var;
  const layout = loadLayout(drupal, config, '/search/node');
  const results = keywords ? await drupal.search(keywords) : [];
  return renderPage(c, {
    layout,
    title: keywords ? `Поиск: ${keywords}` : 'Поиск',
    searchKeywords: keywords,
    body: <SearchPage keywords={keywords} results={results} />,
  });
}

pages.get('/404.html', (c) => renderError(c, 404));
pages.get('/403.html', (c) => renderError(c, 403));
pages.get('/400', (c) => renderError(c, 400));

pages.get('*', contentPage);
