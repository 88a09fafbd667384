/**
 * Search. The keywords are marked in each result's title on the
 * server (common/highlight.ts, worker/components/Highlighted.tsx); the results
 * list alone comes from /search/results for the page's live search; odd
 * keywords get clean answers.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server.edge';
import { beforeEach, describe, expect, it } from 'vitest';
import { highlightRanges, MAX_SEARCH_LENGTH, searchKeywords, searchUrl } from '../../common/highlight';
import { Highlighted } from '../../worker/components/Highlighted';
import { demo, freshStart, page, request } from './helpers';

beforeEach(freshStart);

/** The text with the ranges in brackets: easier to read than positions. */
const marked = (text: string, keywords: string) => {
  let out = '';
  let at = 0;
  for (const [start, end] of highlightRanges(text, keywords)) {
    out += `${text.slice(at, start)}[${text.slice(start, end)}]`;
    at = end;
  }
  return out + text.slice(at);
};

describe('highlightRanges', () => {
  it('finds every keyword in Latin text whatever its case', () => {
    expect(highlightRanges('Botox and BOTOX, botox', 'bOtOx')).toEqual([
      [0, 5],
      [10, 15],
      [17, 22],
    ]);
    expect(marked('SMAS lifting', 'smas LIFT')).toBe('[SMAS] [lift]ing');
  });

  it('finds Cyrillic keywords whatever their case, and keeps the title’s own', () => {
    expect(marked('Лазерная эпиляция лица', 'лазер')).toBe('[Лазер]ная эпиляция лица');
    expect(marked('Лазерная эпиляция лица', 'ЭПИЛЯЦИЯ Лица')).toBe('Лазерная [эпиляция] [лица]');
    expect(marked('Можно ли загорать после лазерной эпиляции?', 'ЛаЗеР')).toBe('Можно ли загорать после [лазер]ной эпиляции?');
  });

  it('takes ё and е for the same letter, either way round', () => {
    expect(marked('Чёрная пятница в клинике', 'черная')).toBe('[Чёрная] пятница в клинике');
    expect(marked('Черная пятница', 'ЧЁРНАЯ')).toBe('[Черная] пятница');
    expect(marked('ЁЛКА и елка', 'ёлка')).toBe('[ЁЛКА] и [елка]');
  });

  it('merges keywords that overlap or touch into one mark', () => {
    expect(highlightRanges('лазерная эпиляция', 'лазер зерн')).toEqual([[0, 6]]);
    expect(highlightRanges('лазерная эпиляция', 'ла зер')).toEqual([[0, 5]]);
    expect(marked('лазерная эпиляция', 'лазерная азе эпил')).toBe('[лазерная] [эпил]яция');
    expect(marked('аааа', 'аа')).toBe('[аааа]');
  });

  it('takes keywords as plain text: regular expression characters match themselves', () => {
    expect(marked('Цена (по акции) *скидка* 10.5 + НДС?', '(')).toBe('Цена [(]по акции) *скидка* 10.5 + НДС?');
    expect(marked('Цена (по акции) *скидка* 10.5 + НДС?', '*')).toBe('Цена (по акции) [*]скидка[*] 10.5 + НДС?');
    expect(marked('Цена (по акции) *скидка* 10.5 + НДС?', '.')).toBe('Цена (по акции) *скидка* 10[.]5 + НДС?');
    expect(marked('Цена (по акции) *скидка* 10.5 + НДС?', '(по акции) НДС?')).toBe('Цена [(по] [акции)] *скидка* 10.5 + [НДС?]');
    expect(marked('Цена (по акции) *скидка* 10.5 + НДС?', '*ск ка*')).toBe('Цена (по акции) [*ск]ид[ка*] 10.5 + НДС?');
    expect(marked('x.*y', '.* x.')).toBe('[x.*]y');
    expect(highlightRanges('abc', 'a.c')).toEqual([]);
    expect(highlightRanges('a\\b [x] ^$ |', '\\b [x] ^$')).toEqual([
      [1, 3],
      [4, 7],
      [8, 10],
    ]);
    expect(highlightRanges('a|b', '|')).toEqual([[1, 2]]);
  });

  it('finds nothing for no keywords, and leaves one-letter words out beside longer ones', () => {
    expect(highlightRanges('Лазерная эпиляция', '')).toEqual([]);
    expect(highlightRanges('Лазерная эпиляция', '   ')).toEqual([]);
    expect(highlightRanges('', 'лазер')).toEqual([]);
    expect(marked('Лазер и пилинг в клинике', 'лазер и в')).toBe('[Лазер] и пилинг в клинике');
    expect(marked('Витамин C', 'c')).toBe('Витамин [C]');
  });

  it('counts positions in UTF-16 units, as String#slice does, past emoji and letters whose lower case is longer', () => {
    expect(marked('😀 Лазер', 'лазер')).toBe('😀 [Лазер]');
    expect(marked('İstanbul: лазер', 'ЛАЗЕР')).toBe('İstanbul: [лазер]');
  });
});

