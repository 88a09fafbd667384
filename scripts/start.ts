/**
 * `npm start`: the site on http://127.0.0.1:8787 (workerd, as on Cloudflare) beside the
 * demo origin on :8788. With DRUPAL_BASE_URL set, the site talks to that Drupal instead
 * and no demo starts (scripts/demo-drupal.ts).
 */
import { join } from 'node:path';
import { drupalForSite } from './demo-drupal.ts';
import { ROOT, startSite, type WorkerServer } from './servers.ts';

const SITE_PORT = Number(process.env.PORT ?? 8787);

const running: WorkerServer[] = [];
const shutdown = async (code: number) => {
  await Promise.all(running.map((s) => s.stop()));
  process.exit(code);
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  const drupal = await drupalForSite();
  if (drupal.demo) running.push(drupal.demo);
  const site = await startSite({
    port: SITE_PORT,
    vars: { DRUPAL_BASE_URL: drupal.drupalBaseUrl, SITE_URL: `http://127.0.0.1:${SITE_PORT}`, ...drupal.vars },
    persistTo: join(ROOT, '.wrangler', 'state'),
    inheritOutput: true,
  });
  running.push(site);
  console.log(`\nСайт: ${site.url}  (Drupal: ${drupal.drupalBaseUrl})\nОстановить: Ctrl+C`);
  site.process.once('exit', (code) => void shutdown(code ?? 1));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
