/**
 * In workerd: every page's <title> in one form («Заголовок — <site name>»),
 * a listing's 404 titled as a 404, the popup pages titled by their popup, the article author's
 * fallback in Russian; and the demo's hostile page out of the sitemap and the menus.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { POPUP_PAGES, POPUP_TITLES } from '../../common/popups';
import { RobotsNoindexSchema } from '../../worker/drupal/schemas/robots';
import { documentTitle } from '../../worker/render/page-title';
import { bindings, demo, firstAlias, freshStart, page } from './helpers';

beforeEach(freshStart);

const SITE = bindings.SITE_NAME!;

/** The tab's title as the browser shows it (React escapes &, < and > in text). */
const titleOf = (html: string) =>
  /<title>([^<]*)<\/title>/
    .exec(html)?.[1]
    ?.replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');

/** React separates adjacent text with `<!-- -->`; the text as a reader sees it. */
const text = (html: string) => html.replaceAll('<!-- -->', '');

const h1Of = (html: string) =>
  /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(text(html))?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();

const metaOf = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

const HOSTILE_NID = 907;
const NOT_FOUND_NID = 823;
const ARTICLE_WITHOUT_AUTHOR = 165;

describe('the <title> of every page', () => {
  it('is the site name alone on the home page', async () => {
    expect(SITE).toBeTruthy();
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(SITE);
  });

  it('is «heading — site name» on a node page, a listing and its later page, the price list and search', async () => {
    const service = await firstAlias('services');
    const node = await page(service);
    expect(node.status).toBe(200);
    const heading = h1Of(node.html)!;
    expect(heading).toBeTruthy();
    expect(titleOf(node.html)).toBe(`${heading} — ${SITE}`);
    // Drupal's own tags for sharing stay: og:title names the node.
    expect(metaOf(node.html, 'og:title')).toBe(heading);

    expect(titleOf((await page('/news.html')).html)).toBe(`Новости — ${SITE}`);
    expect(titleOf((await page('/news.html/2')).html)).toBe(`Новости — страница 2 — ${SITE}`);
    expect(titleOf((await page('/price.html')).html)).toBe(`Цены — ${SITE}`);
    expect(titleOf((await page('/search/node/пилинг')).html)).toBe(`Поиск: пилинг — ${SITE}`);
    expect(titleOf((await page('/search/node')).html)).toBe(`Поиск — ${SITE}`);
  });

  it("is the 404 page's for an unknown path and under a listing (a page past the end, a page that is no number)", async () => {
    const notFound = (await demo.node(NOT_FOUND_NID)).title;
    const expected = `${notFound} — ${SITE}`;
    for (const path of ['/net-takoy-stranicy.html', '/article.html/99', '/news.html/50', '/news.html/abc', '/doctors.html/2']) {
      const { status, html } = await page(path);
      expect(status, path).toBe(404);
      expect(titleOf(html), path).toBe(expected);
      expect(html, path).not.toMatch(/<title>(Статьи|Новости|Врачи)/);
    }
  });

  it("is the popup's on each page that opens a popup over the home page", async () => {
    const pages = Object.entries(POPUP_PAGES);
    expect(pages.map(([path]) => path)).toEqual(expect.arrayContaining(['/consultation.html', '/callback.html', '/review.html']));
    for (const [path, form] of pages) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(titleOf(html), path).toBe(`${POPUP_TITLES[form]} — ${SITE}`);
    }
    expect(titleOf((await page('/consultation.html')).html)).toBe(`Записаться на приём — ${SITE}`);
  });

  it('stays one title, escaped, for hostile node titles: markup, one very long, one that names the site itself', async () => {
    const hostile = await demo.node(HOSTILE_NID);
    const shown = await page(hostile.alias);
    expect(titleOf(shown.html)).toBe(`${hostile.title} — ${SITE}`);
    expect(shown.html).toContain('<title>Проверка безопасности &lt;b&gt;заголовка&lt;/b&gt; &amp; «кавычек» — ');
    expect(shown.html.match(/<title>/g)).toHaveLength(1);

    const alias = await firstAlias('news');
    const nid = Number(
      (
        await demo.json<{ data: { attributes: { drupal_internal__nid: number } }[] }>(
          '/jsonapi/node/news?filter[status]=1&page[limit]=1&sort=-created',
        )
      ).data[0]!.attributes.drupal_internal__nid,
    );
    await demo.setTitle(nid, `Новость ${'очень длинная '.repeat(15)}</title><script>alert(1)</script>`);
    const long = titleOf((await page(alias)).html)!;
    expect(long.endsWith(` — ${SITE}`)).toBe(true);
    expect(long.length).toBeLessThanOrEqual(150 + ` — ${SITE}`.length);
    expect((await page(alias)).html).not.toContain('<script>alert(1)');

    await freshStart();
    await demo.setTitle(nid, `Открытие филиала — ${SITE}`);
    expect(titleOf((await page(alias)).html)).toBe(`Открытие филиала — ${SITE}`);
  });
});

