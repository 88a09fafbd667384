import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { resolvePath } from '../paths/resolve-path';
import { NodeScreen } from '../screens/NodeScreen';
import { renderError } from './error';
import { termRoute } from './term';

/**
 * Every path no route claims: redirects first, then the Drupal entity behind the
 * alias. The page's frame starts only once the path is known to be a page, so an
 * unknown URL costs Drupal just the two lookups.
 */
export async function contentRoute(c: Context<AppEnv>): Promise<Response> {
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
      if (resolution.entityType === 'taxonomy_term') return termRoute(c, resolution);
      // Started together with the node: the page still takes two rounds to Drupal.
      const frame = c.var.frame.forPage();
      // The pre-footer leaves this node out of its kind's carousel (a doctor among «other doctors»).
      c.var.frame.preFooter(resolution.entityType === 'node' ? { bundle: resolution.bundle, nid: resolution.id } : undefined);
      const node = await drupal.entity(resolution);
      if (!node) return renderError(c, 404);
      // A landing page: the node says so, or Drupal placed no block at all on it.
      const landing = node.flags.field_landing === true || (await frame.landing);
      return c.render(<NodeScreen node={node} />, { title: node.title, layout: landing ? 'bare' : 'default' });
    }
  }
}
