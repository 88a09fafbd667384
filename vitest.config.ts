import { fileURLToPath } from 'node:url';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { TEST_LEAD_MAX_RETRIES, TEST_SECRETS, testBookingVars, testCrmUrl } from './test/setup/secrets';
import { realDrupalSource } from './test/real-drupal/drupal';
import { projectsOfThisLane } from './test/setup/lanes';
import { reactServerForNode } from './vite.node.config';

// Tests run offline: miniflare must not fetch the Request.cf sample from Cloudflare.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';

// The undelivered leads' table, applied to the D1 miniflare simulates before each test file (test/worker/d1-setup.ts).
const d1Migrations = await readD1Migrations(fileURLToPath(new URL('./migrations', import.meta.url)));

// The real Drupal's codebases (../shared/real-drupal, or REAL_DRUPAL_DIR) and PHP: without them the project is left out,
// said once (by scripts/test-lanes.ts under `npm test`, whose lanes each load this file).
const realDrupal = realDrupalSource();
if ('skipped' in realDrupal && !process.env.TEST_LANE) console.log(`real-drupal: пропущен — ${realDrupal.skipped}`);

/**
 * A project of Chromium suites against one site, which `site` (a global setup) starts. One process for every file, not
 * one started per file: a file's Chromium and servers are its own (chromiumPerFile, its beforeAll), and no suite
 * changes a module another imports; the files one after another, as they share the site and the demo origin.
 */
