import { renderToReadableStream } from 'react-dom/server.edge';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CAROUSELS, carouselCss, type CarouselKind } from '../../common/carousels';
import { Carousel } from '../../worker/components/Carousel';
import { PreFooter } from '../../worker/components/layout/PreFooter';
import type { DrupalClient } from '../../worker/drupal/client';
import { hrefOfUri, linkFieldOf } from '../../worker/drupal/link-field';
import { OtherListSchema } from '../../worker/drupal/schemas/other-list';
import type { HomeSlide, NodeList, Teaser } from '../../worker/drupal/types';
import { loadPreFooter } from '../../worker/frame/pre-footer';
import { defer } from '../../worker/components/deferred';
import { HomeScreen } from '../../worker/screens/HomeScreen';
import { demo, firstAlias, freshStart, page } from './helpers';

beforeEach(freshStart);

async function render(node: ReactNode): Promise<string> {
  const stream = await renderToReadableStream(node);
  await stream.allReady;
  return new Response(stream).text();
}

/** The markup of one pre-footer carousel, wherever the stream put it. */
function shelf(html: string, list: 'doctors' | 'news' | 'promotions'): string | undefined {
  return new RegExp(`class="pre-footer__shelf pre-footer__shelf--${list}"[\\s\\S]*?</section>`).exec(html)?.[0];
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
const todayInMoscow = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());

interface DemoNode {
  attributes: {
    drupal_internal__nid: number;
    title: string;
    path: { alias: string };
    field_action_date?: string;
    field_link?: { uri: string };
  };
  relationships: Record<string, { data: unknown }>;
}

describe('the carousel table (docs/requirements.md §9)', () => {
  it('sizes the server strip per width exactly as swiper will: general 1, 2 from 577 px, 3 from 960 px', () => {
    expect(carouselCss('general')).toBe(
      '.carousel--general{--per-view:1;--gap:16px}@media (min-width:577px){.carousel--general{--per-view:2}}@media (min-width:960px){.carousel--general{--per-view:3}}',
    );
    expect(carouselCss('doctors')).toContain('@media (min-width:574px){.carousel--doctors{--per-view:2}}');
    expect(carouselCss('licences')).toContain('@media (min-width:574px){.carousel--licences{--per-view:3}}');
    expect(carouselCss('home')).not.toContain('@media');
  });

  it('hides the arrows where every slide is in view, as swiper locks them: licences from 574 px with 2 or 3 slides', () => {
    expect(carouselCss('licences')).toContain(
      '@media (min-width:574px){.carousel--licences .carousel__frame:is([data-slides="2"],[data-slides="3"])~:is(.carousel__arrow,.carousel__dots){visibility:hidden}}',
    );
    // One slide in view at every width: a slider with two slides or more always has somewhere to go.
    expect(carouselCss('home')).not.toContain('visibility');
  });

  it.each(Object.keys(CAROUSELS) as CarouselKind[])(
    'renders a %s carousel with its arrows and dots only where the table has them',
    async (kind) => {
      const slides = ['а', 'б', 'в'].map((text) => ({ key: text, content: <p>{text}</p> }));
      const html = await render(<Carousel kind={kind} label="Проба" slides={slides} />);
      const settings = CAROUSELS[kind];
      // Swiper waits for a visitor who reaches for the carousel; a kind that plays by itself plays its row once visible.
      expect(html).toMatch(/data-island="Carousel" data-hydrate="reach"/);
      expect(html.includes('data-island="CarouselAutoplay" data-hydrate="visible"')).toBe(Boolean(settings.autoplayMs));
      expect(html).toMatch(new RegExp(`<section class="carousel carousel--${kind}" aria-roledescription="карусель" aria-label="Проба">`));
      expect(html.match(/class="carousel__slide" role="group" aria-roledescription="слайд"/g)).toHaveLength(3);
      expect(html).toContain('aria-label="3 из 3"');
      expect(html.includes('aria-label="Предыдущий слайд"')).toBe(Boolean(settings.arrows));
      // The row starts on its first slide: back is nowhere to go unless the kind is endless, as swiper shows it.
      if (settings.arrows) expect(/aria-label="Предыдущий слайд" disabled=""/.test(html)).toBe(!settings.loop);
      expect(html).toContain('class="carousel__frame" data-slides="3"');
      expect(html.includes('aria-label="Следующий слайд"')).toBe(Boolean(settings.arrows));
      expect(html.includes('aria-label="Слайд 3"')).toBe(Boolean(settings.dots));
    },
  );

  it('shows no arrows or dots for a single slide: there is nowhere to go', async () => {
    const html = await render(<Carousel kind="home" label="Проба" slides={[{ key: 'а', content: <p>а</p> }]} />);
    expect(html).not.toContain('carousel__arrow');
    expect(html).not.toContain('carousel__dot');
    expect(html).not.toContain('CarouselAutoplay');
  });
});

