/**
 * `npm start`: the site on http://127.0.0.1:8787 beside the demo origin on :8788.
 * With DRUPAL_BASE_URL set, the site talks to that Drupal instead and no demo starts.
 */
import { join } from 'node:path';
import { ROOT, startDemoOrigin, startSite, type WorkerServer } from './servers.ts';

const SITE_PORT = Number(process.env.PORT ?? 8787);
const DEMO_PORT = Number(process.env.DEMO_PORT ?? 8788);

const running: WorkerServer[] = [];
const shutdown = async (code: number) => {
  await Promise.all(running.map((s) => s.stop()));
  process.exit(code);
};
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  let drupalBaseUrl = process.env.DRUPAL_BASE_URL;
  if (!drupalBaseUrl) {
    const demo = await startDemoOrigin({ port: DEMO_PORT, persistTo: join(ROOT, '.wrangler', 'demo-state') });
    running.push(demo);
    drupalBaseUrl = demo.url;
    console.log(`Демо-Drupal: ${demo.url}`);
  }
  const site = await startSite({
    port: SITE_PORT,
    vars: { DRUPAL_BASE_URL: drupalBaseUrl, SITE_URL: `http://127.0.0.1:${SITE_PORT}` },
    persistTo: join(ROOT, '.wrangler', 'state'),
    inheritOutput: true,
  });
  running.push(site);
  console.log(`\nСайт: ${site.url}  (Drupal: ${drupalBaseUrl})\nОстановить: Ctrl+C`);
  site.process.once('exit', (code) => void shutdown(code ?? 1));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
