import type { MiddlewareHandler } from 'hono';
import type { AppEnv, C } from '../app-env';
import { isOwnPost } from '../editors/own-post';
import { renderError } from './error';

/** Only for people: no index, and (for answers to a form) nothing kept anywhere. */
export function privatePage(response: Response, { store = true }: { store?: boolean } = {}): Response {
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  if (!store) response.headers.set('Cache-Control', 'no-store');
  return response;
}

/** The 403 page, kept by no cache. */
export const forbidden = async (c: C): Promise<Response> => privatePage(await renderError(c, 403), { store: false });

/** Another site's page posting here is refused outright (cross-site request forgery). */
export const ownPostsOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (isOwnPost(c.req.raw, c.var.config.siteUrl)) return next();
  console.warn(`Отклонён POST ${new URL(c.req.url).pathname} с чужого сайта`);
  return forbidden(c);
};

/** Anyone but an editor is sent to the login, which brings them back to `path`. */
export const editorsOnly =
  (path: string): MiddlewareHandler<AppEnv> =>
  async (c, next) =>
    c.var.editor ? next() : privatePage(c.redirect(`/login?destination=${path}`, 303), { store: false });
