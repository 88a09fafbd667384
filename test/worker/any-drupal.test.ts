import { beforeEach, describe, expect, it, vi } from 'vitest';
import { includesFor, possibleRelationships, relationshipsFromSample } from '../../worker/drupal/relationships';
import { headOnSite } from '../../worker/frame/head-on-site';
import { bindings, demo, firstAlias, freshStart, page, request } from './helpers';

beforeEach(freshStart);

const SITE = 'http://127.0.0.1:8787';

describe('what a bundle can include is learned from Drupal', () => {
  it('reads relationship names and file fields from a sample, whatever PHP sent for an empty map', () => {
    const learned = relationshipsFromSample({
      data: [
        { relationships: { uid: { data: { type: 'user--user', id: 'u' } }, field_cover: { data: null }, field_docs: { data: [] } } },
        {
          relationships: {
            field_cover: { data: { type: 'file--file', id: 'f' } },
            field_docs: { data: [{ type: 'file--file', id: 'g' }] },
          },
        },
        { relationships: [] },
      ],
    });
    expect(learned?.names.sort()).toEqual(['field_cover', 'field_docs', 'uid']);
    expect(learned?.files.sort()).toEqual(['field_cover', 'field_docs']);
    expect(relationshipsFromSample({ errors: [] })).toBeUndefined();
  });

  it("takes JSON:API's own list from its 400 for an unknown include", () => {
    const body = {
      errors: [
        { status: '400', detail: '`field_photo` is not a valid relationship field name. Possible values: node_type, uid, field_image.' },
      ],
    };
    expect(possibleRelationships(body)).toEqual(['node_type', 'uid', 'field_image']);
    expect(possibleRelationships({ errors: [{ detail: '`x` is not a valid relationship field name.' }] })).toEqual([]);
    expect(possibleRelationships({ errors: [{ detail: 'The page size needs to be a positive integer.' }] })).toBeUndefined();
  });

  it('includes the learned files and only those wanted fields that exist', () => {
    const known = { names: ['uid', 'field_image', 'field_docs'], files: ['field_docs'], targets: {}, attributes: [] };
    expect(includesFor(known, ['field_image', 'field_photo']).sort()).toEqual(['field_docs', 'field_image']);
    expect(includesFor(null, ['field_photo'])).toEqual(['field_photo']);
  });

  it('asks for a service with only the relationships Drupal lists for services', async () => {
    const service = await firstAlias('services');
    const { status } = await page(service);
    expect(status).toBe(200);
    const { byUrl } = await demo.requests();
    const includes = Object.keys(byUrl)
      .filter((url) => url.startsWith('/jsonapi/node/services'))
      .map((url) => new URL(url, 'http://x').searchParams.get('include'))
      .filter((include): include is string => include !== null);
    expect(includes.length).toBeGreaterThan(0);
    const sample = await demo.json<{ data: { relationships: Record<string, unknown> }[] }>('/jsonapi/node/services?page[limit]=3');
    const names = new Set(sample.data.flatMap((r) => Object.keys(r.relationships)));
    for (const include of includes) for (const name of include.split(',')) expect(names.has(name.split('.')[0]!)).toBe(true);
  });
});

describe("another clinic's field layout (the demo's lean schema)", () => {
  beforeEach(async () => {
    await freshStart();
    await demo.schema('lean');
  });

  it('learns what services lack: the first page pays one retry, the next asks only for what exists', async () => {
    const services = await demo.json<{ data: { attributes: { path: { alias: string } } }[] }>(
      '/jsonapi/node/services?filter[status]=1&page[limit]=2',
    );
    const [first, second] = services.data.map((s) => s.attributes.path.alias);
    const { status, settled } = await request(first!).then(async ({ response, settled }) => ({
      status: response.status,
      settled,
      html: await response.text(),
    }));
    expect(status).toBe(200);
    await settled();
    const before = (await demo.requests()).byUrl;
    expect((await page(second!)).status).toBe(200);
    const after = (await demo.requests()).byUrl;
    const asked = Object.keys(after).filter((url) => (after[url] ?? 0) > (before[url] ?? 0) && url.startsWith('/jsonapi/node/services/'));
    expect(asked).toHaveLength(1);
    const include = new URL(asked[0]!, 'http://x').searchParams.get('include') ?? '';
    expect(include.split(',')).not.toContain('field_photo');
    expect(include.split(',')).toContain('field_image');
  });
});

