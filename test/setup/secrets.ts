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
} as const;