describe('the home slider', () => {
  it('renders every slide of Drupal with a picture, the first one eager and first in line, mobile images as <source>', async () => {
    const doc = await demo.json<{ data: DemoNode[] }>('/jsonapi/node/sliders?filter[status]=1&sort=-sticky,-created');
    const withPicture = doc.data.filter((s) => s.relationships.field_photo3?.data);
    expect(withPicture.length).toBeGreaterThan(1);
    const { status, html } = await page('/');
    expect(status).toBe(200);
    const slider = /<section class="carousel carousel--home[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    const pictures = [...slider.matchAll(/<picture>([\s\S]*?)<\/picture>/g)].map((m) => m[1]!);
    expect(pictures).toHaveLength(withPicture.length);
    pictures.forEach((picture, index) => {
      const img = /<img [^>]*>/.exec(picture)![0];
      expect(img).toMatch(/ width="\d+" height="\d+"/);
      if (index === 0) {
        expect(img).toContain('loading="eager"');
        expect(img.toLowerCase()).toContain('fetchpriority="high"');
      } else {
        expect(img).toContain('loading="lazy"');
        expect(img.toLowerCase()).not.toContain('fetchpriority');
      }
      // field_photos_mobile on phones; without it, the desktop picture everywhere.
      const hasMobile = Boolean(withPicture[index]!.relationships.field_photos_mobile?.data);
      expect(/<source media="\(max-width: 576px\)" srcSet="[^"]+" width="\d+" height="\d+"\/>/.test(picture)).toBe(hasMobile);
    });
    expect(slider).toContain('aria-label="Предыдущий слайд"');
    expect(slider).toContain(`aria-label="Слайд ${withPicture.length}"`);
  });

  it('links each slide where its link field points, never to the slide node itself', async () => {
    const doc = await demo.json<{ data: DemoNode[] }>('/jsonapi/node/sliders?filter[status]=1&sort=-sticky,-created');
    const { html } = await page('/');
    const slider = /<section class="carousel carousel--home[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    const links = hrefs(slider);
    for (const slide of doc.data.filter((s) => s.relationships.field_photo3?.data)) {
      expect(links).not.toContain(slide.attributes.path.alias);
      const target = slide.attributes.field_link && hrefOfUri(slide.attributes.field_link.uri);
      if (target) expect(links).toContain(target);
    }
  });

  it('gives a slide without a link field no link at all', async () => {
    const slide = (link?: HomeSlide['link']): HomeSlide => ({
      uuid: link ? 'with' : 'without',
      title: link ? 'Со ссылкой' : 'Без ссылки',
      image: { url: '/sites/default/files/a.jpg', alt: '', width: 1920, height: 700 },
      link,
    });
    const html = await render(
      <HomeScreen
        home={{
          title: 'Клиника',
          phone: '+7 (495) 000-20-13',
          slides: [slide(), slide({ url: '/ultraformer.html', title: 'Узнать больше' })],
          services: defer(Promise.resolve([])),
        }}
      />,
    );
    const [first, second] = [...html.matchAll(/<article class="home-slide">([\s\S]*?)<\/article>/g)].map((m) => m[1]!);
    expect(hrefs(first!)).toEqual([]);
    expect(hrefs(second!)).toEqual(['/ultraformer.html', '/ultraformer.html']);
    expect(second).toContain('>Узнать больше</a>');
  });

  it("reads a link field whatever the clinic named it, in any of Drupal's URI schemes", () => {
    expect(linkFieldOf({ field_link: { uri: 'internal:/ultraformer.html', title: 'Подробнее', options: [] } })).toEqual({
      url: '/ultraformer.html',
      title: 'Подробнее',
    });
    expect(linkFieldOf({ field_knopka: [{ uri: 'entity:node/42', title: '' }] })).toEqual({ url: '/node/42', title: undefined });
    expect(linkFieldOf({ field_other: { uri: 'https://example.com/a' }, field_slide_url: { uri: 'base:akcii' } })?.url).toBe('/akcii');
    expect(linkFieldOf({ field_link: { uri: 'route:<front>' } })?.url).toBe('/');
    // Nothing a page could be made of: no link, rather than a stub.
    expect(linkFieldOf({ field_link: { uri: 'route:<nolink>' } })).toBeUndefined();
    expect(linkFieldOf({ field_link: { uri: 'javascript:alert(1)' } })).toBeUndefined();
    expect(linkFieldOf({ path: { alias: '/slider/a.html' }, body: { value: '<p>x</p>' }, field_weight: 1 })).toBeUndefined();
    expect(linkFieldOf({})).toBeUndefined();
  });
});