describe('search keywords and their address', () => {
  it('drops control characters, collapses spaces and cuts long keywords whole characters at a time', () => {
    expect(searchKeywords('  лазер\t\u0000 эпиляция \n')).toBe('лазер эпиляция');
    expect(searchKeywords(undefined)).toBe('');
    expect(searchKeywords('\u0000')).toBe('');
    expect(searchKeywords('😀'.repeat(300))).toBe('😀'.repeat(MAX_SEARCH_LENGTH));
  });

  it('puts keywords in the path, unless the path could not hold them', () => {
    expect(searchUrl('/search/node', '')).toBe('/search/node');
    expect(searchUrl('/search/node', 'лазер лица')).toBe(`/search/node/${encodeURIComponent('лазер лица')}`);
    expect(searchUrl('/search/results', 'a/b 100%')).toBe('/search/results/a%2Fb%20100%25');
    expect(searchUrl('/search/node', '..')).toBe('/search/node?keys=..');
    expect(searchUrl('/search/node', 'a\\b')).toBe('/search/node?keys=a%5Cb');
    expect(searchUrl('/search/node', '%41')).toBe('/search/node?keys=%2541');
  });
});

describe('the Highlighted component', () => {
  it('marks the keywords with React nodes, the text escaped', () => {
    const html = renderToStaticMarkup(createElement(Highlighted, { text: '<b>Лазер</b> & «лазер»', keywords: 'ЛАЗЕР <b>' }));
    expect(html).toBe('<mark>&lt;b&gt;Лазер</mark>&lt;/b&gt; &amp; «<mark>лазер</mark>»');
    expect(renderToStaticMarkup(createElement(Highlighted, { text: 'Пилинг', keywords: 'лазер' }))).toBe('Пилинг');
  });
});

/** The results region of a page or fragment. */
const resultsOf = (html: string) =>
  /<div class="search-results"[\s\S]*?<\/ul><\/div>|<div class="search-results"[^>]*><p[^>]*>[^<]*<\/p><\/div>/.exec(html)?.[0];

