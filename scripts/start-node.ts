/**
 * `npm run start:node`: the site on Node (dist/node/server.js) on PORT (8787) with
 * Valkey at VALKEY_URL (redis://127.0.0.1:6379), settings from the environment,
 * .dev.vars and wrangler.toml's [vars]. With no DRUPAL_BASE_URL the demo origin
 * starts beside it, as with `npm start`. Valkey is not started here: it is the
 * server's own service (README, «Хостинг в России»).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { drupalForSite } from './demo-drupal.ts';
import { ROOT } from './servers.ts';

const port = Number(process.env.PORT ?? 8787);
let site: ChildProcess | undefined;
let stopDemo: (() => Promise<void>) | undefined;

const shutdown = async (code: number) => {
  if (site && site.exitCode === null) {
    await new Promise<void>((done) => {
      site!.once('exit', () => done());
      site!.kill('SIGTERM');
    });
  }
  await stopDemo?.();
  process.exit(code);
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  const drupal = await drupalForSite();
  stopDemo = drupal.demo?.stop;
  site = spawn(process.execPath, [join(ROOT, 'dist', 'node', 'server.js')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      SITE_URL: `http://127.0.0.1:${port}`,
      ...process.env,
      ...drupal.vars,
      DRUPAL_BASE_URL: drupal.drupalBaseUrl,
      PORT: String(port),
    },
  });
  site.once('exit', (code) => void shutdown(code ?? 1));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