describe('documentTitle (pure)', () => {
  const NAME = 'Клиника «Лаванда»';
  it('joins the heading and the site name, the home page being the name alone', () => {
    expect(documentTitle('Цены', NAME)).toBe('Цены — Клиника «Лаванда»');
    expect(documentTitle(NAME, NAME)).toBe(NAME);
    expect(documentTitle('  Новости\n  — страница 2 ', NAME)).toBe('Новости — страница 2 — Клиника «Лаванда»');
  });

  it('names the site once when the heading already ends with it, and cuts a very long heading', () => {
    expect(documentTitle('Акции — Клиника «Лаванда»', NAME)).toBe('Акции — Клиника «Лаванда»');
    expect(documentTitle('Акции | Клиника «Лаванда»', NAME)).toBe('Акции — Клиника «Лаванда»');
    const long = documentTitle('слово '.repeat(100), NAME);
    expect(long.endsWith('… — Клиника «Лаванда»')).toBe(true);
    expect(long.length).toBe(150 + ' — Клиника «Лаванда»'.length);
  });
});

describe("robots noindex in a node's metatag attribute (docs/drupal.md §5b)", () => {
  it("reads metatag 2.x's list and 1.x's map, and takes anything else as indexable", () => {
    const list = (content: string) => [
      { tag: 'meta', attributes: { name: 'title', content: 'x' } },
      { tag: 'meta', attributes: { name: 'robots', content } },
    ];
    expect(RobotsNoindexSchema.parse(list('noindex, nofollow'))).toBe(true);
    expect(RobotsNoindexSchema.parse(list('NONE'))).toBe(true);
    expect(RobotsNoindexSchema.parse(list('index, follow'))).toBe(false);
    expect(RobotsNoindexSchema.parse({ value: { robots: 'nofollow,noindex' } })).toBe(true);
    expect(RobotsNoindexSchema.parse({ value: { title: 'x' } })).toBe(false);
    for (const nothing of [undefined, null, [], {}, '', 'noindex', [{ tag: 'meta' }], { value: [] }])
      expect(RobotsNoindexSchema.parse(nothing)).toBe(false);
  });
});

describe("the article's author when Drupal names none (docs/requirements.md §2)", () => {
  it("reads as Russian: the clinic's specialists, and the clinic's name on a line of its own", async () => {
    const article = await demo.node(ARTICLE_WITHOUT_AUTHOR);
    expect(article.bundle).toBe('article');
    const { status, html } = await page(article.alias);
    expect(status).toBe(200);
    const block = /<aside class="author-block"[\s\S]*?<\/aside>/.exec(text(html))?.[0];
    expect(block).toBeDefined();
    expect(block).toContain('Автор статьи:');
    expect(block).toMatch(/>Специалисты клиники<\/span><span class="author-block__post">[^<]*<\/span>/);
    // The name in its own nominative, never glued to a case it does not have («клиники косметологии Клиника …»).
    expect(block).toContain(`<span class="author-block__post">${SITE.replaceAll('&', '&amp;')}</span>`);
    expect(block).not.toContain('клиники косметологии');
  });
});

describe("the demo's hostile page", () => {
  it('is a page, but Drupal marks it noindex and no menu links it', async () => {
    const hostile = await demo.node(HOSTILE_NID);
    expect((await page(hostile.alias)).status).toBe(200);
    // Drupal's own word for it: the metatags say robots noindex.
    const tags = await demo.json<{ '#attached': { html_head: [{ '#attributes': Record<string, string> }, string][] } }>(
      `/blocks_for_page/metatag?page=${encodeURIComponent(hostile.alias)}`,
    );
    expect(tags['#attached'].html_head.find(([, key]) => key === 'robots')?.[0]['#attributes'].content).toMatch(/noindex/);

    const home = await page('/');
    const sitemapPage = await page('/sitemap');
    for (const html of [home.html, sitemapPage.html]) expect(html).not.toContain(`href="${hostile.alias}"`);
  });

  it('is left out of /sitemap.xml, which still lists the other pages', async () => {
    const hostile = await demo.node(HOSTILE_NID);
    const article = await demo.node(ARTICLE_WITHOUT_AUTHOR);
    const { status, html: xml } = await page('/sitemap.xml');
    expect(status).toBe(200);
    expect(xml).toContain(`${encodeURI(article.alias)}</loc>`);
    expect(xml).toContain('/o-klinike.html</loc>');
    expect(xml).not.toContain(hostile.alias);
    expect(xml).not.toContain(encodeURI(hostile.alias));
  });
});
