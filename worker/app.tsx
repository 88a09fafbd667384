import { Hono, type ExecutionContext } from 'hono';
import type { AppEnv } from './app-env';
import { booking } from './middleware/booking';
import { configured } from './middleware/config';
import { editorSession } from './middleware/editor';
import { imagesAsText } from './middleware/images-as-text';
import { keptAnswer } from './middleware/kept-answer';
import { pagePath } from './middleware/page-path';
import { pageRenderer } from './middleware/page-renderer';
import { renderedPages } from './middleware/rendered-pages';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { bookingRoutes } from './routes/booking';
import { editorRoutes } from './routes/editors';
import { badRequest, errorAnswer } from './routes/error';
import { fileRoutes } from './routes/files';
import { formRoutes } from './routes/forms';
import { healthRoutes } from './routes/health';
import { lowVisionRoutes } from './routes/low-vision';
import { revalidateRoutes } from './routes/revalidate';
import { siteRoutes } from './routes/site';
import type { Platform } from './platform/platform';

/** The site as a runtime calls it: one request, the runtime's environment, and its execution context. */
export interface App {
  fetch(request: Request, env: object, ctx?: ExecutionContext): Response | Promise<Response>;
}

/**
 * The site's middlewares and routes, the same on every runtime; `platform` (platform/workers/,
 * platform/node/) turns what its runtime hands each request into the site's bindings.
 */
export function createApp(platform: Platform): App {
  const app = new Hono<AppEnv>();
  // Outermost of all: one log line per request, whatever answers it (middleware/request-log.ts).
  app.use('*', requestLog());
  // Then the headers of every response, the misconfiguration page included.
  app.use('*', securityHeaders<AppEnv>({ analyticsOrigins: (c) => c.var.config?.analyticsOrigins ?? [] }));
  app.use('*', configured());
  // For monitoring: before the editor's session is looked up, which it has no use for.
  app.route('/', healthRoutes);
  // Right after the config: an editor's request swaps in its own uncached Drupal client before anything uses it.
  app.use('*', editorSession());
  // The clinic's schedule system, when it has one (docs/booking.md).
  app.use('*', booking());
  app.route('/', fileRoutes);
  // The popup forms' API answers JSON, without a page around it.
  app.route('/', formRoutes);
  // The version for the visually impaired: its panel's form sets a cookie and sends the visitor back.
  app.route('/', lowVisionRoutes);
  // Drupal's purge on save (the `next` module's revalidator).
  app.route('/', revalidateRoutes);
  app.use('*', pageRenderer<AppEnv>());
  // A page rendered a moment ago for the same URL is sent again, before any of its lookups.
  app.use('*', renderedPages<AppEnv>());
  // Inside it, so that a kept page is kept as the visitor who hid images saw it.
  app.use('*', imagesAsText<AppEnv>());
  app.use('*', pagePath<AppEnv>(badRequest));
  // Login, logout and the cache page: their POSTs come before the 405 below.
  app.route('/', editorRoutes);
  // Online booking: its steps' and its manage page's POSTs come before the 405 below.
  app.route('/', bookingRoutes);
  app.route('/', siteRoutes);

  // Pages are read-only; the forms' API is routed above this.
  app.on(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], '*', (c) => c.text('Метод не поддерживается', 405, { Allow: 'GET, HEAD' }));

  // docs/requirements.md §8: the error page, by what went wrong (routes/error.tsx).
  app.onError((error, c) => {
    if (c.var.config) return errorAnswer(c, error);
    console.error('Запрос не обработан', error instanceof Error ? error.stack : error);
    return c.text('Внутренняя ошибка', 500);
  });

  return {
    fetch: (request, env, ctx) => {
      const bindings = platform.bindings(env);
      // A page kept a moment ago is bytes, answered before the middlewares as a static file is (docs/architecture.md, "Kept pages").
      return keptAnswer(request, bindings) ?? app.fetch(request, bindings, ctx);
    },
  };
}
