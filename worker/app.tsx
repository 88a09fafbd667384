import { Hono } from 'hono';
import { CacheReport } from './cache/cache-report';
import { readConfig } from './config/config';
import { misconfiguredPage } from './config/misconfigured-page';
import { drupalClientFor } from './drupal/from-config';
import { OriginError } from './drupal/origin';
import type { AppEnv } from './env';
import { pagePath } from './middleware/page-path';
import { securityHeaders } from './middleware/security-headers';
import { drupalFiles } from './routes/drupal-files';
import { renderError } from './routes/error-response';
import { pages } from './routes/pages';

export const app = new Hono<AppEnv>();

// Outermost, so that every response gets the headers, the misconfiguration page included.
app.use('*', securityHeaders<AppEnv>({ analyticsOrigins: (c) => c.var.config?.analyticsOrigins ?? [] }));

// Configuration first: a missing setting answers a 500 page that names it.
app.use('*', async (c, next) => {
  const result = readConfig(c.env);
  if (!result.ok) return misconfiguredPage(result.problems);
  const { config } = result;
  const cacheReport = new CacheReport();
  c.set('config', config);
  c.set('cacheReport', cacheReport);
  c.set('drupal', drupalClientFor(config, { waitUntil: (promise) => c.executionCtx.waitUntil(promise), report: cacheReport }));
  await next();
});

app.route('/', drupalFiles);
app.use('*', pagePath<AppEnv>((c) => renderError(c, 400)));
app.route('/', pages);

// Pages are read-only; the forms' endpoints, when they come, are routed above this.
app.on(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'], '*', (c) =>
  c.text('Метод не поддерживается', 405, { Allow: 'GET, HEAD' }),
);

// Drupal down with no cached copy: spec §8's error page, 503 so that crawlers come back.
app.onError((error, c) => {
  console.error('Запрос не обработан', error instanceof Error ? error.stack : error);
  if (!c.var.config) return c.text('Внутренняя ошибка', 500);
  return renderError(c, error instanceof OriginError && error.unhealthy ? 503 : 500);
});
