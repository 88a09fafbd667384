import { demoControl } from '../../demo-origin/control-client.ts';

/**
 * Recognisable stand-ins for the secrets. Tests give them to the worker and then
 * look for them in everything a browser can receive.
 */
export const TEST_SECRETS = {
  DRUPAL_API_USER: 'api-user-7f3kq9',
  DRUPAL_API_PASSWORD: 'api-pass-Zx81vLq',
  CRM_WEBHOOK_URL: 'https://crm.invalid/hook-9d2m',
  CRM_WEBHOOK_TOKEN: 'crm-token-Kd93pw',
  PURGE_SECRET: 'purge-secret-Lm04ty',
  // 32 bytes, base64: the undelivered leads' encryption key.
  UNDELIVERED_KEY: 'dW5kZWxpdmVyZWQta2V5LXRlc3QtMzJieXRlcy1aUTk=',
  // The schedule system's tokens (docs/booking.md): given only with testBookingVars' BOOKING_PROVIDER.
  YCLIENTS_PARTNER_TOKEN: 'yc-partner-Qw83nz',
  YCLIENTS_USER_TOKEN: 'yc-user-Hs61pd',
  RENOVATIO_API_KEY: 'rn-key-Vb27xe',
} as const;

/** The demo schedule's YCLIENTS company (demo-origin/README.md, "Schedule system"). */
export const DEMO_SCHEDULE_COMPANY = '4564';

/** The stand-in secrets as a clinic usually has them: YCLIENTS without a user token (docs/booking.md, "Moving a booking"). */
const { YCLIENTS_USER_TOKEN: _userToken, ...SITE_SECRETS } = TEST_SECRETS;

/**
 * A test site's settings on the demo origin at `demoUrl`: its own address, the stand-in secrets (no YCLIENTS user
 * token, as at most clinics: a move books anew, then cancels), the demo CRM and schedule.
 */
export const testSiteVars = (demoUrl: string, sitePort: number) => ({
  DRUPAL_BASE_URL: demoUrl,
  SITE_URL: `http://127.0.0.1:${sitePort}`,
  ...SITE_SECRETS,
  CRM_WEBHOOK_URL: testCrmUrl(demoUrl),
  // As on the other test sites (vitest.config.ts, test/node/cloudflare-workers.ts): a delivery that fails once on a
  // loaded machine is tried again a second later, not ten, within the time a test waits for its lead.
  LEAD_RETRY_SECONDS: '1',
  ...testBookingVars(demoUrl),
});

/** The demo schedule's Renovatio face (demo-origin/README.md, "Schedule system"), for a test that switches to it. */
export const testRenovatioVars = (demoUrl: string) => ({
  BOOKING_PROVIDER: 'renovatio',
  RENOVATIO_API_URL: demoControl(demoUrl).schedule.renovatioApiUrl,
  RENOVATIO_CLINIC_ID: '1',
});

/** Online booking against the demo origin's schedule system, its YCLIENTS face, with the stand-in tokens. */
export const testBookingVars = (demoUrl: string) => ({
  BOOKING_PROVIDER: 'yclients',
  YCLIENTS_API_URL: demoControl(demoUrl).schedule.yclientsApiUrl,
  YCLIENTS_COMPANY_ID: DEMO_SCHEDULE_COMPANY,
});

/**
 * The leads queue's retries in the tests (wrangler.toml's max_retries is 20): short, so that
 * a lead reaches the dead letters within seconds (1 + 2 + 4 + 8 s at LEAD_RETRY_SECONDS=1).
 */
export const TEST_LEAD_MAX_RETRIES = 4;

/**
 * Where the tests' site delivers leads: the demo origin's CRM, at an address that
 * carries the stand-in URL's recognisable part, so that a leak of the real
 * setting is caught the same way. The demo CRM checks the stand-in token.
 */
export const testCrmUrl = (demoUrl: string) => `${demoControl(demoUrl).crm.webhookUrl}?h=${TEST_SECRETS.CRM_WEBHOOK_URL.split('/').pop()}`;
export const DEMO_ORIGIN_TEST_VARS = { DEMO_CRM_TOKEN: TEST_SECRETS.CRM_WEBHOOK_TOKEN };

/** Every secret's recognisable text, the CRM address's included. */
export const SECRET_MARKERS: Record<string, string> = {
  ...TEST_SECRETS,
  CRM_WEBHOOK_URL_PART: TEST_SECRETS.CRM_WEBHOOK_URL.split('/').pop()!,
};
