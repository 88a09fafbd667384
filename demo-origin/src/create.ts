/**
 * createDemoOrigin(): one demo Drupal (README.md), answering in Drupal's shapes, with state of its
 * own (lib/state.ts: fault rules, counters, submissions, sessions, edits, switches). The worker
 * entry (index.ts) makes the default one and every one a test asks for.
 */
import { Hono } from 'hono';
import { contextStorage } from 'hono/context-storage';
import type { AppEnv } from './env';
import { sessionCacheControl } from './lib/auth';
import { demoFaults } from './lib/faults';
import { json, noRoute } from './lib/http';
import { createState, type StateOptions } from './lib/state';
import { blockRoutes } from './routes/blocks';
import { breadcrumbRoutes } from './routes/breadcrumb';
import { controlRoutes, demoSchema } from './routes/control';
import { jsonapiRoutes } from './routes/jsonapi';
import { menuItemRoutes } from './routes/menu-items';
import { demoModules } from './lib/modules';
import { metatagRoutes } from './routes/metatag';
import { renovatioRoutes } from './routes/renovatio';
import { restViewRoutes } from './routes/rest-views';
import { routerRoutes } from './routes/router';
import { scheduleControlRoutes } from './routes/schedule-control';
import { stockPriceRoutes } from './routes/stock-price';
import { stockRedirectRoutes } from './routes/stock-redirects';
import { userRoutes } from './routes/user';
import { webformRoutes } from './routes/webform';
import { yclientsRoutes } from './routes/yclients';

export interface DemoOriginOptions extends StateOptions {
  /** The content model: "full" (the site's own) or "lean" (another clinic's); the DEMO_SCHEMA var's when left out. */
  readonly schema?: StateOptions['schema'];
  /** Routes mounted before the test control's /__demo/* catch-all (the demo CRM), never counted or faulted. */
  readonly mount?: (app: Hono<AppEnv>) => void;
}

export function createDemoOrigin(options: DemoOriginOptions = {}): Hono<AppEnv> {
  const state = createState(options);
  const app = new Hono<AppEnv>();

  // Every handler reaches this instance's state through the request's context (demoState()).
  app.use('*', contextStorage());
  app.use('*', async (c, next) => {
    c.set('demo', state);
    await next();
  });
  // The schema mode DEMO_SCHEMA chose, for every request.
  app.use('*', demoSchema);

  options.mount?.(app);

  // Test control: never delayed, faulted or counted (the schedule's before the catch-all of the rest).
  app.route('/', scheduleControlRoutes);
  app.route('/', controlRoutes);

  // Everything else is an API request: counted, delayed and faulted as configured.
  app.use('*', demoFaults);
  // A stock Drupal has no route for the clinic's own modules (README.md, "Modules modes").
  app.use('*', demoModules);
  // Answers to a login session are uncacheable (Cache-Control: private), as Drupal marks them.
  app.use('*', sessionCacheControl);
  app.route('/', routerRoutes);
  // The stock model (docs/drupal.md, "The stock model"), beside the clinic's modules, as a Drupal may have both;
  // before JSON:API's routes, which answer an unknown resource type 404.
  app.route('/', stockPriceRoutes);
  app.route('/', stockRedirectRoutes);
  // Before JSON:API's own routes, which would take /jsonapi/menu_items/{menu} for a resource type.
  app.route('/', menuItemRoutes);
  app.route('/', jsonapiRoutes);
  app.route('/', restViewRoutes);
  app.route('/', metatagRoutes);
  app.route('/', blockRoutes);
  app.route('/', breadcrumbRoutes);
  app.route('/', webformRoutes);
  app.route('/', userRoutes);
  // The clinic's schedule system, in its two faces (README.md, "Schedule system").
  app.route('/', yclientsRoutes);
  app.route('/', renovatioRoutes);

  app.notFound((c) => noRoute(c));
  app.onError((err) => {
    console.error(err);
    return json({ message: `The website encountered an unexpected error. Please try again later. (${err.message})` }, 500);
  });
  return app;
}
