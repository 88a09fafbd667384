/**
 * What `npm start` and `npm run start:node` share: with no DRUPAL_BASE_URL, the demo
 * origin starts on DEMO_PORT (:8788) and, with no CRM configured (environment or
 * .dev.vars), leads go to the demo's CRM (POST /__demo/crm/webhook, see
 * demo-crm/README.md), and with no BOOKING_PROVIDER online booking goes to the demo's
 * schedule system (its YCLIENTS face, demo-origin/README.md), so the lead flow and the
 * booking work offline.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoControl } from '../demo-origin/control-client.ts';
import { ROOT, startDemoOrigin, type WorkerServer } from './servers.ts';

/** demo-origin/wrangler.toml's DEMO_CRM_TOKEN: a demo value, not a secret. */
const DEMO_CRM_TOKEN = 'demo-crm-token';

/** A demo value for the demo schedule's YCLIENTS face, which only checks that one is sent: not a secret. */
const DEMO_PARTNER_TOKEN = 'demo-partner-token';

/** Whether a setting is configured already: in the environment, or a non-empty line of .dev.vars. */
function configured(name: string): boolean {
  if (process.env[name]?.trim()) return true;
  const devVars = join(ROOT, '.dev.vars');
  if (!existsSync(devVars)) return false;
  return readFileSync(devVars, 'utf8')
    .split(/\r?\n/)
    .some((line) => new RegExp(`^\\s*${name}\\s*=\\s*["']?[^\\s"'#]`).test(line));
}

/** The site's settings for the demo's schedule system (its YCLIENTS face), as a clinic's would be. */
export async function demoBookingVars(demoUrl: string, partnerToken = DEMO_PARTNER_TOKEN): Promise<Record<string, string>> {
  const { schedule } = demoControl(demoUrl);
  return {
    BOOKING_PROVIDER: 'yclients',
    YCLIENTS_API_URL: schedule.yclientsApiUrl,
    YCLIENTS_COMPANY_ID: (await schedule.state()).companyId,
    YCLIENTS_PARTNER_TOKEN: partnerToken,
  };
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
  const demo = await startDemoOrigin({ port: Number(process.env.DEMO_PORT ?? 8788) });
  console.log(`Демо-Drupal: ${demo.url}`);
  const vars: Record<string, string> = {};
  if (!configured('CRM_WEBHOOK_URL')) {
    // Secrets in production; locally the demo CRM's URL and its demo token.
    const { crm } = demoControl(demo.url);
    vars.CRM_WEBHOOK_URL = crm.webhookUrl;
    vars.CRM_WEBHOOK_TOKEN = DEMO_CRM_TOKEN;
    console.log(`Демо-CRM: заявки видны на ${crm.leadsUrl}`);
  }
  if (!configured('BOOKING_PROVIDER')) {
    Object.assign(vars, await demoBookingVars(demo.url));
    console.log(`Демо-расписание: коды из СМС видны на ${demoControl(demo.url).schedule.codesPageUrl}`);
  }
  return { drupalBaseUrl: demo.url, vars, demo };
}
