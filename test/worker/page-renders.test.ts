/**
 * A page past its moment is rendered again by one request, while the others get it as it was kept
 * (worker/cache/page-renders.ts, worker/cache/rendered-pages.ts): a burst of visitors of a page made of stale
 * payloads, Drupal hanging, renders it once a moment rather than once per visitor. The clock is given.
 */
import { describe, expect, it } from 'vitest';
import { PageRenders } from '../../worker/cache/page-renders';
import { RenderedPages, type RenderedPage } from '../../worker/cache/rendered-pages';

const T = 1_800_000_000_000;
const PAGE: RenderedPage = {
  status: 200,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  bytes: { identity: new Uint8Array([60]), encoded: {}, scriptHashes: [], tag: 'AAAAAAAAAAAAAAAAAAAAAA' },
};
const scope = {};
const KEY = 'browser unasked ordinary http://site.test/news.html';

describe('a kept page past its moment', () => {
  it('answers no visitor by itself, but is there for the others while one renders it again', () => {
    const pages = new RenderedPages();
    pages.keep(scope, KEY, PAGE, 1, 1, undefined, T);
    expect(pages.page(scope, KEY, 1, T + 999)).toBeDefined();
    expect(pages.page(scope, KEY, 1, T + 1_000)).toBeUndefined();
    expect(pages.lastPage(scope, KEY, 1, T + 1_000)?.bytes).toEqual(PAGE.bytes);
  });

  it('is gone once cached content changed since it was rendered, or long after its moment', () => {
    const pages = new RenderedPages();
    pages.keep(scope, KEY, PAGE, 1, 1, undefined, T);
    expect(pages.lastPage(scope, KEY, 1, T + 60_000)).toBeUndefined();
    pages.keep(scope, KEY, PAGE, 1, 1, undefined, T);
    expect(pages.lastPage(scope, KEY, 2, T + 1_000)).toBeUndefined();
    expect(pages.lastPage(scope, KEY, 1, T + 1_000)).toBeUndefined();
  });
});

describe('rendering a page again', () => {
  it('is claimed by one request at a time, per settings and page, until it is over or the claim lapses', () => {
    const renders = new PageRenders();
    expect(renders.claim(scope, KEY, 2_000, T)).toBe(true);
    expect(renders.claim(scope, KEY, 2_000, T + 1)).toBe(false);
    expect(renders.claim({}, KEY, 2_000, T + 1)).toBe(true);
    expect(renders.claim(scope, `${KEY}/2`, 2_000, T + 1)).toBe(true);
    // What a request that finds nothing kept waits on: another's claim, while it holds.
    expect(renders.held(scope, KEY, 2_000, T + 1)).toBe(true);
    expect(renders.held(scope, `${KEY}/3`, 2_000, T + 1)).toBe(false);
    renders.release(scope, KEY);
    expect(renders.held(scope, KEY, 2_000, T + 1)).toBe(false);
    expect(renders.claim(scope, KEY, 2_000, T + 2)).toBe(true);
    expect(renders.held(scope, KEY, 2_000, T + 2_001)).toBe(true);
    expect(renders.held(scope, KEY, 2_000, T + 2_002)).toBe(false);
    // A request that went away without a word: its claim lapses.
    expect(renders.claim(scope, KEY, 2_000, T + 2_001)).toBe(false);
    expect(renders.claim(scope, KEY, 2_000, T + 2_002)).toBe(true);
  });
});
