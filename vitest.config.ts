import { cloudflareTest } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';
import { TEST_SECRETS, testCrmUrl } from './test/setup/secrets';

// Tests run offline: miniflare must not fetch the Request.cf sample from Cloudflare.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

export default defineConfig({
  test: {
    projects: [
      {
        // The worker inside workerd, KV as miniflare simulates it, Drupal = the demo origin over HTTP.
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: {
                DRUPAL_BASE_URL: inject<string>('demoOriginUrl'),
                SITE_URL: 'http://127.0.0.1:8787',
                ...TEST_SECRETS,
                CRM_WEBHOOK_URL: testCrmUrl(inject<string>('demoOriginUrl')),
                // Undelivered leads are retried after a second here, not ten.
                LEAD_RETRY_SECONDS: '1',
              },
            },
          })),
        ],
        // wrangler.toml defines NODE_ENV=production, so the worker runs React's production build here too;
        // its JSX must then be compiled for the production runtime (no jsxDEV).
        oxc: { jsx: { runtime: 'automatic', development: false } },
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.{ts,tsx}'],
          globalSetup: ['test/setup/demo-origin.ts'],
          // The demo origin's fault switches are shared by every test file.
          fileParallelism: false,
          testTimeout: 20_000,
        },
      },
      {
        // Node side: the site and the demo origin under wrangler dev, driven by Chromium.
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/setup/site.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
