/**
 * What `npm start` and `npm run start:node` share: with no DRUPAL_BASE_URL, the demo
 * origin starts on DEMO_PORT (:8788) and, with no CRM configured (environment or
 * .dev.vars), leads go to the demo's CRM (POST /__demo/crm/webhook, see
 * demo-crm/README.md), so the whole lead flow works offline.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoControl } from '../demo-origin/control-client.ts';
import { ROOT, startDemoOrigin, type WorkerServer } from './servers.ts';

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

export interface SiteDrupal {
  drupalBaseUrl: string;
  /** Settings the site needs beside DRUPAL_BASE_URL (the demo CRM's, when it is used). */
  vars: Record<string, string>;
  demo?: WorkerServer;
}

export async function drupalForSite(): Promise<SiteDrupal> {
  const given = process.env.DRUPAL_BASE_URL;
  if (given) return { drupalBaseUrl: given, vars: {} };
  const demo = await startDemoOrigin({ port: Number(process.env.DEMO_PORT ?? 8788), persistTo: join(ROOT, '.wrangler', 'demo-state') });
  console.log(`Демо-Drupal: ${demo.url}`);
  const vars: Record<string, string> = {};
  if (!crmConfigured()) {
    // Secrets in production; locally the demo CRM's URL and its demo token.
    const { crm } = demoControl(demo.url);
    vars.CRM_WEBHOOK_URL = crm.webhookUrl;
    vars.CRM_WEBHOOK_TOKEN = DEMO_CRM_TOKEN;
    console.log(`Демо-CRM: заявки видны на ${crm.leadsUrl}`);
  }
  return { drupalBaseUrl: demo.url, vars, demo };
}
