import { beforeEach, describe, expect, it } from 'vitest';
import { demo, firstAlias, freshStart, page, request } from './helpers';

beforeEach(freshStart);

const BUNDLES = [
  'services',
  'doctors',
  'patients',
  'news',
  'smi_o_nas',
  'page',
  'vacancy',
  'actions',
  'article',
  'gallery',
  'video',
  'problem',
  'sliders',
  'qa',
  'reviews',
  'equipment',
] as const;

describe('redirects at the edge', () => {
  it('answers a redirect-module redirect with its own status and a relative Location', async () => {
    const { response } = await request(REDIRECTS.permanent.from);
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe(REDIRECTS.permanent.to);
  });

  it('keeps a temporary redirect temporary', async () => {
    const { response } = await request(REDIRECTS.temporary.from);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(REDIRECTS.temporary.to);
  });

  it('sends a chain straight to its final target in one hop', async () => {
    const { response } = await request(REDIRECTS.chain.from);
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe(REDIRECTS.chain.to);
    const target = await page(REDIRECTS.chain.to);
    expect(target.status).toBe(200);
  });

  it('sends an external target as a full URL', async () => {
    const { response } = await request(REDIRECTS.external.from);
    expect([301, 302]).toContain(response.status);
    expect(response.headers.get('Location')).toBe(REDIRECTS.external.to);
  });

  it.each(['/go/partner', '/go/promo'])('refuses an open redirect (%s: protocol-relative, javascript:)', async (from) => {
    const { response } = await request(from);
    expect(response.headers.get('Location')).toBeNull();
    expect(response.status).toBe(404);
  });
});

describe('aliases and errors', () => {
  it.each(BUNDLES)('resolves an alias of a %s node to its page', async (bundle) => {
    const path = await firstAlias(bundle);
    const res = await page(path);
    expect(res.status).toBe(200);
    const { data } = await demo.json<{ data: { attributes: { title: string } }[] }>(
      `/jsonapi/node/${bundle}?filter[status]=1&page[limit]=1&sort=-created`,
    );
    expect(res.html).toContain(escapeHtml(data[0]?.attributes.title ?? '∅'));
  });

  it('answers an unknown path with the 404 page built from node 823', async () => {
    const res = await page('/takoi-stranicy-net.html');
    expect(res.status).toBe(404);
    const node = await demo.json<{ data: { attributes: { title: string } }[] }>('/jsonapi/node/page?filter[drupal_internal__nid]=823');
    expect(res.html).toContain(escapeHtml(node.data[0]?.attributes.title ?? '∅'));
    expect(res.html).toContain('404');
  });

  it('answers an unpublished node with the 403 page built from node 1360', async () => {
    const res = await page(UNPUBLISHED_ALIAS);
    expect(res.status).toBe(403);
    const node = await demo.json<{ data: { attributes: { title: string } }[] }>('/jsonapi/node/page?filter[drupal_internal__nid]=1360');
    expect(res.html).toContain(escapeHtml(node.data[0]?.attributes.title ?? '∅'));
  });

  it('serves the docs/requirements.md §2 error routes with their status', async () => {
    expect((await page('/404.html')).status).toBe(404);
    expect((await page('/403.html')).status).toBe(403);
    expect((await page('/400')).status).toBe(400);
  });
});

describe('listing routes', () => {
  it('takes the page number as the last segment', async () => {
    const first = await page('/news.html');
    const second = await page('/news.html/2');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.html).toContain('href="/news.html/3"');
    expect(second.html).toContain('Предыдущая страница');
    expect(second.html).not.toBe(first.html);
  });

  it('sends /news.html/1 to /news.html and refuses page numbers that are not whole numbers', async () => {
    const { response } = await request('/news.html/1');
    expect(response.status).toBe(301);
    expect(response.headers.get('Location')).toBe('/news.html');
    for (const bad of ['/news.html/abc', '/news.html/-2', '/news.html/1.5', '/news.html/0', '/news.html/999']) {
      expect((await page(bad)).status, bad).toBe(404);
    }
  });

  it('lists only promotions whose date is today or later, and hides Q&A marked "do not show"', async () => {
    const actions = await demo.json<{ data: { attributes: { title: string; field_action_date?: string } }[] }>(
      '/jsonapi/node/actions?filter[status]=1&sort=-created',
    );
    const today = new Date().toISOString().slice(0, 10);
    const past = actions.data.find((a) => a.attributes.field_action_date && a.attributes.field_action_date < today);
    const future = actions.data.find((a) => a.attributes.field_action_date && a.attributes.field_action_date > today);
    const listing = await page('/special.html');
    expect(past && future).toBeTruthy();
    expect(listing.html).toContain(escapeHtml(future!.attributes.title));
    expect(listing.html).not.toContain(escapeHtml(past!.attributes.title));

    const qa = await demo.json<{
      data: { attributes: { title: string; field_question?: string; field_ne_vyvodit_na_stranitce?: boolean } }[];
    }>('/jsonapi/node/qa?filter[status]=1&sort=-created');
    const hidden = qa.data.find((q) => q.attributes.field_ne_vyvodit_na_stranitce);
    const shown = qa.data.find((q) => !q.attributes.field_ne_vyvodit_na_stranitce);
    const qaPage = await page('/vopros-otvet.html');
    expect(hidden && shown).toBeTruthy();
    // The listing shows each item's question (its title when it has none).
    const said = (q: (typeof qa.data)[number]) => escapeHtml(q.attributes.field_question ?? q.attributes.title);
    expect(qaPage.html).toContain(said(shown!));
    expect(qaPage.html).not.toContain(said(hidden!));
  });
});

export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

// From demo-origin/src/content/redirects.ts and news.ts.
const REDIRECTS = {
  permanent: { from: '/old-price.html', to: '/price.html' },
  temporary: { from: '/akciya-mesyaca.html', to: '/special/skidka-20-smas-lifting.html' },
  chain: { from: '/smas.html', to: '/services/apparatnaya-kosmetologiya/smas-lifting.html' },
  external: { from: '/magazin.html', to: 'https://shop.lavanda-clinic.example/' },
  malicious: { from: '/go/partner' },
};
const UNPUBLISHED_ALIAS = '/news/chernovik-novogodnie-akcii-2027.html';
