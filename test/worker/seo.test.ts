import { beforeEach, describe, expect, it, vi } from 'vitest';
import { escapeXml, pageUrl, sitemapDocuments } from '../../worker/render/sitemap-xml';
import { ERROR_PAGE_NIDS } from '../../worker/routes/error';
import { SITEMAP_BUNDLES } from '../../worker/routes/seo';
import { bindings, demo, demoUrl, firstAlias, freshStart, page } from './helpers';

/** vitest.config.ts's SITE_URL binding. */
const SITE = 'http://127.0.0.1:8787';

beforeEach(freshStart);

/** The urlset's exact shape: every entry a <url> with an escaped <loc> and maybe a day. */
const URLSET =
  /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n(<url><loc>(?:[^<>&"']|&amp;|&apos;|&quot;)+<\/loc>(<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>)?<\/url>\n)*<\/urlset>\n$/;

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

/** Every published alias of a bundle, as the demo's own JSON:API lists them (following links.next). */
async function demoAliases(bundle: string): Promise<string[]> {
  const aliases: string[] = [];
  let next: string | undefined = `${demoUrl}/jsonapi/node/${bundle}?filter[status]=1&page[limit]=50`;
  while (next) {
    const doc = (await (await fetch(next)).json()) as {
      data: { attributes: { path?: { alias?: string | null } } }[];
      links?: { next?: { href: string } };
    };
    for (const resource of doc.data) {
      const alias = resource.attributes.path?.alias;
      if (alias) aliases.push(alias);
    }
    next = doc.links?.next?.href;
  }
  return aliases;
}

const url = (path: string) => pageUrl(SITE, path)!;

describe('/sitemap.xml', () => {
  it('lists the site pages and every published node page, on the site host only', async () => {
    const { status, headers, html: xml } = await page('/sitemap.xml');
    expect(status).toBe(200);
    expect(headers.get('Content-Type')).toBe('application/xml; charset=utf-8');
    expect(headers.get('Cache-Control')).toBe('public, max-age=3600');
    expect(xml).toMatch(URLSET);

    const locs = locsOf(xml);
    expect(new Set(locs).size).toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${SITE}/`)).toBe(true);
    expect(xml).not.toContain(new URL(demoUrl).host);
    expect(xml).not.toContain(bindings.DRUPAL_BASE_URL);

    for (const path of ['/', '/services.html', '/price.html', '/sitemap', '/news.html', '/doctors.html', '/do-i-posle.html']) {
      expect(locs).toContain(url(path));
    }
    expect(locs).toContain(url(await firstAlias('services')));
    expect(locs).toContain(url(await firstAlias('doctors')));
    // Every published service, and nothing unpublished, nor the home slider's slides.
    for (const alias of await demoAliases('services')) expect(locs).toContain(url(alias));
    expect(locs).not.toContain(url('/services/kosmetologiya/karboksiterapiya.html'));
    const slides = await demoAliases('sliders');
    expect(slides.length).toBeGreaterThan(0);
    for (const alias of slides) expect(locs).not.toContain(url(alias));
    // Nor the nodes that are the 404 and 403 pages (docs/requirements.md §2: nodes 823 and 1360).
    for (const nid of ERROR_PAGE_NIDS) {
      const doc = await demo.json<{ data: { attributes: { path: { alias: string } } }[] }>(
        `/jsonapi/node/page?filter[drupal_internal__nid]=${nid}`,
      );
      const alias = doc.data[0]?.attributes.path.alias;
      expect(alias, `the demo's error page node ${nid}`).toMatch(/^\//);
      expect(locs).not.toContain(url(alias!));
    }
    // A node's entry carries its day.
    expect(xml).toMatch(
      new RegExp(
        `<loc>${escapeXml(url('/doctors/ivanova-elena.html')).replaceAll('.', '\\.')}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`,
      ),
    );
  });

  it("walks a bundle past JSON:API's 50 a page and lists a listing's later pages", async () => {
    const news = await demoAliases('news');
    expect(news.length).toBeGreaterThan(50);
    const { html: xml } = await page('/sitemap.xml');
    const locs = locsOf(xml);
    for (const alias of news) expect(locs).toContain(url(alias));
    const pages = Math.ceil(news.length / 10);
    expect(locs).toContain(url('/news.html/2'));
    expect(locs).toContain(url(`/news.html/${pages}`));
    expect(locs).not.toContain(url(`/news.html/${pages + 1}`));
    expect(locs).not.toContain(url('/news.html/1'));
    // The walk asked Drupal 50 at a time, with only the fields it needs (status: a draft is never listed).
    expect(
      await demo.count(
        '/jsonapi/node/news?filter[status]=1&fields[node--news]=path,changed,created,drupal_internal__nid,status,metatag&page[limit]=50',
      ),
    ).toBe(1);
  });

  it('is served from the cache the second time', async () => {
    await page('/sitemap.xml');
    const before = (await demo.requests()).total;
    const { status } = await page('/sitemap.xml');
    expect(status).toBe(200);
    expect((await demo.requests()).total).toBe(before);
  });

  it('leaves out a bundle Drupal does not have, and serves the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const videos = await demoAliases('video');
    expect(videos.length).toBeGreaterThan(0);
    await demo.faults({ rules: [{ match: '/jsonapi/node/video', status: 404 }] });
    const { status, html: xml } = await page('/sitemap.xml');
    expect(status).toBe(200);
    expect(xml).toMatch(URLSET);
    const locs = locsOf(xml);
    for (const alias of videos) expect(locs).not.toContain(url(alias));
    expect(locs).toContain(url(await firstAlias('services')));
    expect(locs).toContain(url('/news.html/2'));
    expect(warn.mock.calls.some((call) => call.map(String).join(' ').includes('video'))).toBe(true);
    warn.mockRestore();
  });

  it('leaves out a bundle whose walk fails half-way', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await demo.faults({ rules: [{ match: 'page[offset]=50', status: 400 }] });
    const { status, html: xml } = await page('/sitemap.xml');
    expect(status).toBe(200);
    const locs = locsOf(xml);
    expect(locs).not.toContain(url('/news/grafik-raboty-2019-01.html'));
    expect(locs).toContain(url(await firstAlias('doctors')));
    warn.mockRestore();
  });

  it('is a 503 to come back later when Drupal is down and nothing is cached', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    await demo.faults({ rules: [{ match: '/', status: 503 }] });
    const { status, headers } = await page('/sitemap.xml');
    expect(status).toBe(503);
    expect(headers.get('Retry-After')).toMatch(/^\d+$/);
    error.mockRestore();
    warn.mockRestore();
  });

  it("reads the demo's lean layout (numbers as strings, odd paths)", async () => {
    await demo.schema('lean');
    const { status, html: xml } = await page('/sitemap.xml');
    expect(status).toBe(200);
    expect(xml).toMatch(URLSET);
    const locs = locsOf(xml);
    expect(locs).toContain(url(await firstAlias('services')));
    expect(locs).toContain(url(await firstAlias('doctors')));
    expect(locs).toContain(url('/news.html/2'));
    expect(xml).toContain('<lastmod>');
  });

  it('has no parts while every URL fits in it', async () => {
    const { status } = await page('/sitemap-1.xml');
    expect(status).toBe(404);
    // Answered by the sitemap route, not looked up in Drupal as a page.
    expect(await demo.count('translate-path?path=/sitemap-1.xml')).toBe(0);
  });

  it('covers every bundle of docs/requirements.md §3 with pages', () => {
    expect(SITEMAP_BUNDLES).toContain('services');
    expect(SITEMAP_BUNDLES).toContain('doctors');
    expect(SITEMAP_BUNDLES).not.toContain('sliders');
  });
});

