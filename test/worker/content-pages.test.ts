import { beforeEach, describe, expect, it } from 'vitest';
import { doctorServiceLinks } from '../../worker/bundles/doctors/view';
import { demo, firstAlias, freshStart, page, request } from './helpers';

/** docs/requirements.md §2: the service page's parts, in this order (those a service has). */
const SERVICE_ORDER = [
  'children',
  'promo',
  'promotions',
  'body',
  'qa',
  'book',
  'doctors',
  'reviews',
  'before-after',
  'prices',
  'feedback',
  'advantages',
  'doctor-reviews',
  'articles',
  'licences',
  'other-services',
];

const partsOf = (html: string) => [...html.matchAll(/data-part="([^"]+)"/g)].map((m) => m[1]!);

/** A doctor with the most services, found through Drupal's own API. */
async function busiestDoctor(): Promise<{ alias: string; services: number }> {
  const doc = await demo.json<{ data: { attributes: { path: { alias: string } }; relationships: Record<string, { data: unknown }> }[] }>(
    '/jsonapi/node/doctors?filter[status]=1',
  );
  const counted = doc.data.map((d) => {
    const refs = Object.values(d.relationships).find(
      (r) => Array.isArray(r.data) && (r.data as { type: string }[]).some((t) => t.type === 'node--services'),
    );
    return { alias: d.attributes.path.alias, services: Array.isArray(refs?.data) ? refs.data.length : 0 };
  });
  return counted.sort((a, b) => b.services - a.services)[0]!;
}

