import { Hono } from 'hono';
import { CacheReport } from './cache/cache-report';
import { readConfig } from './config/config';
import { misconfiguredPage } from './config/misconfigured-page';
import { drupalClientFor } from './drupal/from-config';
import { OriginError } from './drupal/origin';
import type { AppEnv } from './env';
import { drupalFiles } from './routes/drupal-files';
import { renderError } from './routes/error-response';
import { pages } from './routes/pages';

export const app = new Hono<AppEnv>();

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
app.route('/', pages);

// Drupal down with no cached copy: spec §8's error page, 503 so that crawlers come back.
app.onError((error, c) => {
  console.error('Запрос не обработан', error instanceof Error ? error.stack : error);
  if (!c.var.config) return c.text('Внутренняя ошибка', 500);
  return renderError(c, error instanceof OriginError ? 503 : 500);
});
