/**
 * The worker project's D1 (wrangler.toml's UNDELIVERED) gets the site's migrations
 * before each test file, as `wrangler d1 migrations apply` gives a real database.
 * The Node project has no D1: its undelivered leads live in Valkey.
 */
import { applyD1Migrations, type D1Migration } from 'cloudflare:test';
import { env } from 'cloudflare:workers';

const { UNDELIVERED, TEST_MIGRATIONS } = env as unknown as { UNDELIVERED: D1Database; TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(UNDELIVERED, TEST_MIGRATIONS);
