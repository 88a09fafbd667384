import { describe, expect, it } from 'vitest';
import { page } from './helpers';

describe('configuration', () => {
  it('answers a missing Drupal URL with a 500 page that names the setting', async () => {
    const res = await page('/', { DRUPAL_BASE_URL: undefined });
    expect(res.status).toBe(500);
    expect(res.html).toContain('DRUPAL_BASE_URL');
    expect(res.html).toContain('не задан');
    expect(res.html).not.toMatch(/at \w+ \(|\.ts:\d+/); // no stack trace
  });

  it('names a malformed setting', async () => {
    const res = await page('/', { CACHE_FRESH_SECONDS: 'десять' });
    expect(res.status).toBe(500);
    expect(res.html).toContain('CACHE_FRESH_SECONDS');
  });

  it('names the missing half of the Drupal credentials without echoing the other', async () => {
    const res = await page('/', { DRUPAL_API_USER: 'only-user-no-password', DRUPAL_API_PASSWORD: '' });
    expect(res.status).toBe(500);
    expect(res.html).toContain('DRUPAL_API_PASSWORD');
    expect(res.html).not.toContain('only-user-no-password');
  });

  it('refuses a Drupal URL that is not http(s)', async () => {
    const res = await page('/', { DRUPAL_BASE_URL: 'ftp://cms.example' });
    expect(res.status).toBe(500);
    expect(res.html).toContain('DRUPAL_BASE_URL');
  });

  it('names a modules setting or a blocks placement it cannot read, in Russian', async () => {
    const modules = await page('/', { DRUPAL_MODULES: 'all' });
    expect(modules.status).toBe(500);
    expect(modules.html).toContain('DRUPAL_MODULES');
    expect(modules.html).toContain('должен быть auto, clinic или stock');
    const blocks = await page('/', { DRUPAL_BLOCKS: 'без региона' });
    expect(blocks.status).toBe(500);
    expect(blocks.html).toContain('DRUPAL_BLOCKS');
  });
});
