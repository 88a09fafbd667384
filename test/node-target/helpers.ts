/** What the node-target tests share: the demo origin's switches, a test site's settings, a lead, and waiting. */
import { CONSENT } from '../../common/forms/definition';
import { demoControl } from '../../demo-origin/control-client';
import { TEST_SECRETS, testCrmUrl } from '../setup/secrets';

export { eventually } from '../setup/eventually';

/** A Node site's settings as the worker tests give workerd's (leads retried after a second). */
export const siteVars = (demoUrl: string, port: number) => ({
  DRUPAL_BASE_URL: demoUrl,
  SITE_URL: `http://127.0.0.1:${port}`,
  ...TEST_SECRETS,
  CRM_WEBHOOK_URL: testCrmUrl(demoUrl),
  LEAD_RETRY_SECONDS: '1',
});

/** The demo origin's test switches and readings (demo-origin/control-client.ts), and its Drupal answers. */
export function demoOf(demoUrl: string) {
  const control = demoControl(demoUrl);
  return {
    control,
    /** A Drupal answer's JSON (not a control: those are the client's methods). */
    json: async <T>(path: string): Promise<T> => (await fetch(demoUrl + path)).json() as Promise<T>,
    crmLeads: () => control.crm.received<CrmLead>(),
  };
}

export interface CrmLead {
  data: { name: string };
  deliveries: number;
}

/** A callback lead as the popup sends it. */
export const callbackLead = (name: string, phone = '+7 (999) 888-77-66') => ({
  vashe_imya: name,
  nomer_telefona: phone,
  [CONSENT.key]: true,
  send_page_url: 'http://127.0.0.1/news.html',
  send_page_title: 'Новости',
});

/** Addresses of distinct visitors: the forms' limit counts per client, across every process. */
export function visitors(network: string) {
  let visitor = 0;
  return () => `${network}.${(visitor = (visitor + 1) % 250) + 1}`;
}
