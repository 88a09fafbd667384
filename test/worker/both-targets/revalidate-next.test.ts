/**
 * /api/revalidate as the `next` module really calls it: the entity's cache tags plus
 * whatever other modules add, or the entity's URL with Drupal's base path and language prefix;
 * only a 200 counts as done.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { understandTags } from '../../../worker/cache/drupal-tags';
import { sitePathsOfDrupalUrl } from '../../../worker/paths/drupal-entity-path';
import { TEST_SECRETS } from '../../setup/secrets';
import { demo, freshStart, page, request } from '../helpers';

beforeEach(freshStart);

const SECRET = TEST_SECRETS.PURGE_SECRET;

async function revalidate(query: string) {
  const { response, settled } = await request(`/api/revalidate?${query}&secret=${SECRET}`);
  const body = (await response.json()) as { tags?: string[]; paths?: string[]; ignored?: string[]; message?: string };
  await settled();
  return { status: response.status, body };
}

async function warm(path: string) {
  await page(path);
  expect((await page(path)).headers.get('X-Cache')).toBe('HIT');
}

const newestNews = async () => {
  const doc = await demo.json<{ data: { attributes: { drupal_internal__nid: number; path: { alias: string } } }[] }>(
    '/jsonapi/node/news?filter[status]=1&sort=-created&page[limit]=1',
  );
  const attributes = doc.data[0]!.attributes;
  return { nid: attributes.drupal_internal__nid, alias: attributes.path.alias };
};

describe("/api/revalidate with the next module's tags", () => {
  it('purges the tags it understands, answers 200 and names the ones it ignored, malformed ones included', async () => {
    const { nid } = await newestNews();
    await warm('/news.html');
    const sent = [
      `node:${nid}`,
      'node_list',
      'node_list:news',
      'config:system.site',
      'taxonomy_term:5',
      'user:1',
      'block_content_list',
      '4xx-response',
      '<script>',
      'x'.repeat(300),
    ];
    const { status, body } = await revalidate(`tags=${encodeURIComponent(sent.join(','))}`);
    expect(status).toBe(200);
    expect(body.tags).toEqual(expect.arrayContaining([`node:${nid}`, 'node_list', 'node_list:news', 'taxonomy_term:5', 'block_content']));
    expect(body.ignored).toEqual(['config:system.site', 'user:1', '4xx-response', '<script>', `${'x'.repeat(128)}…`]);
    expect((await page('/news.html')).headers.get('X-Cache')).toBe('MISS');
  });

  it('answers 200 and purges nothing when the tags name only content no page shows (the module counts anything else as failed)', async () => {
    await warm('/news.html');
    const { status, body } = await revalidate(`tags=${encodeURIComponent('config:system.site,user:1,<b>')}`);
    expect(status).toBe(200);
    expect(body.tags).toEqual([]);
    expect(body.ignored).toEqual(['config:system.site', 'user:1', '<b>']);
    expect((await page('/news.html')).headers.get('X-Cache')).toBe('HIT');
  });

  it('is a clean 400 when nothing sent is a tag at all, and purges nothing', async () => {
    await warm('/news.html');
    const { status, body } = await revalidate(`tags=${encodeURIComponent('<b>,a b')}`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/тег/);
    expect((await page('/news.html')).headers.get('X-Cache')).toBe('HIT');
  });

  it('purges the first hundred tags of an overlong list and ignores the rest', async () => {
    await warm('/news.html');
    const sent = ['node_list:news', ...Array.from({ length: 149 }, (_, i) => `node:${100_000 + i}`)];
    const { status, body } = await revalidate(`tags=${sent.join(',')}`);
    expect(status).toBe(200);
    expect(body.tags).toHaveLength(100);
    expect(body.ignored).toHaveLength(50);
    expect((await page('/news.html')).headers.get('X-Cache')).toBe('MISS');
  });
});

describe('/api/revalidate as the next module 1.x calls it: GET ?slug=<path>&secret=…, one call per path', () => {
  it('purges the page and, with its listing named next, the listing', async () => {
    const { nid, alias } = await newestNews();
    await warm(alias);
    await warm('/news.html');
    await demo.setTitle(nid, 'Заголовок после сохранения');
    const one = await revalidate(`slug=${encodeURIComponent(alias)}`);
    expect(one.status).toBe(200);
    expect(one.body.paths).toEqual([alias]);
    expect((await page(alias)).html).toContain('<h1>Заголовок после сохранения</h1>');
    const listing = await revalidate('slug=/news.html');
    expect(listing.status).toBe(200);
    expect(listing.body.tags).toContain('node_list:news');
    expect((await page('/news.html')).html).toContain('Заголовок после сохранения');
  });

  it("takes a node just unpublished off its listing, from the site's own record of what its path showed", async () => {
    const { nid, alias } = await newestNews();
    const { title } = await demo.node(nid);
    await warm(alias);
    await warm('/news.html');
    expect((await page('/news.html')).html).toContain(title);
    await demo.setStatus(nid, false);
    // Only the node's own path: Drupal no longer resolves it for the site.
    const { status, body } = await revalidate(`slug=${encodeURIComponent(alias)}`);
    expect(status).toBe(200);
    expect(body.tags).toEqual(expect.arrayContaining([`node:${nid}`, 'node_list:news']));
    expect((await page('/news.html')).html).not.toContain(title);
    expect((await page(alias)).status).not.toBe(200);
  });

  it('is a clean 400 without a path, a slug or tags', async () => {
    const { status, body } = await revalidate('other=1');
    expect(status).toBe(400);
    expect(body.message).toMatch(/path|slug/);
  });
});

describe("/api/revalidate with the path revalidator's entity URL", () => {
  it('reaches the page and its listing from a language-prefixed path', async () => {
    const { nid, alias } = await newestNews();
    await warm(alias);
    await warm('/news.html');
    await demo.setTitle(nid, 'Заголовок из многоязычного Drupal');
    const { status, body } = await revalidate(`path=${encodeURIComponent(`/ru${alias}`)}`);
    expect(status).toBe(200);
    expect(body.paths).toContain(alias);
    expect(body.tags).toEqual([`node:${nid}`, 'node_list:news']);
    expect((await page(alias)).html).toContain('<h1>Заголовок из многоязычного Drupal</h1>');
    expect((await page('/news.html')).html).toContain('Заголовок из многоязычного Drupal');
  });

  it("reads Drupal's base path and language prefix off an entity URL", () => {
    const base = 'https://cms.example/drupal';
    expect(sitePathsOfDrupalUrl('/drupal/ru/news/novost.html', base)).toEqual(['/ru/news/novost.html', '/news/novost.html']);
    expect(sitePathsOfDrupalUrl('https://cms.example/drupal/en/uslugi', base)).toEqual(['/en/uslugi', '/uslugi']);
    expect(sitePathsOfDrupalUrl('/drupal', base)).toEqual(['/']);
    expect(sitePathsOfDrupalUrl('/drupal/ru', base)).toEqual(['/ru', '/']);
    expect(sitePathsOfDrupalUrl('/news.html', 'https://cms.example')).toEqual(['/news.html']);
    expect(sitePathsOfDrupalUrl('https://evil.example/drupal/x', base)).toEqual([]);
    expect(sitePathsOfDrupalUrl('//evil.example', base)).toEqual([]);
  });

  it('maps Drupal tags onto the ones the payloads carry', () => {
    expect(understandTags(['config:system.menu.main', 'block_content:7', 'block_content_list', 'menu:footer'])).toEqual({
      purge: ['menu:main', 'block_content', 'menu:footer'],
      ignored: [],
      anyTag: true,
    });
  });
});
