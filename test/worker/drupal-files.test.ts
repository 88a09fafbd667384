import { beforeEach, describe, expect, it } from 'vitest';
import { demo, freshStart, request } from './helpers';

beforeEach(freshStart);

describe("Drupal's public files", () => {
  it('are served from the site itself and outlive a Drupal outage', async () => {
    const doc = await demo.json<{ included: { attributes: { uri: { url: string } } }[] }>(
      '/jsonapi/node/news?filter[status]=1&page[limit]=1&include=field_image',
    );
    const path = doc.included[0]?.attributes.uri.url ?? '';
    expect(path).toMatch(/^\/sites\/default\/files\//);

    const first = await request(path);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('Content-Type')).toContain('image/');
    const bytes = await first.response.arrayBuffer();
    await first.settled();

    // Static files bypass the demo's fault switches, so Drupal goes away altogether: nothing listens on port 9.
    const again = await request(path, { DRUPAL_BASE_URL: 'http://127.0.0.1:9' });
    expect(again.response.status).toBe(200);
    expect((await again.response.arrayBuffer()).byteLength).toBe(bytes.byteLength);
  });

  it('answer 504 when Drupal is unreachable and no copy exists', async () => {
    const { response } = await request(`/sites/default/files/nikogda-${crypto.randomUUID()}.svg`, { DRUPAL_BASE_URL: 'http://127.0.0.1:9' });
    expect(response.status).toBe(504);
  });

  it('answer 404 for a file Drupal does not have', async () => {
    const { response } = await request(`/sites/default/files/net-takogo-${crypto.randomUUID()}.jpg`);
    expect(response.status).toBe(404);
  });
});
