import type { Context, Env, MiddlewareHandler } from 'hono';
import { parsePagePath } from '../paths/page-path';

/** What this middleware puts on the context: the request's page path, decoded and checked once. */
export interface PagePathVariables {
  pagePath: string;
}

/** A path Drupal could never have is answered by `refuse` (the 400 page) before any Drupal call. */
export function pagePath<E extends Env & { Variables: PagePathVariables }>(
  refuse: (c: Context<E>) => Promise<Response>,
): MiddlewareHandler<E> {
  return async (c, next) => {
    const parsed = parsePagePath(new URL(c.req.url).pathname);
    if (!parsed.ok) return refuse(c);
    c.set('pagePath', parsed.path);
    await next();
  };
}
