import { beforeEach, describe, expect, it } from 'vitest';
import { NAVIGATION, demo, freshStart, request } from './helpers';

beforeEach(freshStart);

const SLOW_MS = 1_500;

/** A service whose page has the reviews of its doctors: the first of Drupal's services that shows them, asked cold. */
async function serviceWithDoctorReviews(): Promise<string> {
  const doc = await demo.json<{ data: { attributes: { path: { alias: string } } }[] }>(
    '/jsonapi/node/services?filter[status]=1&page[limit]=20',
  );
  for (const { attributes } of doc.data) {
    const { response, settled } = await request(attributes.path.alias, {}, { headers: NAVIGATION });
    const html = await response.text();
    await settled();
    if (html.includes('data-part="doctor-reviews"')) return attributes.path.alias;
  }
  throw new Error('no service of the demo shows the reviews of its doctors');
}

describe('streaming render', () => {
  it('sends the first bytes before the slowest Drupal call returns', async () => {
    // Blocks are the slowest call of the page; its own data and head come quickly.
    await demo.faults({ rules: [{ match: '/blocks_for_page?page=', delayMs: SLOW_MS }] });
    const started = Date.now();
    const { response, settled } = await request('/news.html');
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    const first = await reader.read();
    const firstAt = Date.now() - started;
    expect(firstAt).toBeLessThan(SLOW_MS);
    expect(first.value).toContain('<title>');

    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += chunk.value;
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MS - 50);
    expect(`${first.value}${rest}`).toContain('class="region region--');
    expect(rest).toContain('</html>');
    await settled();
  });

  it('renders everything inline once it is cached: no streamed boundaries to swap in', async () => {
    const { response, settled } = await request('/news.html');
    await response.text();
    await settled();
    const warm = await request('/news.html');
    const html = await warm.response.text();
    expect(warm.response.headers.get('X-Cache')).toBe('HIT');
    expect(html).not.toContain('<template id="B:');
  });

  it("renders a service's part made of two calls inline once both are cached (the reviews of its doctors)", async () => {
    const path = await serviceWithDoctorReviews();
    const warm = await request(path, {}, { headers: NAVIGATION });
    const html = await warm.response.text();
    await warm.settled();
    expect(warm.response.headers.get('X-Cache')).toBe('HIT');
    expect(html).toContain('data-part="doctor-reviews"');
    expect(html).not.toContain('<template id="B:');
    expect(html).not.toContain('$RC(');
  });

  it('gives crawlers the whole document at once', async () => {
    await demo.faults({ rules: [{ match: '/blocks_for_page?page=', delayMs: 600 }] });
    const started = Date.now();
    const { response } = await request('/news.html', {}, { headers: { 'User-Agent': 'Mozilla/5.0 (compatible; YandexBot/3.0)' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    const html = await response.text();
    expect(html).not.toContain('<template id="B:');
    expect(html).toContain('class="region region--');
  });
});
