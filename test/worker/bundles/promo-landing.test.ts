import { beforeEach, describe, expect, it } from 'vitest';
import { promoLanding } from '../../../worker/bundles/promo_landing/bundle';
import type { NodeData } from '../../../worker/drupal/types';
import { demo, firstAlias, freshStart, page } from '../helpers';

/*
 * docs/adding-a-bundle.md's example: a bundle added as its folder and one registry
 * line. Its page renders at its alias with its parts; a Drupal without it is not
 * asked about it, and its other pages and sitemap stay as they were.
 */

beforeEach(freshStart);

const ALIAS = '/promo/osennee-obnovlenie-kozhi.html';

const node = (over: Partial<NodeData>): NodeData => ({
  uuid: 'u',
  nid: 1,
  bundle: 'promo_landing',
  title: 'Акция',
  published: true,
  texts: {},
  html: {},
  flags: {},
  images: {},
  links: {},
  ...over,
});

describe('a promotional landing page (promo_landing)', () => {
  it('renders at its alias: title, picture, body and a button that opens the appointment popup', async () => {
    const { status, html } = await page(ALIAS);
    expect(status).toBe(200);
    expect(html).toContain('node--promo_landing');
    expect(html).toMatch(/<h1[^>]*>Осеннее обновление кожи<\/h1>/);
    expect(html).toContain('node__lead');
    expect(html).toContain('Осень — лучшее время для обновления кожи');
    const cta = /<p[^>]*data-part="cta"[\s\S]*?<\/p>/.exec(html)?.[0];
    expect(cta).toContain('data-popup="consultation"');
    expect(cta).toContain('Записаться на консультацию');
    // The site's frame, as on any node's page.
    expect(html).toContain('<title>Осеннее обновление кожи');
  });

  it('leaves out the picture when the node has none, and labels the button with the popup’s title when the editor gave none', () => {
    expect(promoLanding.view(node({}))).toEqual({ image: undefined, cta: 'Записаться на приём' });
    const image = { url: '/p.jpg', alt: 'p' };
    expect(promoLanding.view(node({ images: { field_image: [image] }, texts: { field_cta_text: 'Хочу' } }))).toEqual({
      image,
      cta: 'Хочу',
    });
  });

  it('is listed in the sitemap where Drupal has the bundle', async () => {
    const { status, html: xml } = await page('/sitemap.xml');
    expect(status).toBe(200);
    expect(xml).toContain(ALIAS);
  });
});

describe('a Drupal without the promo_landing bundle', () => {
  beforeEach(() => demo.faults({ rules: [{ match: '/jsonapi/node/promo_landing', status: 404 }] }));

  it('serves the home page and another bundle’s page without asking about it', async () => {
    const news = await firstAlias('news');
    expect((await page('/')).status).toBe(200);
    const { status, html } = await page(news);
    expect(status).toBe(200);
    expect(html).toContain('node--news');
    expect(await demo.count('promo_landing')).toBe(0);
  });

  it('still has its sitemap, without the bundle’s pages', async () => {
    const news = await firstAlias('news');
    const { status, html: xml } = await page('/sitemap.xml');
    expect(status).toBe(200);
    expect(xml).toContain(news);
    expect(xml).not.toContain(ALIAS);
  });
});