describe('the pre-footer carousels', () => {
  it('on a doctor page, shows the other doctors and not the doctor of the page', async () => {
    const alias = await firstAlias('doctors');
    const { status, html } = await page(alias);
    expect(status).toBe(200);
    const doctors = shelf(html, 'doctors');
    expect(doctors).toBeDefined();
    expect(doctors).toContain('aria-roledescription="карусель"');
    expect(hrefs(doctors!)).not.toContain(alias);
    expect(hrefs(doctors!).filter((href) => href.startsWith('/')).length).toBeGreaterThan(1);
    expect(await demo.count('/rest/doctors/other/')).toBe(1);
    expect(shelf(html, 'news')).toBeDefined();
  });

  it('never shows a promotion whose day has passed, from the list or from the other promotions', async () => {
    const doc = await demo.json<{ data: DemoNode[] }>('/jsonapi/node/actions?filter[status]=1&page[limit]=50');
    const today = todayInMoscow();
    const past = doc.data
      .filter((a) => a.attributes.field_action_date && a.attributes.field_action_date.slice(0, 10) < today)
      .map((a) => a.attributes.path.alias);
    const current = doc.data.filter((a) => !past.includes(a.attributes.path.alias)).map((a) => a.attributes.path.alias);
    expect(past.length).toBeGreaterThan(0);
    for (const path of ['/news.html', current[0]!]) {
      const promotions = shelf((await page(path)).html, 'promotions');
      expect(promotions).toBeDefined();
      const links = hrefs(promotions!);
      expect(links.some((href) => current.includes(href))).toBe(true);
      for (const alias of past) expect(links).not.toContain(alias);
    }
  });

  it('does not repeat a listing in a carousel of its own kind', async () => {
    const { html } = await page('/news.html');
    expect(shelf(html, 'news')).toBeUndefined();
    expect(shelf(html, 'doctors')).toBeDefined();
    expect(await demo.count('/jsonapi/node/news?filter[status]=1&sort=-created')).toBe(1);
  });

  it('loses only the carousel whose call fails', async () => {
    await demo.faults({ rules: [{ match: '/rest/doctors/other', status: 500 }] });
    const { status, html } = await page(await firstAlias('doctors'));
    expect(status).toBe(200);
    expect(html).toContain('<h1');
    expect(shelf(html, 'doctors')).toBeUndefined();
    expect(shelf(html, 'news')).toBeDefined();
    expect(shelf(html, 'promotions')).toBeDefined();
  });

  it('is not on error pages: an unknown URL asks Drupal for no list', async () => {
    const { status, html } = await page(`/net-takoi-${crypto.randomUUID()}.html`);
    expect(status).toBe(404);
    expect(html).not.toContain('pre-footer__shelf');
    // The stock redirect export (asked beside a never-probed Drupal's modules probe) is a lookup, not a list.
    expect((await demo.count('/rest/')) - (await demo.count('/rest/redirects'))).toBe(0);
  });

  it("drops past promotions and the page's own node even when Drupal's view keeps them", async () => {
    const promotion = (nid: number, until?: string): Teaser => ({ nid, title: `Акция ${nid}`, url: `/special/${nid}.html`, until });
    const drupal = {
      otherList: async () => [promotion(1, '2001-01-01'), promotion(2, '2999-12-31'), promotion(3), promotion(7, '2999-12-31')],
      nodes: async (): Promise<NodeList> => ({ items: [], hasNext: false }),
    } as unknown as DrupalClient;
    const lists = loadPreFooter(drupal, { bundle: 'actions', nid: 7 });
    expect((await lists.promotions).map((p) => p.nid)).toEqual([2, 3]);
    expect(await lists.doctors).toEqual([]);
  });
});

