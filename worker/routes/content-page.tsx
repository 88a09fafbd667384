import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { loadLayout } from '../loaders/layout';
import { NodePage } from '../pages/NodePage';
import { resolvePath } from '../paths/resolve-path';
import { renderPage } from '../render/render-page';
import { renderError } from './error-response';

/** The page path as Drupal knows it: decoded, without a trailing slash. */
export function pagePath(c: Context<AppEnv>): string {
  const raw = c.req.path.length > 1 ? c.req.path.replace(/\/+$/, '') : c.req.path;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Every path no route claims: redirects first, then the Drupal entity behind the alias. */
export async function contentPage(c: Context<AppEnv>): Promise<Response> {
  const path = pagePath(c);
  const { drupal, config } = c.var;
  const layout = loadLayout(drupal, config, path);
  const resolution = await resolvePath(drupal, path, config.drupalBasePath);
  switch (resolution.kind) {
    case 'redirect': {
      const cacheStatus = await c.var.cacheReport.summary();
      if (cacheStatus) c.header('X-Cache', cacheStatus);
      return c.redirect(resolution.location, resolution.status);
    }
    case 'refused-redirect':
      console.warn(`Перенаправление ${path} → ${resolution.target} отклонено: недопустимый адрес`);
      return renderError(c, 404, layout);
    case 'not-found':
      return renderError(c, 404, layout);
    case 'forbidden':
      return renderError(c, 403, layout);
    case 'entity': {
      const node = await drupal.entity(resolution);
      if (!node) return renderError(c, 404, layout);
      return renderPage(c, { layout, title: node.title, body: <NodePage node={node} /> });
    }
  }
}