describe('the sitemap documents (pure)', () => {
  const pages = [
    { path: '/' },
    { path: '/a.html', lastmod: '2024-01-02' },
    { path: '/b.html', lastmod: '2024-03-04' },
    { path: '/c.html' },
    { path: '/d.html', lastmod: '2023-12-31' },
  ];

  it('is a urlset while the URLs fit', () => {
    const { root, parts } = sitemapDocuments(pages, { siteUrl: SITE, limit: 5 });
    expect(parts).toEqual([]);
    expect(root).toMatch(URLSET);
    expect(locsOf(root)).toEqual([`${SITE}/`, `${SITE}/a.html`, `${SITE}/b.html`, `${SITE}/c.html`, `${SITE}/d.html`]);
  });

  it('becomes an index of parts of at most `limit` URLs past it', () => {
    const { root, parts } = sitemapDocuments(pages, { siteUrl: SITE, limit: 2 });
    expect(root).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        `<sitemap><loc>${SITE}/sitemap-1.xml</loc><lastmod>2024-01-02</lastmod></sitemap>\n` +
        `<sitemap><loc>${SITE}/sitemap-2.xml</loc><lastmod>2024-03-04</lastmod></sitemap>\n` +
        `<sitemap><loc>${SITE}/sitemap-3.xml</loc><lastmod>2023-12-31</lastmod></sitemap>\n` +
        '</sitemapindex>\n',
    );
    expect(parts).toHaveLength(3);
    for (const part of parts) expect(part).toMatch(URLSET);
    expect(parts.map((part) => locsOf(part).length)).toEqual([2, 2, 1]);
    expect(parts.flatMap(locsOf)).toEqual(locsOf(sitemapDocuments(pages, { siteUrl: SITE }).root));
  });

  it('escapes & < and quotes, encodes what a URL path cannot hold, and lists a URL once', () => {
    const { root } = sitemapDocuments(
      [
        { path: '/news/a&b<c>.html', lastmod: '2024-01-01' },
        { path: '/o\'reilly "q".html' },
        { path: '/услуги/лифтинг.html?x#y' },
        { path: '/a.html/' },
        { path: '/a.html', lastmod: '2025-05-05' },
        { path: 'no-slash.html' },
        { path: '//evil.example/x' },
        { path: '/bad-day.html', lastmod: '<b>' },
      ],
      { siteUrl: `${SITE}/` },
    );
    expect(root).toMatch(URLSET);
    expect(root).toContain(`<loc>${SITE}/news/a&amp;b%3Cc%3E.html</loc><lastmod>2024-01-01</lastmod>`);
    expect(root).toContain(`<loc>${SITE}/o&apos;reilly%20%22q%22.html</loc>`);
    expect(root).toContain(`<loc>${SITE}/${encodeURIComponent('услуги')}/${encodeURIComponent('лифтинг.html')}%3Fx%23y</loc>`);
    expect(root).toContain(`<loc>${SITE}/a.html</loc><lastmod>2025-05-05</lastmod>`);
    expect(root).toContain(`<loc>${SITE}/bad-day.html</loc></url>`);
    expect(root).not.toContain('no-slash');
    expect(root).not.toContain('evil.example');
    expect(locsOf(root)).toHaveLength(5);
    expect(escapeXml(`a&b<c>"d"'e'`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
  });
});

describe('/robots.txt', () => {
  it('lets crawlers in, keeps them out of search and accounts, and names the sitemap', async () => {
    const { status, headers, html: text } = await page('/robots.txt');
    expect(status).toBe(200);
    expect(headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    const lines = text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/search/', '/cache-rebuild.html', '/undelivered.html', '/auth_page_link.html', '/login', '/auth/', '/api/'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    // No Drupal call for it.
    expect((await demo.requests()).total).toBe(0);
  });

  it('the editors’ pages are neither indexed nor prefetched from a link a visitor hovers', async () => {
    const { html: robots } = await page('/robots.txt');
    const { html } = await page('/news.html');
    const rules = JSON.parse(/<script type="speculationrules"[^>]*>([^<]+)<\/script>/.exec(html)?.[1] ?? '{}') as Record<
      string,
      { where: { and: object[] } }[]
    >;
    const excluded = (kind: string) => JSON.stringify(rules[kind]?.[0]?.where.and.filter((rule) => 'not' in rule));
    for (const path of ['/cache-rebuild.html', '/undelivered.html', '/auth_page_link.html', '/login']) {
      expect(robots).toContain(`Disallow: ${path}\n`);
      expect(excluded('prefetch')).toContain(`"href_matches":"${path}"`);
      expect(excluded('prerender')).toContain(`"href_matches":"${path}"`);
    }
    expect(excluded('prefetch')).toContain('"href_matches":"/auth/*"');
  });
});
