import { beforeEach, describe, expect, it } from 'vitest';
import { SECRET_MARKERS } from '../../setup/secrets';
import { firstAlias, freshStart, request } from '../helpers';

beforeEach(freshStart);

describe('secrets', () => {
  it('never appear in a response body or header', async () => {
    const paths = [
      '/',
      '/news.html',
      '/news.html/2',
      await firstAlias('services'),
      '/net-takoi.html',
      '/search/node/лазер',
      '/old-price.html',
      '/sitemap',
      '/api/forms/consultation',
      '/api/forms/send_resume',
    ];
    for (const path of paths) {
      const { response, settled } = await request(path);
      const text = `${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${await response.text()}`;
      await settled();
      for (const [name, secret] of Object.entries(SECRET_MARKERS)) expect(text, `${name} in ${path}`).not.toContain(secret);
    }
  });
});