describe('failures told apart', () => {
  it("answers Drupal's 400 on the page's own request with the 400 page", async () => {
    const service = await firstAlias('services');
    await demo.faults({ rules: [{ match: '/jsonapi/node/services/', status: 400 }] });
    const { status, html } = await page(service);
    expect(status).toBe(400);
    expect(html).toContain('Неверный запрос');
  });

  it('serves a page whose side calls answer shapes it cannot read, without those parts', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const service = await firstAlias('services');
    await demo.faults({
      rules: [
        { match: '/breadcrumb_headless', status: 400 },
        { match: '/blocks_for_page/metatag', status: 400 },
      ],
    });
    const { status, html } = await page(service);
    expect(status).toBe(200);
    expect(html).toContain('<h1');
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual(expect.arrayContaining(['metatag: пропущено', 'breadcrumb: пропущено']));
    warn.mockRestore();
  });
});

describe('a services term (docs/requirements.md §4)', () => {
  it('is switched to the service page of the same name', async () => {
    const { status, headers } = await page('/taxonomy/term/1');
    expect(status).toBe(301);
    const menu = await demo.json<{ data: { title: string; url: string }[] }>('/blocks_for_page/special_links/services.html');
    const term = await demo.json<{ data: { attributes: { name: string } }[] }>(
      '/jsonapi/taxonomy_term/services?filter[drupal_internal__tid]=1',
    );
    const match = menu.data.find((item) => item.title === term.data[0]?.attributes.name);
    expect(headers.get('Location')).toBe(match?.url);
  });

  it('is a page of its own when no service page has its name', async () => {
    await demo.faults({ rules: [{ match: '/blocks_for_page/special_links/services.html', status: 404 }] });
    const { status, html } = await page('/taxonomy/term/1');
    expect(status).toBe(200);
    const term = await demo.json<{ data: { attributes: { name: string } }[] }>(
      '/jsonapi/taxonomy_term/services?filter[drupal_internal__tid]=1',
    );
    expect(html).toContain(`<h1>${term.data[0]?.attributes.name}</h1>`);
    expect(html).toContain('href="/services.html"');
  });
});

describe('metatags on the site host', () => {
  it("moves the canonical and Drupal-hosted Open Graph URLs from Drupal's host onto SITE_URL", async () => {
    const { html } = await page('/');
    const drupalHost = new URL(bindings.DRUPAL_BASE_URL).host;
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="${SITE}/"`));
    expect(html).not.toContain(`//${drupalHost}/`);
  });

  it('keeps images on other hosts, and strips the path Drupal is installed under', () => {
    const head = headOnSite(
      {
        tags: [
          { tag: 'link', attributes: { rel: 'canonical', href: 'https://cms.clinic.ru/drupal/uslugi/laser' } },
          { tag: 'meta', attributes: { property: 'og:image', content: 'https://cms.clinic.ru/drupal/sites/default/files/a.jpg' } },
          { tag: 'meta', attributes: { property: 'og:image', content: 'https://cdn.example/b.jpg' } },
          { tag: 'meta', attributes: { name: 'description', content: 'https://cms.clinic.ru/x' } },
        ],
      },
      'https://clinic.ru',
      'http://10.0.0.5/drupal',
    );
    expect(head.tags.map((t) => t.attributes.href ?? t.attributes.content)).toEqual([
      'https://clinic.ru/uslugi/laser',
      'https://clinic.ru/sites/default/files/a.jpg',
      'https://cdn.example/b.jpg',
      'https://cms.clinic.ru/x',
    ]);
  });
});