describe('the search page', () => {
  it('marks the keyword in each title, in the title’s own case, and says how many were found', async () => {
    const { status, html } = await page(`/search/node/${encodeURIComponent('лазер')}`);
    expect(status).toBe(200);
    expect(html).toContain('<mark>Лазер</mark>ная эпиляция');
    expect(html).toContain('<mark>лазер</mark>ную эпиляцию');
    const count = /<p class="search-results__count" role="status" aria-live="polite">Найдено: (\d+)<\/p>/.exec(html);
    expect(Number(count?.[1])).toBeGreaterThan(1);
    expect(html.match(/<li class="card search-result">/g)).toHaveLength(Number(count?.[1]));
    // The live search drives the form; the field names the results it changes.
    expect(html).toMatch(/data-island="LiveSearch"/);
    expect(html).toContain('aria-controls="search-results"');
  });

  it('marks a word written with ё when searched with е', async () => {
    const { html } = await page(`/search/node/${encodeURIComponent('черная пятница')}`);
    expect(html).toContain('<mark>Чёрная</mark> <mark>пятница</mark>');
  });

  it('shows the service of a result as a link', async () => {
    const { html } = await page(`/search/node/${encodeURIComponent('лазерная эпиляция')}`);
    expect(html).toMatch(/<p class="card__meta search-result__service">Услуга: <a href="\/[^"]+">/);
  });

  it('says so in Russian when nothing is found', async () => {
    const { status, html } = await page(`/search/node/${encodeURIComponent('абракадабра')}`);
    expect(status).toBe(200);
    expect(html).toContain('По запросу «абракадабра» ничего не найдено.');
    expect(html).not.toContain('<li class="card search-result">');
  });

  it('sends the form without JavaScript to the keywords’ page, or shows the empty page', async () => {
    const { response } = await request(`/search/node?keys=${encodeURIComponent('  лазер   лица ')}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`/search/node/${encodeURIComponent('лазер лица')}`);
    for (const keys of ['', '%20%20', '%00']) {
      const empty = await page(`/search/node?keys=${keys}`);
      expect(empty.status).toBe(200);
      expect(empty.html).toContain('<h1>Поиск</h1>');
      expect(empty.html).toContain('<p class="search-results__count" role="status" aria-live="polite"></p>');
    }
    expect(await demo.count('/rest/search')).toBe(0);
  });

  it('shows keywords that no path can hold at the form’s own address', async () => {
    const { status, html } = await page(`/search/node?keys=${encodeURIComponent('a\\b ..')}`);
    expect(status).toBe(200);
    expect(html).toContain('По запросу «a\\b ..» ничего не найдено.');
  });
});

describe('the results fragment', () => {
  it('is the page’s results list alone, the same markup, cacheable for a minute', async () => {
    const path = encodeURIComponent('лазер');
    const fragment = await page(`/search/results/${path}`);
    expect(fragment.status).toBe(200);
    expect(fragment.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(fragment.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(fragment.html).toMatch(/^<div class="search-results" data-search-results="">/);
    expect(fragment.html).not.toMatch(/<html|<head|<header|<script/);
    expect(fragment.html).toContain('<mark>Лазер</mark>ная эпиляция');
    const full = await page(`/search/node/${path}`);
    expect(resultsOf(fragment.html)).toBe(fragment.html);
    expect(resultsOf(full.html)).toBe(fragment.html);
  });

  it('is an empty region for no keywords, without asking Drupal', async () => {
    for (const path of ['/search/results', '/search/results?keys=%20', '/search/results/%20']) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).toBe(
        '<div class="search-results" data-search-results=""><p class="search-results__count" role="status" aria-live="polite"></p></div>',
      );
    }
    expect(await demo.count('/rest/search')).toBe(0);
  });

  it('takes keywords from ?keys= where the path cannot hold them', async () => {
    const { status, html } = await page(`/search/results?keys=${encodeURIComponent('..')}`);
    expect(status).toBe(200);
    expect(html).toContain('По запросу «..» ничего не найдено.');
  });
});

describe('odd keywords get clean answers', () => {
  it('cuts 300 characters to 128 before asking Drupal', async () => {
    const long = 'лазер '.repeat(50);
    for (const path of [`/search/node/${encodeURIComponent(long)}`, `/search/results/${encodeURIComponent(long)}`]) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).toContain('search-results__count');
    }
    const { byUrl } = await demo.requests();
    const asked = Object.keys(byUrl)
      .filter((url) => url.startsWith('/rest/search'))
      .map((url) => new URL(url, 'http://x').searchParams.get('keys') ?? '');
    expect(asked.length).toBeGreaterThan(0);
    for (const keys of asked) expect(Array.from(keys).length).toBeLessThanOrEqual(MAX_SEARCH_LENGTH);
    const { html } = await page(`/search/node/${encodeURIComponent(long)}`);
    expect(html).toContain(`value="${searchKeywords(long)}"`);
  });

  it('refuses a NUL in the path with the 400 page, before Drupal is asked', async () => {
    for (const path of ['/search/node/%00', '/search/results/%00', '/search/results/%00лазер']) {
      const { status, headers, html } = await page(path);
      expect(status).toBe(400);
      expect(headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      expect(html).not.toMatch(/Error|at \w+ \(/);
    }
    expect(await demo.count('/rest/search')).toBe(0);
  });

  it('shows <script> as text, on the page and in the fragment', async () => {
    const keys = '<script>alert(1)</script>';
    for (const path of [`/search/node/${encodeURIComponent(keys)}`, `/search/results/${encodeURIComponent(keys)}`]) {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(html).not.toContain('<script>alert');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    }
  });

  it('answers a percent sign, a slash and quotes', async () => {
    for (const keys of ['100%', 'лазер/лицо', '"лазер"', "д'Арсонваль"]) {
      const { status, html } = await page(searchUrl('/search/results', keys));
      expect(status, keys).toBe(200);
      expect(html, keys).toMatch(/^<div class="search-results"/);
    }
  });
});
