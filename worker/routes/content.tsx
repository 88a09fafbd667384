import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { resolvePath, type Resolution } from '../loaders/resolve-path';
import type { EntityLookup } from '../drupal/client';
import { ClinicData } from '../components/ClinicData';
import { nodePageLoader, type NodePage } from '../loaders/node-page';
import { onlineBookingCalls } from '../bundles/online-booking';
import { errorAnswer, renderError } from './error';
import { termRoute } from './term';

/** docs/requirements.md §2: the contacts page is a Drupal page at this path; search engines read the clinic's card there too. */
const CONTACTS = '/contacts.html';

/**
 * Every path no route claims: redirects first, then the Drupal entity behind the
 * alias. The page's frame starts only once the path is known to be a page (or was
 * one when Drupal was last asked), so an unknown URL costs Drupal just the two lookups.
 */
export async function contentRoute(c: Context<AppEnv>): Promise<Response> {
  const { drupal, config, pagePath: path } = c.var;
  const url = new URL(c.req.url);
  // The page-path middleware already found the path decodable.
  const canonical = { requested: decodeURIComponent(url.pathname), search: url.search, drupalBaseUrl: config.drupalBaseUrl };
  // Started before the path is asked: the page of the node it named the last time starts beside the lookup.
  const loader = nodePageLoader(drupal, c.var.frame, path, canonical, onlineBookingCalls(c.var.booking));
  let resolution: Resolution;
  try {
    resolution = await resolvePath(drupal, path, config.drupalBasePath, canonical);
  } catch (error) {
    loader.settle(false);
    throw error;
  }
  if (resolution.kind === 'entity' && resolution.entityType === 'node') {
    // Drupal showed this account the node: its page is a 200 (unless the node turns out a draft or Drupal fails it),
    // so a browser's navigation gets the document's start while the node is read or asked of Drupal (docs/architecture.md,
    // "Rendering and streaming"): at once, unless this process holds the node.
    const lookup = resolution;
    const held = await drupal.entityAtHand(lookup).catch(() => false);
    return c.var.headFirst(() => nodeAnswer(c, lookup, loader), held ? loader.nodeAsked(lookup) : true);
  }
  try {
    return await answer(c, resolution);
  } finally {
    // Any other answer than the node's page: nothing that names a node of this path is cached.
    loader.settle(false);
  }
}

type Loader = ReturnType<typeof nodePageLoader>;

/** The node's page; the 404 page when Drupal no longer has the node or it is a draft; the error page when Drupal fails. */
async function nodeAnswer(c: Context<AppEnv>, lookup: EntityLookup, loader: Loader): Promise<Response> {
  try {
    const page = await loader.page(lookup);
    return page ? await renderNodePage(c, page) : await renderError(c, 404);
  } catch (error) {
    // Answered here rather than by the app's onError: the document's start may have gone out already.
    return errorAnswer(c, error);
  } finally {
    // Unless the node's page settled it first.
    loader.settle(false);
  }
}

async function answer(c: Context<AppEnv>, resolution: Resolution): Promise<Response> {
  const { pagePath: path } = c.var;
  switch (resolution.kind) {
    case 'redirect': {
      const cacheStatus = await c.var.cacheReport.summary();
      if (cacheStatus) c.header('X-Cache', cacheStatus);
      return c.redirect(resolution.location, resolution.status);
    }
    case 'refused-redirect':
      console.warn(`Перенаправление ${path} → ${resolution.target} отклонено: недопустимый адрес`);
      return renderError(c, 404);
    case 'not-found':
      return renderError(c, 404);
    case 'forbidden':
      return renderError(c, 403);
    case 'entity':
      if (resolution.entityType === 'taxonomy_term') return termRoute(c, resolution);
      // Other content entities (a user, a media item) have no page on the site.
      return renderError(c, 404);
  }
}

/** The node's page, as its bundle's module draws it. */
function renderNodePage(c: Context<AppEnv>, { node, module, view, extras, landing }: NodePage): Promise<Response> {
  const { config, pagePath: path } = c.var;
  const site = { name: config.site.name, siteUrl: config.siteUrl, drupalBaseUrl: config.drupalBaseUrl, editor: Boolean(c.var.editor) };
  return c.render(
    <>
      {path === CONTACTS && <ClinicData name={config.site.name} phone={config.site.phone} siteUrl={config.siteUrl} />}
      <module.Page node={node} view={view} extras={extras} site={site} />
    </>,
    { title: node.title, layout: landing ? 'bare' : 'default', ownRegions: module.ownRegions },
  );
}
