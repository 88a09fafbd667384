import { beforeEach, describe, expect, it } from 'vitest';
import { BlockListSchema } from '../../worker/drupal/schemas/blocks';
import { firstAlias, freshStart, page } from './helpers';

beforeEach(freshStart);

describe('layouts', () => {
  it('renders a landing page without the site frame: logo, phone, book button, content, a short footer', async () => {
    const res = await page('/ultraformer.html');
    expect(res.status).toBe(200);
    expect(res.html).toContain('site-header--bare');
    expect(res.html).toMatch(/<h1>[^<]*Ultraformer/);
    expect(res.html).toMatch(/href="tel:\+7\d{10}"/);
    expect(res.html).toContain('data-popup="consultation"');
    expect(res.html).not.toContain('class="main-nav"');
    expect(res.html).not.toContain('class="aside"');
    expect(res.html).not.toContain('class="breadcrumbs');
  });

  it('keeps the site frame on ordinary pages', async () => {
    const res = await page(await firstAlias('services'));
    expect(res.html).toContain('class="main-nav"');
    expect(res.html).not.toContain('site-header--bare');
  });

  it("marks a listing's first card image as the page's most important image, and only that one", async () => {
    const res = await page('/news.html');
    const images = [...res.html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes('/sites/default/files/'));
    expect(images.filter((tag) => tag.includes('fetchPriority="high"') || tag.includes('fetchpriority="high"'))).toHaveLength(1);
    expect(images.find((tag) => /fetch[pP]riority="high"/.test(tag))).toBe(images[0]);
  });

  it('reads a bare [] from the blocks call as a landing page, and anything else as an ordinary one', () => {
    expect(BlockListSchema.parse([])).toEqual({ placements: [], landing: true });
    expect(BlockListSchema.parse({ path: '/x', data: {} }).landing).toBe(false);
    expect(BlockListSchema.parse({ path: '/x', data: [] }).landing).toBe(false);
  });
});
