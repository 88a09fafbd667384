import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { authLinkRoutes } from './auth-link';
import { cacheRebuildRoutes } from './cache-rebuild';
import { loginRoutes } from './login';
import { undeliveredRoutes } from './undelivered';

/**
 * The editors' pages (docs/requirements.md §2 /login, /auth/login, /cache-rebuild.html,
 * /auth_page_link.html; /undelivered.html). None of them is for search engines, and none of what
 * an editor sees is kept by any cache (middleware/editor.ts).
 */
export const editorRoutes = new Hono<AppEnv>()
  .route('/', loginRoutes)
  .route('/', authLinkRoutes)
  .route('/', cacheRebuildRoutes)
  .route('/', undeliveredRoutes);