describe("the 'other' lists' rows, read leniently", () => {
  it('takes strings for numbers, `[]` for nothing, a keyed object for a list, and skips rows it cannot use', () => {
    expect(OtherListSchema.parse([])).toEqual([]);
    expect(OtherListSchema.parse({})).toEqual([]);
    const rows = OtherListSchema.parse({
      '0': {
        title: 'Иванова Ольга',
        nid: '51',
        view_node: '/doctors/ivanova.html',
        field_photo: '/sites/default/files/d.jpg',
        field_post: 'Врач-косметолог',
      },
      '1': { title: '', nid: '52' },
      '2': null,
      '3': 'строка',
      '4': { title: 'Без всего' },
    });
    expect(rows).toEqual([
      {
        nid: 51,
        title: 'Иванова Ольга',
        url: '/doctors/ivanova.html',
        image: { url: '/sites/default/files/d.jpg', alt: 'Иванова Ольга' },
        note: 'Врач-косметолог',
        date: undefined,
        until: undefined,
      },
      { nid: undefined, title: 'Без всего', url: undefined, image: undefined, note: undefined, date: undefined, until: undefined },
    ]);
  });

  it('reads Views-rendered fields: links, escaped titles, <img>, absolute file URLs, lists and date formats', () => {
    const [row] = OtherListSchema.parse([
      {
        title: '<a href="/news/a.html" hreflang="ru">Мы &amp; вы</a>',
        nid: 7,
        field_image:
          'https://drupal.example.com/sites/default/files/styles/card/public/n.jpg?itok=x, https://drupal.example.com/sites/default/files/m.jpg',
        created: '20.10.2026',
        field_action_date: '<time datetime="2027-06-30T12:00:00Z">2027-06-30</time>',
      },
    ]);
    expect(row).toMatchObject({ nid: 7, title: 'Мы & вы', url: '/news/a.html', date: '2026-10-20', until: '2027-06-30' });
    expect(row!.image!.url).toBe('/sites/default/files/styles/card/public/n.jpg?itok=x');
    const [img] = OtherListSchema.parse([
      { title: 'x', field_photo: '<img src="/sites/default/files/p.jpg" alt="">', created: '1790000000' },
    ]);
    expect(img).toMatchObject({ image: { url: '/sites/default/files/p.jpg' }, date: '2026-09-21' });
    const [unsafe] = OtherListSchema.parse([{ title: 'x', view_node: 'javascript:alert(1)', field_image: 'javascript:alert(1)' }]);
    expect(unsafe).toMatchObject({ url: undefined, image: undefined });
  });
});

describe('a card without a picture among cards with one', () => {
  it("keeps the picture's room, quietly decorated, only where another card of its row has a picture", async () => {
    const pictured: Teaser = {
      title: 'Иванова Мария Петровна',
      url: '/doctors/ivanova.html',
      nid: 1,
      image: { url: '/sites/default/files/i.jpg', alt: '' },
    };
    const bare: Teaser = { title: 'Смирнова Ольга Викторовна', url: '/doctors/smirnova.html', nid: 2 };
    const html = await render(
      <PreFooter
        lists={{
          doctors: defer(Promise.resolve([pictured, bare])),
          news: defer(Promise.resolve([bare])),
          promotions: defer(Promise.resolve([])),
        }}
      />,
    );
    const doctors = shelf(html, 'doctors')!;
    expect(doctors.match(/teaser__media--none/g)).toHaveLength(1);
    expect(doctors).toContain('teaser__ornament');
    expect(shelf(html, 'news')).not.toContain('teaser__media');
  });
});
