import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { loadLayout } from '../loaders/layout';
import { NodePage } from '../pages/NodePage';
import { resolvePath } from '../paths/resolve-path';
import { renderPage } from '../render/render-page';
import { renderError } from './error-response';

/**
 * Every path no route claims: redirects first, then the Drupal entity behind the
 * alias. The page's own calls start only once the path is known to be a page, so
 * an unknown URL costs Drupal just the two lookups.
 */
export async function contentPage(c: Context<AppEnv>): Promise<Response> {
  const { drupal, config, pagePath: path } = c.var;
  const resolution = await resolvePath(drupal, path, config.drupalBasePath);
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
    case 'entity': {
      // Started together with the node: the page still takes two rounds to Drupal.
      const layout = loadLayout(drupal, config, path);
      const node = await drupal.entity(resolution);
      if (!node) return renderError(c, 404);
      return renderPage(c, { layout, title: node.title, body: <NodePage node={node} /> });
    }
  }
}
