/**
 * Drafts never go public. The site's API account may view
 * unpublished content (the demo's api-account switch): Drupal then resolves a
 * draft's path, sends the draft with `status: false` and would list it in any
 * collection not asked for published nodes. No visitor and no cached payload
 * ever gets one; an editor, with their own session, still does.
 */
import { isolate } from '../../../worker/cache/isolate';
import { beforeEach, describe, expect, it } from 'vitest';
import { isPublished } from '../../../worker/drupal/map-node';
import { OtherListSchema } from '../../../worker/drupal/schemas/other-list';
import { SearchResultsSchema } from '../../../worker/drupal/schemas/search';
import { rowsOf } from '../../../worker/drupal/schemas/view-rows';
import { TEST_SECRETS } from '../../setup/secrets';
import { NAVIGATION, bindings, control, demo, demoUrl, freshStart, page, request } from '../helpers';

const SITE = 'http://127.0.0.1:8787';
const EDITOR = { name: 'redaktor', pass: 'demo-redaktor-2013' };
/** The content files' own drafts, of several bundles: a news item, a review, a vacancy, a service. */
const OWN_DRAFTS = [464, 112, 343, 47];
/** A published doctor an editor unpublishes (and renames, so that the title is the draft's alone). */
const DOCTOR = 51;
const DOCTOR_DRAFT_TITLE = 'Черновик врача Проверочный';
/** A service whose page shows doctors, reviews and more; the draft service's section. */
const SERVICE_WITH_LISTS = 24;
const DRAFT_SERVICE_SECTION = 10;

interface Draft {
  nid: number;
  title: string;
  alias: string;
  bundle: string;
}

async function apiAccountSeesDrafts(viewUnpublished: boolean) {
  await control.apiAccount({ viewUnpublished });
}

async function editNode(nid: number, edit: { title?: string; status?: boolean }) {
  await control.edit(nid, edit);
}

/** Sets the drafts up: the switch on, the doctor unpublished; every draft as the demo now serves it. */
async function withDrafts(): Promise<Draft[]> {
  await apiAccountSeesDrafts(true);
  await editNode(DOCTOR, { title: DOCTOR_DRAFT_TITLE, status: false });
  const drafts = await Promise.all([...OWN_DRAFTS, DOCTOR].map((nid) => demo.node(nid)));
  for (const draft of drafts) expect(draft.status, `node ${draft.nid} is a draft`).toBe(false);
  expect(new Set(drafts.map((d) => d.bundle)).size).toBe(drafts.length);
  return drafts;
}

async function aliasOf(nid: number) {
  return (await demo.node(nid)).alias;
}

/** React separates adjacent text with `<!-- -->`; the page as a reader sees it. */
const text = (html: string) => html.replaceAll('<!-- -->', '');