describe.each(['full', 'lean'] as const)('content pages on the demo origin in its %s schema', (mode) => {
  beforeEach(async () => {
    await freshStart();
    await demo.schema(mode);
  });

  it('renders the service page in spec order, with its lists and the medical notice', async () => {
    // As a crawler gets it: the whole document in order. A visitor's stream sends late parts at its end, for React to put in place.
    const { response, settled } = await request(
      await firstAlias('services'),
      {},
      { headers: { 'User-Agent': 'Mozilla/5.0 (compatible; YandexBot/3.0)' } },
    );
    const status = response.status;
    const html = await response.text();
    await settled();
    expect(status).toBe(200);
    const parts = partsOf(html).filter((p) => SERVICE_ORDER.includes(p));
    expect(parts).toEqual([...parts].sort((a, b) => SERVICE_ORDER.indexOf(a) - SERVICE_ORDER.indexOf(b)));
    for (const part of ['promo', 'body', 'book', 'doctors', 'feedback', 'other-services']) expect(parts).toContain(part);
    expect(html).toContain('Имеются противопоказания. Необходима консультация специалиста.');
    expect(html).toContain('Записаться на консультацию');
    expect(html).toContain('Оставить отзыв');
    expect(html).toMatch(/<h1>[^<]+<\/h1>/);
  });

  it("shows a doctor's post, photo, at most six services and reviews", async () => {
    const doctor = await busiestDoctor();
    const { status, html } = await page(doctor.alias);
    expect(status).toBe(200);
    expect(html).toContain('node__subtitle');
    const list = /data-part="doctor-services"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? '';
    expect(list).toContain('проводит процедуры');
    expect((list.match(/<li/g) ?? []).length).toBe(Math.min(6, doctor.services));
    expect(html).toContain('node__lead--portrait');
  });

  it.each([
    ['patients', 'node__lead'],
    ['news', '<time dateTime='],
    ['article', 'Автор статьи:'],
    ['gallery', 'before-after__label'],
    ['video', 'data-video-id='],
    ['vacancy', 'Отправить резюме'],
    ['actions', 'Получить скидку'],
    ['qa', 'qa-question'],
    ['reviews', 'Врач:'],
    ['equipment', 'node__lead'],
    ['smi_o_nas', '<time dateTime='],
    ['problem', '<h1>'],
  ])('shows a %s node with its own parts', async (bundle, marker) => {
    const { status, html } = await page(await firstAlias(bundle));
    expect(status).toBe(200);
    expect(html).toContain(marker);
    expect(html).not.toContain('&lt;p&gt;');
  });

  it('shows the promotion page with its end date and the medical notice', async () => {
    const { html } = await page(await firstAlias('actions'));
    expect(html).toMatch(/Акция действует до<\/span><time dateTime="\d{4}-\d{2}-\d{2}">\d{2}\.\d{2}\.\d{4}<\/time>/);
    expect(html).toContain('Имеются противопоказания');
  });

  // Some sixty pages, each cold and one after another: more than the usual 20 s when the machine is busy.
  it('answers every page linked from home without a 5xx', { timeout: 60_000 }, async () => {
    const { html } = await page('/');
    const links = [...new Set([...html.matchAll(/href="(\/[^"#?]*)"/g)].map((m) => m[1]!))].filter(
      (href) => !href.startsWith('/assets/') && !href.startsWith('/sites/'),
    );
    expect(links.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const link of links) {
      const { status } = await page(link);
      if (status >= 500) failures.push(`${link} → ${status}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("a doctor's services (docs/requirements.md §2, §9)", () => {
  const links = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Услуга ${i + 1}` }));

  it('shows every service up to six, without an ellipsis', () => {
    expect(doctorServiceLinks(links(6)).map((l) => l.ellipsis)).toEqual([false, false, false, false, false, false]);
  });

  it('caps a longer list at six and marks the fifth with an ellipsis', () => {
    const shown = doctorServiceLinks(links(10));
    expect(shown).toHaveLength(6);
    expect(shown.map((l) => l.ellipsis)).toEqual([false, false, false, false, true, false]);
  });
});

describe('listings (docs/requirements.md §2, §4)', () => {
  beforeEach(freshStart);

  /** Published news, counted through Drupal's own API. */
  async function publishedCount(bundle: string): Promise<number> {
    let count = 0;
    for (let offset = 0; ; offset += 50) {
      const doc = await demo.json<{ data: unknown[]; links: { next?: unknown } }>(
        `/jsonapi/node/${bundle}?filter[status]=1&page[limit]=50&page[offset]=${offset}`,
      );
      count += doc.data.length;
      if (!doc.links.next) return count;
    }
  }

  it('offers the last page of /news.html, counted although Drupal sends no count', async () => {
    const last = Math.ceil((await publishedCount('news')) / 10);
    expect(last).toBeGreaterThan(2);
    const { html } = await page('/news.html');
    expect(html).toContain(`href="/news.html/${last}"`);
    expect(html).not.toContain(`href="/news.html/${last + 1}"`);
    expect(html).toContain('Следующая страница');
  });

  it('asks Drupal for current promotions and shown questions only, so that a page holds 10 items', async () => {
    await page('/special.html');
    await page('/vopros-otvet.html');
    expect(await demo.count('filter[rule-value][condition][path]=field_action_date')).toBeGreaterThan(0);
    expect(await demo.count('filter[rule-value][condition][path]=field_ne_vyvodit_na_stranitce')).toBeGreaterThan(0);
    const all = await demo.json<{ data: { attributes: Record<string, unknown> }[] }>('/jsonapi/node/qa?filter[status]=1&page[limit]=50');
    const shown = all.data.filter((q) => ![true, 1, '1'].includes(q.attributes.field_ne_vyvodit_na_stranitce as never)).length;
    expect(shown).toBeLessThan(all.data.length);
    const { html } = await page('/vopros-otvet.html');
    expect((html.match(/<details class="qa-item"/g) ?? []).length).toBe(Math.min(10, shown));
  });

  it("shows doctors' cards upright with their post", async () => {
    const { html } = await page('/doctors.html');
    expect(html).toContain('card--portrait');
    expect(html).toMatch(/card__summary">[^<]*(врач|Врач|косметолог)/);
  });

  it('gives every video card a play button, a video without a poster too', async () => {
    const videos = await demo.json<{ data: { attributes: { title: string } }[] }>('/jsonapi/node/video?filter[status]=1&page[limit]=10');
    expect(videos.data.length).toBeGreaterThan(0);
    const { html } = await page('/video.html');
    const cards = html.split('<li class="card').slice(1);
    expect(cards.length).toBe(videos.data.length);
    for (const card of cards)
      expect(card).toMatch(/<div class="card__media">(<img[^>]*>)?<span class="play-badge card__play" aria-hidden="true">/);
  });
});

describe('structured data for search engines', () => {
  beforeEach(freshStart);

  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );

  it('describes the clinic on the home page', async () => {
    const blocks = jsonLd((await page('/')).html);
    expect(blocks.find((b) => b['@type'] === 'MedicalClinic')).toMatchObject({ url: 'http://127.0.0.1:8787/', foundingDate: '2013' });
  });

  it('describes a service as a procedure with its prices in rubles, and its breadcrumbs', async () => {
    const blocks = jsonLd((await page(await firstAlias('services'))).html);
    const procedure = blocks.find((b) => b['@type'] === 'MedicalProcedure') as {
      offers: { price: number; priceCurrency: string }[];
      url: string;
    };
    expect(procedure.url).toMatch(/^http:\/\/127\.0\.0\.1:8787\//);
    expect(procedure.offers.length).toBeGreaterThan(0);
    for (const offer of procedure.offers) expect(offer).toMatchObject({ priceCurrency: 'RUB', price: expect.any(Number) });
    const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList') as { itemListElement: { position: number }[] };
    expect(crumbs.itemListElement.map((c) => c.position)).toEqual(crumbs.itemListElement.map((_, i) => i + 1));
  });

  it('describes a doctor as a physician', async () => {
    const blocks = jsonLd((await page(await firstAlias('doctors'))).html);
    expect(blocks.find((b) => b['@type'] === 'IndividualPhysician')).toMatchObject({
      name: expect.any(String),
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:8787\//),
    });
  });
});