function chromiumProject(name: string, include: string, site: string): TestProjectInlineConfiguration {
  return {
    test: {
      name,
      include: [include],
      environment: 'node',
      globalSetup: [site],
      fileParallelism: false,
      isolate: false,
      // A bound on a test that hangs, not on its speed (docs/testing.md): under the whole suite on a 2-core machine a
      // walk through the booking's steps that takes 8 s alone took 45 to 60 s, and one was cut off at 60 s.
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  };
}

export default defineConfig({
  test: {
    // The site's one JSON line per request (worker/middleware/request-log.ts) would drown the tests' own
    // output; request-log.test.ts reads them through its console spies, which this does not touch.
    onConsoleLog: (log) => !log.startsWith('{"time":'),
    // Under scripts/test-lanes.ts, the projects of this process's lane only.
    projects: projectsOfThisLane('dir' in realDrupal, [
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
                ...testBookingVars(inject<string>('demoOriginUrl')),
                // Undelivered leads are retried after a second here, not ten.
                LEAD_RETRY_SECONDS: '1',
                TEST_MIGRATIONS: d1Migrations,
              },
              // A few retries, not wrangler.toml's 20, so that a lead reaches the dead letters within seconds.
              queueConsumers: {
                'clinic-leads': {
                  maxBatchSize: 10,
                  maxBatchTimeout: 1,
                  maxRetries: TEST_LEAD_MAX_RETRIES,
                  retryDelay: 1,
                  deadLetterQueue: 'clinic-leads-dead',
                },
                'clinic-leads-dead': { maxBatchSize: 10, maxBatchTimeout: 1, maxRetries: 100, retryDelay: 60 },
              },
            },
          })),
        ],
        // wrangler.toml defines NODE_ENV=production, so the worker runs React's production build here too;
        // its JSX must then be compiled for the production runtime (no jsxDEV).
        oxc: { jsx: { runtime: 'automatic', development: false } },
        test: {
          name: 'worker',
          // The packages the worker imports, each bundled once into one module (vite's dependency optimizer, cached in
          // node_modules/.vite) rather than sent to workerd file by file: lucide-react alone is some 2 400 files. The
          // project alone took 167 core-seconds instead of 193, and one small file alone ran in 13 s instead of 33
          // (docs/testing.md, "Speed rules"). A package the worker imports and not named here is loaded file by file.
          deps: {
            optimizer: {
              ssr: {
                enabled: true,
                include: [
                  'react',
                  'react/jsx-runtime',
                  'react-dom',
                  'react-dom/server.edge',
                  'react-dom/static.edge',
                  'hono',
                  'hono/cookie',
                  'hono/utils/mime',
                  'zod',
                  'lucide-react',
                  'smol-toml',
                ],
              },
            },
          },
          // With the platform seams' contract cases run against the Workers implementations (test/contracts/).
          include: ['test/worker/**/*.test.{ts,tsx}', 'test/contracts/workers.test.ts'],
          globalSetup: ['test/setup/demo-origin.ts'],
          setupFiles: ['test/worker/d1-setup.ts', 'test/worker/holds-setup.ts'],
          // One workerd for every file, not one started per file (some 5 s each): each file begins with freshStart()
          // (test/worker/helpers.ts), which empties the cache and the isolate's state, as a new runtime would.
          isolate: false,
          // The demo origin's fault switches are shared by every test file.
          fileParallelism: false,
          testTimeout: 20_000,
          // A test's freshStart() (emptying the cache) waits on the same loaded machine as the test itself.
          hookTimeout: 20_000,
        },
      },
      {
        // The same worker tests against the Node target: the site built in-process on a real
        // Valkey (redis-server), `cloudflare:test` and `cloudflare:workers` given by test/node/.
        resolve: {
          alias: {
            'cloudflare:test': fileURLToPath(new URL('./test/node/cloudflare-test.ts', import.meta.url)),
            'cloudflare:workers': fileURLToPath(new URL('./test/node/cloudflare-workers.ts', import.meta.url)),
            // React's server build for Node, as dist/node/server.js has it.
            ...reactServerForNode,
          },
        },
        // As on Workers (wrangler.toml's define): React's production build, so JSX without jsxDEV.
        define: { 'process.env.NODE_ENV': '"production"' },
        oxc: { jsx: { runtime: 'automatic', development: false } },
        test: {
          name: 'node',
          // The worker tests whose behaviour goes through a platform seam (cache, queues, D1 or Valkey, secrets, the
          // request log): the ones in test/worker/both-targets/. A file elsewhere in test/worker runs on workerd only.
          // And the same contract cases against the Node implementations on Valkey, and test/node/'s tests of what
          // only Node would have (none today: the booking times' holds are on both).
          include: ['test/worker/both-targets/**/*.test.{ts,tsx}', 'test/contracts/node.test.ts', 'test/node/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/node/setup.ts'],
          setupFiles: ['test/node/holds-setup.ts', 'test/node/files-setup.ts'],
          // One site for every file, not one built per file (some 4 s each), as the worker project has one workerd:
          // each file begins with freshStart() (test/worker/helpers.ts), as on workerd (test/node/cloudflare-workers.ts).
          isolate: false,
          fileParallelism: false,
          testTimeout: 20_000,
          // A test's freshStart() (emptying the cache) waits on the same loaded machine as the test itself.
          hookTimeout: 20_000,
        },
      },
      // The Chromium suites of what renders the same on both targets, against the worker as `wrangler deploy` builds
      // it, in workerd, and the demo origin (test/setup/site.ts).
      chromiumProject('browser', 'test/browser/*.test.ts', 'test/setup/site.ts'),
      // The Chromium suites that go through a platform seam, against the same worker: a project of its own, so that
      // npm test runs it in a lane of its own (test/setup/lanes.ts), beside `browser`.
      chromiumProject('browser-seams', 'test/browser/seams/**/*.test.ts', 'test/setup/site.ts'),
      // The same seams' suites (leads on the queue, editors' sessions, the service worker, the headers, Drupal down,
      // hostile content, the low-vision cookie), again against the Node target (dist/node/server.js + redis-server);
      // needs `npm run build`. The rest render the same on both targets.
      chromiumProject('browser-node', 'test/browser/seams/**/*.test.ts', 'test/setup/site-node.ts'),
      {
        // Checks on files, with no browser and no site: the built client bundle (needs `npm run build`).
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // What `wrangler deploy` would upload for each environment, built offline; needs `npm run build`.
        test: {
          name: 'deploy',
          include: ['test/deploy/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
        },
      },
      ...('dir' in realDrupal
        ? [
            {
              // The site on both targets against two real Drupals (10.2 with the next module, and 10.3), installed
              // and provisioned as the clinic's by test/real-drupal/setup.ts; needs `npm run build`, PHP and Chromium.
              test: {
                name: 'real-drupal',
                include: ['test/real-drupal/**/*.test.ts'],
                environment: 'node',
                globalSetup: ['test/real-drupal/setup.ts'],
                // One Drupal for every file, and PHP's built-in server is slow.
                fileParallelism: false,
                testTimeout: 180_000,
                hookTimeout: 300_000,
              },
            },
          ]
        : []),
      {
        // The Node target as ops run it: built server processes on a real Valkey, each file starting its own.
        test: {
          name: 'node-target',
          include: ['test/node-target/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ]),
  },
});
