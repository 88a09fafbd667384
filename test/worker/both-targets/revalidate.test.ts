import { beforeEach, describe, expect, it } from 'vitest';
import { TEST_SECRETS } from '../../setup/secrets';
import { demo, freshStart, page, request } from '../helpers';

beforeEach(freshStart);

const SECRET = TEST_SECRETS.PURGE_SECRET;

async function revalidate(query: string, method: 'GET' | 'POST' = 'GET') {
  const { response, settled } = await request(`/api/revalidate?${query}`, {}, { method });
  const body = (await response.json()) as Record<string, unknown>;
  await settled();
  return { status: response.status, body };
}

/** A page visited until KV holds it, and its cache state on the next visit. */
async function warm(path: string) {
  await page(path);
  expect((await page(path)).headers.get('X-Cache')).toBe('HIT');
}

/** The origin calls made while `run` ran, decoded. */
async function askedDuring(run: () => Promise<unknown>): Promise<string[]> {
  const before = (await demo.requests()).byUrl;
  await run();
  const after = (await demo.requests()).byUrl;
  return Object.keys(after)
    .filter((url) => (after[url] ?? 0) > (before[url] ?? 0))
    .map((url) => decodeURIComponent(url));
}

const newestNews = () =>
  demo.json<{ data: { attributes: { drupal_internal__nid: number; path: { alias: string } } }[] }>(
    '/jsonapi/node/news?filter[status]=1&sort=-created&page[limit]=1',
  );

describe("/api/revalidate (the next module's revalidator)", () => {
  it('refuses a wrong or missing secret with 401 and purges nothing', async () => {
    await warm('/news.html');
    expect((await revalidate('tags=node_list:news&secret=wrong')).status).toBe(401);
    expect((await revalidate('tags=node_list:news')).status).toBe(401);
    expect((await revalidate(`tags=node_list:news&secret=wrong`, 'POST')).status).toBe(401);
    expect((await page('/news.html')).headers.get('X-Cache')).toBe('HIT');
  });

  it('answers 400 with neither path nor tags, or with a path or tag that is not one', async () => {
    expect((await revalidate(`secret=${SECRET}`)).status).toBe(400);
    expect((await revalidate(`path=//evil.example&secret=${SECRET}`)).status).toBe(400);
    expect((await revalidate(`tags=${encodeURIComponent('<script>')}&secret=${SECRET}`)).status).toBe(400);
  });

  it("purges a bundle's listings by its list tag, and nothing else", async () => {
    await warm('/news.html');
    await warm('/doctors.html');
    const { status, body } = await revalidate(`tags=node_list:news&secret=${SECRET}`, 'POST');
    expect(status).toBe(200);
    expect(body).toMatchObject({ revalidated: true, tags: ['node_list:news'] });
    expect((await page('/news.html')).headers.get('X-Cache')).toBe('MISS');
    // Every page's pre-footer shows news: /doctors.html asks again for those, not for its doctors.
    const asked = await askedDuring(() => page('/doctors.html'));
    expect(asked.some((url) => url.startsWith('/jsonapi/node/news?'))).toBe(true);
    expect(asked.some((url) => url.startsWith('/jsonapi/node/doctors?filter'))).toBe(false);
  });

  it("purges a node's own page, its bundle's listing and the home page's carousel that show it, by the node's tag alone", async () => {
    const [news] = (await newestNews()).data;
    const nid = news!.attributes.drupal_internal__nid;
    const alias = news!.attributes.path.alias;
    await warm(alias);
    await warm('/news.html');
    await warm('/');
    const { status, body } = await revalidate(`tags=node:${nid}&secret=${SECRET}`);
    expect(status).toBe(200);
    expect(body.paths).toEqual([alias]);
    const own = await askedDuring(() => page(alias));
    // The page's own metatags were keyed by its path: they were purged too.
    expect(own.some((url) => url.includes(`metatag?page=${alias}`))).toBe(true);
    expect((await page('/news.html')).headers.get('X-Cache')).toBe('MISS');
    const home = await askedDuring(() => page('/'));
    expect(home.some((url) => url.startsWith('/jsonapi/node/news?'))).toBe(true);
    expect(home.some((url) => url.startsWith('/jsonapi/node/sliders?'))).toBe(false);
  });

  it('purges one path', async () => {
    await warm('/news.html');
    expect((await revalidate(`path=/news.html&secret=${SECRET}`)).status).toBe(200);
    const { headers } = await page('/news.html');
    expect(headers.get('X-Cache')).not.toBe('HIT');
  });
});

describe('an edit in Drupal, purged on save', () => {
  it('shows the new title of a news item on its page and on /news.html once Drupal calls /api/revalidate', async () => {
    const [news] = (await newestNews()).data;
    const nid = news!.attributes.drupal_internal__nid;
    const alias = news!.attributes.path.alias;
    await warm(alias);
    await warm('/news.html');
    await demo.setTitle(nid, 'Новый заголовок новости после правки');
    // Before the purge visitors keep the cached copy.
    expect((await page('/news.html')).html).not.toContain('Новый заголовок новости после правки');
    expect((await revalidate(`tags=node:${nid},node_list:news&secret=${SECRET}`)).status).toBe(200);
    expect((await page(alias)).html).toContain('<h1>Новый заголовок новости после правки</h1>');
    expect((await page('/news.html')).html).toContain('Новый заголовок новости после правки');
  });

  it("reaches /news.html from the news item's path alone, as the module's path revalidator calls it", async () => {
    const [news] = (await newestNews()).data;
    const nid = news!.attributes.drupal_internal__nid;
    const alias = news!.attributes.path.alias;
    await warm(alias);
    await warm('/news.html');
    await demo.setTitle(nid, 'Заголовок, исправленный в Drupal');
    expect((await page('/news.html')).html).not.toContain('Заголовок, исправленный в Drupal');
    const { status, body } = await revalidate(`path=${encodeURIComponent(alias)}&secret=${SECRET}`);
    expect(status).toBe(200);
    expect(body.tags).toEqual([`node:${nid}`, 'node_list:news']);
    expect((await page(alias)).html).toContain('<h1>Заголовок, исправленный в Drupal</h1>');
    expect((await page('/news.html')).html).toContain('Заголовок, исправленный в Drupal');
  });
});
