import { beforeEach, describe, expect, it } from 'vitest';
import { BlockListSchema } from '../../worker/drupal/schemas/blocks';
import { demo, firstAlias, freshStart, page } from './helpers';

/*
 * The parts of other bundles' pages that Drupal sends beside
 * the node. Nodes are found through the demo's own API and views, as a site
 * would see another clinic's Drupal; each part also goes when Drupal sends nothing.
 */

beforeEach(freshStart);

interface Resource {
  attributes: { title: string; drupal_internal__nid: number | string; path: { alias: string }; created: string } & Record<string, unknown>;
}

const resources = async (bundle: string, query = '') =>
  (await demo.json<{ data: Resource[] }>(`/jsonapi/node/${bundle}?filter[status]=1&page[limit]=50${query}`)).data;

/** The markup of one part of a page (data-part) up to the end of its element, wherever the stream put it. */
const PART_END: Record<string, string> = { other: '</section>', note: '</div>', documents: '</ul>' };
const part = (html: string, name: string) => new RegExp(`data-part="${name}"[\\s\\S]*?${PART_END[name]}`).exec(html)?.[0];

const hrefsIn = (html: string | undefined) => [...(html ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);

const dates = (html: string | undefined) => [...(html ?? '').matchAll(/dateTime="(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]!);

describe.each(['full', 'lean'] as const)("a news item's and an article's «other» list (docs/requirements.md §2), %s schema", (mode) => {
  beforeEach(() => demo.schema(mode));

  it('lists other news newest first in the content, without the item itself, and no second news carousel before the footer', async () => {
    const alias = await firstAlias('news');
    const { status, html } = await page(alias);
    expect(status).toBe(200);
    const other = part(html, 'other');
    expect(other).toContain('Другие новости');
    const links = hrefsIn(other).filter((href) => href !== '/news.html');
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(4);
    expect(links).not.toContain(alias);
    const days = dates(other);
    expect(days).toEqual([...days].sort().reverse());
    expect(html).not.toContain('pre-footer__shelf--news');
  });

  it('lists the newest other articles from Drupal’s article list, without the article itself', async () => {
    const articles = (await resources('article', '&sort=-created')).map((r) => r.attributes.path.alias);
    const alias = articles[0]!;
    const { status, html } = await page(alias);
    expect(status).toBe(200);
    const other = part(html, 'other');
    expect(other).toContain('Другие статьи');
    expect(hrefsIn(other).filter((href) => href !== '/article.html')).toEqual(articles.slice(1, 5));
  });

  it('leaves the section out, and keeps the page, when the other-list calls answer 404 or fail', async () => {
    const aliases = [await firstAlias('news'), await firstAlias('article')];
    await demo.faults({
      rules: [
        { match: '/rest/news/other/', status: 404 },
        { match: 'sort=-created', status: 500 },
      ],
    });
    for (const alias of aliases) {
      const { status, html } = await page(alias);
      expect(status).toBe(200);
      expect(html).toMatch(/<h1>[^<]+<\/h1>/);
      expect(html).not.toContain('data-part="other"');
    }
    // The article's list was asked (and failed), not skipped.
    expect(await demo.count('/jsonapi/node/article?filter[status]=1&sort=-created')).toBeGreaterThan(0);
  });
});

describe("the press page's other mentions (/rest/smi-o-nas/other/{id})", () => {
  it('shows the view’s rows, served as a bare array of strings', async () => {
    const [mention] = await resources('smi_o_nas', '&sort=-created');
    const nid = Number(mention!.attributes.drupal_internal__nid);
    const rows = await demo.json<Record<string, unknown>[]>(`/rest/smi-o-nas/other/${nid}`);
    expect(Array.isArray(rows)).toBe(true);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) for (const value of Object.values(row)) expect(typeof value).toBe('string');
    const asked = await demo.count(`/rest/smi-o-nas/other/${nid}`);

    const { status, html } = await page(mention!.attributes.path.alias);
    expect(status).toBe(200);
    const other = part(html, 'other');
    expect(other).toContain('Другие публикации');
    expect(hrefsIn(other).filter((href) => href !== '/smi-o-nas.html')).toEqual(rows.slice(0, 4).map((row) => row.view_node));
    expect(await demo.count(`/rest/smi-o-nas/other/${nid}`)).toBe(asked + 1);
  });

  it('shows no section when the view has no other rows for the page', async () => {
    await demo.faults({ rules: [{ match: '/rest/smi-o-nas/other/', status: 404 }] });
    const { status, html } = await page(await firstAlias('smi_o_nas'));
    expect(status).toBe(200);
    expect(html).not.toContain('data-part="other"');
    expect(await demo.count('/rest/smi-o-nas/other/')).toBe(1);
  });
});

describe("a vacancy's note (field_note)", () => {
  /** The demo's vacancies by how Drupal sends their note: formatted text, plain text, or nothing. */
  async function vacanciesByNote() {
    const all = await resources('vacancy');
    const note = (r: Resource) => r.attributes.field_note;
    return {
      html: all.find((r) => typeof note(r) === 'object' && note(r) !== null)!,
      plain: all.find((r) => typeof note(r) === 'string' && note(r) !== '')!,
      none: all.find((r) => note(r) === null || note(r) === undefined || note(r) === '')!,
    };
  }

  it('shows a formatted note as its HTML and a plain one as text, and nothing when Drupal sends none', async () => {
    const { html: formatted, plain, none } = await vacanciesByNote();
    const shown = await page(formatted.attributes.path.alias);
    expect(shown.status).toBe(200);
    const note = part(shown.html, 'note');
    expect(note).toContain('<strong>');
    expect(note).not.toContain('&lt;');

    const text = String(plain.attributes.field_note);
    expect(part((await page(plain.attributes.path.alias)).html, 'note')).toContain(text);

    const without = await page(none.attributes.path.alias);
    expect(without.status).toBe(200);
    expect(without.html).toContain('Отправить резюме');
    expect(without.html).not.toContain('data-part="note"');
  });
});

describe('the next-links block (next_cycle_links) where Drupal places it', () => {
  /** Pages of the demo where its blocks call places a next_cycle_links block, and where it places none. */
  async function placements(alias: string): Promise<{ region: string; plugin: string }[]> {
    const body = await demo.json<{ data?: Record<string, { region: string; plugin: string }> } | []>(
      `/blocks_for_page?page=${encodeURIComponent(alias)}`,
    );
    return Array.isArray(body) ? [] : Object.values(body.data ?? {});
  }

  it("fetches the page's next links and shows them as links in the region Drupal placed the block in", async () => {
    const alias = await firstAlias('vacancy');
    const placed = (await placements(alias)).find((p) => p.plugin.includes('next_cycle_links'));
    expect(placed?.region).toBe('content_bottom');
    const { items } = await demo.json<{ items: { url: string; title: string }[] }>(
      `/blocks_for_page/block/next_cycle_links?page=${encodeURIComponent(alias)}`,
    );
    expect(items.length).toBeGreaterThan(0);

    const { status, html } = await page(alias);
    expect(status).toBe(200);
    const region = /<div class="region region--content_bottom"[\s\S]*?<\/ul>/.exec(html)?.[0];
    expect(region).toContain('Смотрите также');
    expect(hrefsIn(region)).toEqual(items.map((item) => item.url));
  });

  it('asks nothing and shows nothing where Drupal places no such block, and leaves a failing one out', async () => {
    const article = await firstAlias('article');
    expect((await placements(article)).some((p) => p.plugin.includes('next_cycle_links'))).toBe(false);
    const { status, html } = await page(article);
    expect(status).toBe(200);
    expect(html).not.toContain('block__links');
    expect(await demo.count('next_cycle_links')).toBe(0);

    await demo.faults({ rules: [{ match: '/blocks_for_page/block/next_cycle_links', status: 500 }] });
    const vacancy = await page(await firstAlias('vacancy'));
    expect(vacancy.status).toBe(200);
    expect(vacancy.html).not.toContain('block__links');
    expect(await demo.count('next_cycle_links')).toBeGreaterThan(0);
  });

  it('reads a placement of the module’s block by its plugin id, whatever form the id takes', () => {
    const parsed = BlockListSchema.parse({
      data: {
        a: { bid: 'a', region: 'content_bottom', plugin: 'next_cycle_links', weight: '2', settings: [] },
        b: { bid: 'b', region: 'sidebar', plugin: 'views_block:next_cycle_links-block_1' },
        c: { bid: 'c', region: 'sidebar', plugin: 'system_branding_block' },
        d: { bid: 'd', region: 'sidebar', plugin: 'next_cycle_linksmith' },
      },
    });
    expect(parsed.placements.map((p) => [p.id, p.region, p.source.kind])).toEqual([
      ['a', 'content_bottom', 'next-links'],
      ['b', 'sidebar', 'next-links'],
    ]);
  });
});

describe('a licence gallery as documents, a before/after gallery with its labels', () => {
  /** The galleries Drupal's licence view lists, and one it does not. */
  async function galleries() {
    const licenceRows = await demo.json<{ nid: string }[]>('/rest/license-images?_format=json');
    const listed = new Set(licenceRows.map((row) => Number(row.nid)));
    const all = await resources('gallery');
    const isLicence = (r: Resource) => listed.has(Number(r.attributes.drupal_internal__nid));
    return { licence: all.find(isLicence)!, beforeAfter: all.find((r) => !isLicence(r))! };
  }

  it('shows the gallery the licence view lists as whole documents that open full size, and keeps «До» / «После» on any other', async () => {
    const { licence, beforeAfter } = await galleries();
    const { status, html } = await page(licence.attributes.path.alias);
    expect(status).toBe(200);
    const documents = part(html, 'documents');
    expect(documents).toBeDefined();
    const links = [...(documents ?? '').matchAll(/<a class="document-grid__link" href="([^"]+)" target="_blank"/g)];
    expect(links.length).toBeGreaterThan(1);
    expect(documents).toMatch(/alt="[^"]+"/);
    expect(html).not.toContain('before-after__label');
    expect(html).not.toMatch(/>\s*(До|После)\s*</);

    const pair = await page(beforeAfter.attributes.path.alias);
    expect(pair.status).toBe(200);
    expect(pair.html).toContain('<span class="before-after__label">До</span>');
    expect(pair.html).toContain('<span class="before-after__label">После</span>');
    expect(pair.html).not.toContain('data-part="documents"');
  });

  it('labels nothing when the licence view cannot be asked', async () => {
    const { licence, beforeAfter } = await galleries();
    await demo.faults({ rules: [{ match: '/rest/license-images', status: 500 }] });
    for (const gallery of [licence, beforeAfter]) {
      const { status, html } = await page(gallery.attributes.path.alias);
      expect(status).toBe(200);
      expect(html).not.toContain('before-after__label');
      expect(part(html, 'documents')).toBeDefined();
    }
  });
});
