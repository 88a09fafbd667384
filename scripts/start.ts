/**
 * `npm start`: the site on http://127.0.0.1:8787 beside the demo origin on :8788.
 * With DRUPAL_BASE_URL set, the site talks to that Drupal instead and no demo starts.
 * With the demo and no CRM configured (environment or .dev.vars), leads go to the demo's CRM
 * (POST /__demo/crm/webhook, see demo-origin/README.md), so the whole lead flow works offline.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startDemoOrigin, startSite, type WorkerServer } from './servers.ts';

/** demo-origin/wrangler.toml's DEMO_CRM_TOKEN: a demo value, not a secret. */
const DEMO_CRM_TOKEN = 'demo-crm-token';

/** Whether a CRM webhook is configured already: in the environment, or a non-empty line of .dev.vars. */
function crmConfigured(): boolean {
  if (process.env.CRM_WEBHOOK_URL?.trim()) return true;
  const devVars = join(ROOT, '.dev.vars');
  if (!existsSync(devVars)) return false;
  return readFileSync(devVars, 'utf8')
    .split(/\r?\n/)
    .some((line) => /^\s*CRM_WEBHOOK_URL\s*=\s*["']?[^\s"'#]/.test(line));
}

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
  const demoCrm: Record<string, string> = {};
  if (!drupalBaseUrl) {
    const demo = await startDemoOrigin({ port: DEMO_PORT, persistTo: join(ROOT, '.wrangler', 'demo-state') });
    running.push(demo);
    drupalBaseUrl = demo.url;
    console.log(`Демо-Drupal: ${demo.url}`);
    if (!crmConfigured()) {
      // Secrets in production; locally the demo CRM's URL and its demo token.
      demoCrm.CRM_WEBHOOK_URL = `${demo.url}/__demo/crm/webhook`;
      demoCrm.CRM_WEBHOOK_TOKEN = DEMO_CRM_TOKEN;
      console.log(`Демо-CRM: заявки видны на ${demo.url}/__demo/crm/leads`);
    }
  }
  const site = await startSite({
    port: SITE_PORT,
    vars: { DRUPAL_BASE_URL: drupalBaseUrl, SITE_URL: `http://127.0.0.1:${SITE_PORT}`, ...demoCrm },
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
