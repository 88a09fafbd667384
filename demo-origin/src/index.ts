/**
 * Demo origin: a stand-in for the clinic's headless Drupal, answering in Drupal's shapes
 * (see /work/shared/drupal-api.md and README.md).
 */
import { Hono } from 'hono';
import type { AppEnv } from './env';
import { sessionCacheControl } from './lib/auth';
import { json, noRoute } from './lib/http';
import { blockRoutes } from './routes/blocks';
import { breadcrumbRoutes } from './routes/breadcrumb';
import { controlRoutes, demoFaults, demoSchema } from './routes/control';
import { crmRoutes } from './routes/crm';
import { jsonapiRoutes } from './routes/jsonapi';
import { metatagRoutes } from './routes/metatag';
import { restViewRoutes } from './routes/rest-views';
import { routerRoutes } from './routes/router';
import { userRoutes } from './routes/user';
import { webformRoutes } from './routes/webform';

const app = new Hono<AppEnv>();

// The schema mode DEMO_SCHEMA chose, for every request.
app.use('*', demoSchema);

// The demo CRM (a stand-in for the clinic's CRM webhook, not a Drupal call): never counted, and
// faulted only by rules that name /__demo/crm. Before controlRoutes, whose /__demo/* catch-all is 404.
app.route('/', crmRoutes);

// Test control: never delayed, faulted or counted.
app.route('/', controlRoutes);

// Everything else is an API request: counted, delayed and faulted as configured.
app.use('*', demoFaults);
// Answers to a login session are uncacheable (Cache-Control: private), as Drupal marks them.
app.use('*', sessionCacheControl);
app.route('/', routerRoutes);
app.route('/', jsonapiRoutes);
app.route('/', restViewRoutes);
app.route('/', metatagRoutes);
app.route('/', blockRoutes);
app.route('/', breadcrumbRoutes);
app.route('/', webformRoutes);
app.route('/', userRoutes);

app.notFound((c) => noRoute(c));
app.onError((err, c) => {
  console.error(err);
  void c;
  return json({ message: `The website encountered an unexpected error. Please try again later. (${err.message})` }, 500);
});

export default app;