const cardsOf = (html: string) => [...html.matchAll(/<li class="card[\s\S]*?<\/li>/g)].map((m) => m[0]);

/** Where `needle` shows in `html` (a short excerpt, so that a failure reads well), or null. */
function shown(html: string, needle: string): string | null {
  const at = text(html).indexOf(needle);
  return at < 0 ? null : text(html).slice(Math.max(0, at - 120), at + needle.length + 40);
}

/** The anonymous pages that list or show nodes of the drafts' bundles. */
async function publicPages(): Promise<string[]> {
  return [
    '/',
    '/news.html',
    '/news.html/2',
    '/doctors.html',
    '/feedback.html',
    '/vacancia.html',
    '/services.html',
    '/sitemap',
    '/sitemap.xml',
    await aliasOf(SERVICE_WITH_LISTS),
    await aliasOf(DRAFT_SERVICE_SECTION),
    `/search/node/${encodeURIComponent('Черновик')}`,
    // Words of the drafts' own text (the page repeats the keywords themselves, not a title).
    `/search/node/${encodeURIComponent('готовится')}`,
    `/search/node/${encodeURIComponent('Проверочный')}`,
  ];
}

async function kvValues(): Promise<string[]> {
  const values: string[] = [];
  let cursor: string | undefined;
  do {
    const list = await bindings.DRUPAL_CACHE.list({ cursor });
    for (const key of list.keys) values.push(`${key.name} ${(await bindings.DRUPAL_CACHE.get(key.name)) ?? ''}`);
    cursor = list.list_complete ? undefined : list.cursor;
  } while (cursor);
  return values;
}

beforeEach(freshStart);

describe('drafts, when the API account may view unpublished content', () => {
  it('makes the demo answer drafts to the API account, as Drupal does (the switch works)', async () => {
    const [news] = await withDrafts();
    const basic = { Authorization: `Basic ${btoa(`${bindings.DRUPAL_API_USER}:${bindings.DRUPAL_API_PASSWORD}`)}` };
    const lookup = await fetch(`${demoUrl}/router/translate-path?path=${encodeURIComponent(news!.alias)}`, { headers: basic });
    expect(lookup.status).toBe(200);
    const anonymous = await fetch(`${demoUrl}/router/translate-path?path=${encodeURIComponent(news!.alias)}`);
    expect(anonymous.status).toBe(403);
    const all = (await (await fetch(`${demoUrl}/jsonapi/node/news?sort=-created&page[limit]=1`, { headers: basic })).json()) as {
      data: { attributes: { status: boolean } }[];
    };
    expect(all.data[0]!.attributes.status).toBe(false);
    // Named for another account, the permission is not the site's.
    await control.apiAccount({ viewUnpublished: true, user: 'someone-else' });
    expect((await fetch(`${demoUrl}/router/translate-path?path=${encodeURIComponent(news!.alias)}`, { headers: basic })).status).toBe(403);
  });

  it("answers a draft's own page with the 404 page, twice, and keeps nothing of it in the cache", async () => {
    const drafts = await withDrafts();
    for (const draft of drafts) {
      const first = await page(draft.alias);
      expect(first.status, draft.alias).toBe(404);
      expect(first.html).toContain('Страница не найдена');
      expect(shown(first.html, draft.title)).toBeNull();
      const second = await page(draft.alias);
      expect(second.status, draft.alias).toBe(404);
      expect(shown(second.html, draft.title)).toBeNull();
    }
    const kept = await kvValues();
    for (const draft of drafts)
      expect(
        kept.filter((entry) => entry.includes(draft.title)),
        draft.title,
      ).toEqual([]);
  });

  it("gives a browser's first navigation the 404 page under noindex, never the draft, and the 404 after", async () => {
    const [news] = await withDrafts();
    // The path resolves, so the document's start went out (a 200) before the node said it is a draft.
    const first = await request(news!.alias, {}, { headers: NAVIGATION });
    const html = await first.response.text();
    await first.settled();
    expect(first.response.status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    expect(html).toContain('Страница не найдена');
    expect(shown(html, news!.title)).toBeNull();
    // The draft is known now: nothing goes to Drupal before the page is ready, and the status is the page's.
    const second = await request(news!.alias, {}, { headers: NAVIGATION });
    const again = await second.response.text();
    await second.settled();
    expect(second.response.status).toBe(404);
    expect(shown(again, news!.title)).toBeNull();
  });

  it('shows the page once the draft is published and Drupal purges its tag, the 404 kept for it notwithstanding', async () => {
    const [news] = await withDrafts();
    expect((await page(news!.alias)).status).toBe(404);
    expect((await page(news!.alias)).status).toBe(404);
    await editNode(news!.nid, { status: true });
    const purge = await request(`/api/revalidate?tags=node:${news!.nid}&secret=${TEST_SECRETS.PURGE_SECRET}`);
    expect(purge.response.status).toBe(200);
    await purge.settled();
    const published = await page(news!.alias);
    expect(published.status).toBe(200);
    expect(text(published.html)).toContain(news!.title);
  });

  it('shows no draft on any page a visitor can reach: listings, home, a service, search, sitemaps', async () => {
    const drafts = await withDrafts();
    for (const path of await publicPages()) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      for (const draft of drafts) {
        expect(shown(html, draft.title), `${draft.title} on ${path}`).toBeNull();
        expect(shown(html, `${draft.alias}"`), `${draft.alias} on ${path}`).toBeNull();
        expect(shown(html, `${draft.alias}<`), `${draft.alias} on ${path}`).toBeNull();
      }
    }
    const kept = await kvValues();
    for (const draft of drafts)
      expect(
        kept.filter((entry) => entry.includes(draft.title)),
        draft.title,
      ).toEqual([]);
    // What is published still shows: a review in the service's own reviews (a Views list), the news listing.
    expect(text((await page(await aliasOf(SERVICE_WITH_LISTS))).html)).toContain('Овал стал чётче');
    expect(cardsOf((await page('/news.html')).html)).toHaveLength(10);
  });

  it("keeps the listings' items and pager as they are without drafts", async () => {
    const listings = ['/news.html', '/news.html/7', '/feedback.html', '/vacancia.html', '/doctors.html'];
    const cards = (html: string) => cardsOf(html).length;
    const pager = (html: string) => [...html.matchAll(/href="(\/[a-z-]+\.html\/\d+)"/g)].map((m) => m[1]).sort();
    // The doctor is a draft in both runs: only the account's permission differs.
    await editNode(DOCTOR, { title: DOCTOR_DRAFT_TITLE, status: false });
    const without = await Promise.all(listings.map((path) => page(path)));
    await freshStart();
    await withDrafts();
    for (const [i, path] of listings.entries()) {
      const { status, html } = await page(path);
      expect(status, path).toBe(without[i]!.status);
      expect(cards(html), path).toBe(cards(without[i]!.html));
      expect(pager(html), path).toEqual(pager(without[i]!.html));
    }
  });

  it('still shows an editor the draft, from their own session', async () => {
    const drafts = await withDrafts();
    isolate().checkedSessions.clear();
    const login = await request(
      '/login',
      {},
      {
        method: 'POST',
        body: new URLSearchParams(EDITOR),
        headers: { Origin: SITE, 'Sec-Fetch-Site': 'same-origin' },
      },
    );
    await login.response.text();
    await login.settled();
    expect(login.response.status).toBe(303);
    const cookie = login.response.headers
      .getSetCookie()
      .find((line) => line.startsWith('editor='))!
      .split(';')[0]!;
    for (const draft of drafts) {
      // A visitor first: the 404 it is given is not what the editor then sees.
      expect((await page(draft.alias)).status).toBe(404);
      const { response, settled } = await request(draft.alias, {}, { headers: { Cookie: cookie } });
      const html = await response.text();
      await settled();
      expect(response.status, draft.alias).toBe(200);
      expect(text(html)).toContain(draft.title);
    }
    await request('/logout', {}, { method: 'POST', headers: { Cookie: cookie, Origin: SITE, 'Sec-Fetch-Site': 'same-origin' } });
  });
});

describe("a node's status, read at the boundary in whatever form Drupal sends it", () => {
  const node = (status?: unknown) => ({ attributes: status === undefined ? { title: 'x' } : { title: 'x', status } });

  it('is published for true, 1, "1" and "true"; a draft for false, 0, "0", "false", "", null', () => {
    for (const status of [true, 1, '1', 'true']) expect(isPublished(node(status)), String(status)).toBe(true);
    for (const status of [false, 0, '0', 'false', '', null, {}]) expect(isPublished(node(status)), JSON.stringify(status)).toBe(false);
  });

  it('is published when the type sends no status at all', () => {
    expect(isPublished(node())).toBe(true);
  });

  it("drops a Views row whose status column says unpublished (search, 'other' lists, per-service lists)", async () => {
    const rows = [
      { title: 'Опубликовано', view_node: '/a.html' },
      { title: 'Тоже', view_node: '/b.html', status: '1' },
      { title: 'Черновик', view_node: '/c.html', status: '0' },
      { title: 'Черновик 2', view_node: '/d.html', status: false },
      { title: 'Черновик 3', view_node: '/e.html', status: 'Off' },
    ];
    expect(SearchResultsSchema.parse(rows).map((r) => r.title)).toEqual(['Опубликовано', 'Тоже']);
    expect(OtherListSchema.parse(rows).map((r) => r.title)).toEqual(['Опубликовано', 'Тоже']);
    expect((await rowsOf(rows)).map((r) => r.title)).toEqual(['Опубликовано', 'Тоже']);
  });
});
