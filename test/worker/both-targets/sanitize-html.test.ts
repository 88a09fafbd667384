import { beforeEach, describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText } from '../../../worker/drupal/entities';
import { popupOfClass, popupOfHref, knowSiteUrl } from '../../../worker/drupal/popup-links';
import { safeUrl } from '../../../worker/drupal/safe-url';
import { isAllowedEmbed, sanitizeHtml } from '../../../worker/drupal/sanitize-html';
import { BreadcrumbSchema } from '../../../worker/drupal/schemas/breadcrumb';
import { MenuSchema } from '../../../worker/drupal/schemas/menu';
import { SearchResultsSchema } from '../../../worker/drupal/schemas/search';
import { freshStart, page } from '../helpers';

const YOUTUBE =
  '<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/Qm7c2UlTq4A" title="Видео" allowfullscreen></iframe>';

describe('sanitizeHtml: hostile markup', () => {
  it.each([
    ['an onerror handler', '<img src="/a.jpg" onerror=alert(1)>', '<img src="/a.jpg">'],
    // A src that names no file would be fetched against the page's own address, for nothing.
    [
      'an image whose src names nothing (path-relative, empty, missing, javascript:)',
      '<img src=x onerror=alert(1)><img src=""><img alt="a"><img src="javascript:alert(1)"><img src="a/b.png">ok',
      'ok',
    ],
    ['a script', '<p>до</p><script>alert(2)</script><p>после</p>', '<p>до</p><p>после</p>'],
    ['a javascript: link (its text stays)', '<a href="javascript:alert(3)">ссылка</a>', '<a>ссылка</a>'],
    ['an iframe from another host', '<iframe src="https://evil.example/"></iframe>', ''],
    ['an svg with onload', '<svg onload=alert(4)><circle r="1"></circle></svg>', ''],
    ['onclick and style', '<p onclick="alert(5)" style="background:url(javascript:alert(6))">текст</p>', '<p>текст</p>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['a data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['an SVG data image', '<img src="data:image/svg+xml,<svg onload=alert(1)>">', ''],
    ['entity-encoded javascript:', '<a href="&#106;avascript&#x3A;alert(1)">x</a>', '<a>x</a>'],
    ['an unknown reference hiding a colon', '<a href="javascript&colon;alert(1)">x</a>', '<a href="javascript&amp;colon;alert(1)">x</a>'],
    ['javascript: split by a tab and spaces', '<a href=" java\tscript:alert(1)">x</a>', '<a>x</a>'],
    ['upper-case tags, attributes and schemes', '<A HREF="JaVaScRiPt:alert(1)" ONMOUSEOVER="alert(2)">x</A>', '<A>x</A>'],
    ['a duplicate href', '<a href="/ok" href="javascript:alert(1)">x</a>', '<a href="/ok">x</a>'],
    ['a form with its fields', '<form action="/x"><input name="a"><button>Отправить</button></form>ok', 'ok'],
    [
      'object, embed, template, noscript, style, base, meta, link',
      '<object data="x"></object><embed src="x"><template><img src=x onerror=alert(1)></template><noscript>n</noscript><style>*{}</style><base href="//evil.example/"><meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel="import" href="x">ok',
      'ok',
    ],
    ['a comment', 'a<!-- <img src=x onerror=alert(1)> -->b', 'ab'],
    ['a tag put together once a neighbour is removed', '<<script></script>img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)>'],
    ['markup inside a raw-text element', '<title><img src=x onerror=alert(1)></title>ok', 'ok'],
    ['data-* attributes (island markers) and ids', '<div data-island="SearchBar" data-props="{}" id="search-bar">x</div>', '<div>x</div>'],
  ])('removes %s', async (_name, input, expected) => {
    expect(await sanitizeHtml(input)).toBe(expected);
  });

  it.each([
    ['an unterminated tag', 'ok<img src=x onerror=alert(1)'],
    ['an unterminated attribute', 'ok<img src="x" onerror="alert(1)'],
    ['an unterminated comment', 'ok<!-- <img src=x onerror=alert(1)>'],
    ['a lone <', 'ok<'],
  ])('closes %s so that it cannot run on into the page', async (_name, input) => {
    const out = await sanitizeHtml(input);
    expect(out.startsWith('ok')).toBe(true);
    expect(out).not.toMatch(/onerror|<!--|<$|<img[^>]*$/);
  });

  it('unwraps unknown tags and keeps their content', async () => {
    expect(await sanitizeHtml('<h1>Заголовок</h1><font color="red">текст</font><center>ц</center>')).toBe('Заголовоктекстц');
  });

  it('gives target="_blank" links noopener noreferrer and drops other targets', async () => {
    expect(await sanitizeHtml('<a href="https://example.com/" target="_blank">x</a>')).toBe(
      '<a href="https://example.com/" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(await sanitizeHtml('<a href="https://example.com/" target="_blank" rel="nofollow">x</a>')).toBe(
      '<a href="https://example.com/" target="_blank" rel="nofollow noopener noreferrer">x</a>',
    );
    expect(await sanitizeHtml('<a href="/a" target="main">x</a>')).toBe('<a href="/a">x</a>');
  });
});

describe('sanitizeHtml: what editors write', () => {
  it('keeps ordinary markup and its attributes as they are', async () => {
    const html = [
      '<h2 class="title">Подзаголовок</h2>',
      '<p><strong>Жирный</strong>, <em>курсив</em>, <u>подчёркнутый</u>, <s>зачёркнутый</s>, H<sub>2</sub>O, м<sup>2</sup><br>строка</p>',
      '<blockquote><p>Цитата</p></blockquote>',
      '<ul><li>один</li><li>два</li></ul><ol start="3"><li>три</li></ol><dl><dt>Термин</dt><dd>Определение</dd></dl>',
      '<p><a href="/contacts.html">Контакты</a>, <a href="https://example.com/?a=1&amp;b=2">сайт</a>, <a href="mailto:info@example.com">почта</a>, <a href="tel:+74950002013">телефон</a>, <a href="#zapis">запись</a></p>',
      '<figure><img src="/sites/default/files/a.jpg" alt="Фото" width="800" height="533" loading="lazy"><figcaption>Подпись</figcaption></figure>',
      '<picture><source srcset="/a-small.webp 1x, /a-big.webp 2x" type="image/webp"><img src="/a.jpg" alt=""></picture>',
      '<table><caption>Цены</caption><thead><tr><th colspan="2">Услуга</th></tr></thead><tbody><tr><td rowspan="2">Пилинг</td><td>4 500 руб.</td></tr></tbody></table>',
      '<hr><pre><code>код</code></pre><div><span>блок</span></div>',
    ].join('\n');
    expect(await sanitizeHtml(html)).toBe(html);
  });

  it('keeps an iframe from the video hosts we embed, without its fallback content', async () => {
    expect(await sanitizeHtml(YOUTUBE)).toBe(YOUTUBE);
    for (const src of [
      'https://player.vimeo.com/video/76979871',
      'https://rutube.ru/play/embed/abc',
      'https://vk.com/video_ext.php?oid=-1&id=2',
      '//www.youtube.com/embed/x',
    ]) {
      expect(isAllowedEmbed(src)).toBe(true);
    }
    expect(await sanitizeHtml('<iframe src="https://www.youtube.com/embed/x"><img src=x onerror=alert(1)></iframe>')).toBe(
      '<iframe src="https://www.youtube.com/embed/x"></iframe>',
    );
  });

  it('drops iframes from other hosts, other paths of allowed hosts, and plain http', async () => {
    for (const src of [
      'https://evil.example/',
      'https://vk.com/id1',
      'http://www.youtube.com/embed/x',
      'https://www.youtube.com.evil.example/embed/x',
      'javascript:alert(1)',
      'https://www.youtube.com:8443/embed/x',
    ]) {
      expect(isAllowedEmbed(src)).toBe(false);
      expect(await sanitizeHtml(`<iframe src="${src}"></iframe>ok`)).toBe('ok');
    }
  });

  it('keeps entities in text as they are (no double escaping)', async () => {
    expect(await sanitizeHtml('<p>Цены &amp; сроки: 5 &lt; 10, «кавычки»&nbsp;и &#8470; 1</p>')).toBe(
      '<p>Цены &amp; сроки: 5 &lt; 10, «кавычки»&nbsp;и &#8470; 1</p>',
    );
    expect(await sanitizeHtml('<img alt="&quot;Лаванда&quot; &amp; Co" src="/a.jpg">')).toBe(
      '<img alt="&quot;Лаванда&quot; &amp; Co" src="/a.jpg">',
    );
  });

  it('allows raster data images in img src only', async () => {
    expect(await sanitizeHtml('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img src="data:image/png;base64,iVBORw0KGgo=">');
    expect(await sanitizeHtml('<a href="data:image/png;base64,iVBORw0KGgo=">x</a>')).toBe('<a>x</a>');
  });
});

describe('URLs outside HTML bodies', () => {
  it('accepts http(s), mailto, tel and relative URLs', () => {
    for (const url of [
      'https://example.com/a',
      'http://example.com',
      'mailto:a@b.ru',
      'tel:+74950002013',
      '/services.html',
      '#top',
      'page.html',
      '?page=2',
      '//cdn.example.com/a.png',
    ]) {
      expect(safeUrl(url)).toBe(url);
    }
  });

  it('refuses javascript:, vbscript:, data: and other schemes, however written', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'java\tscript:alert(1)',
      '\u0001javascript:alert(1)',
      'vbscript:x',
      'data:text/html,x',
      'file:///etc/passwd',
      '',
    ]) {
      expect(safeUrl(url)).toBeUndefined();
    }
  });

  it('drops unsafe links from menus, breadcrumbs and search results, keeping their text', () => {
    const [item] = MenuSchema.parse({ data: { '#items': { a: { title: 'Акция', url: 'javascript:alert(1)', below: [] } } } });
    expect(item).toEqual({ title: 'Акция', url: '#', children: [] });
    expect(BreadcrumbSchema.parse([{ title: 'Главная', link: 'javascript:alert(1)' }])).toEqual([{ title: 'Главная', link: undefined }]);
    const [row] = SearchResultsSchema.parse([
      {
        id: '1',
        title: 'Пилинг',
        field_service: '<a href="javascript:alert(1)">Пилинги</a>',
        view_taxonomy_term: '',
        view_node: 'javascript:alert(2)',
      },
    ]);
    expect(row).toEqual({ title: 'Пилинг', url: undefined, service: { title: 'Пилинги', url: undefined } });
  });
});

describe('search titles (Views output is HTML-escaped)', () => {
  it('decodes named and numeric references exactly once', () => {
    expect(decodeEntities('&lt;b&gt; &amp; &quot;x&quot; &#039;y&#039; a&nbsp;b &#8470; &#x2116; &laquo;&raquo;')).toBe(
      '<b> & "x" \'y\' a\u00a0b № № «»',
    );
    expect(decodeEntities('&amp;lt;')).toBe('&lt;');
    expect(decodeEntities('&unknown; &#0; &constructor;')).toBe('&unknown; \ufffd &constructor;');
  });

  it('strips real tags before decoding, so an escaped tag stays visible text', () => {
    expect(htmlToText('<a href="/x">Проверка &lt;b&gt;заголовка&lt;/b&gt; &amp; «кавычек»</a>')).toBe(
      'Проверка <b>заголовка</b> & «кавычек»',
    );
  });

  it('reads a search row title as the visitor should see it', () => {
    const [row] = SearchResultsSchema.parse([
      {
        id: '1',
        title: 'Пилинг &amp; уход: 5 &lt; 10',
        field_service: '<a href="/s.html?a=1&amp;b=2">Уход &amp; лечение</a>',
        view_taxonomy_term: '',
        view_node: '/p.html',
      },
    ]);
    expect(row).toEqual({ title: 'Пилинг & уход: 5 < 10', url: '/p.html', service: { title: 'Уход & лечение', url: '/s.html?a=1&b=2' } });
  });
});

describe('the hostile demo page, end to end', () => {
  beforeEach(freshStart);

  const TITLE_ONCE = 'Проверка безопасности &lt;b&gt;заголовка&lt;/b&gt; &amp; «кавычек»';

  it('shows its ordinary content and none of its hostile markup', async () => {
    const { status, html } = await page('/proverka-bezopasnosti.html');
    expect(status).toBe(200);
    const body = html.slice(html.indexOf('<main'));
    expect(body).toContain('<h2>Обычное содержимое</h2>');
    expect(body).toContain('<strong>Жирный</strong>');
    expect(body).toContain('Цены &amp; сроки: 5 &lt; 10');
    expect(body).toContain('<a href="/contacts.html">ссылка на контакты</a>');
    expect(body).toContain('<a>ссылка</a>');
    expect(body).toContain('<p>Абзац с обработчиком нажатия.</p>');
    expect(body).toContain('<img src="/sites/default/files/pages/o-klinike.svg" alt="Клиника «Лаванда»"');
    expect(body).toContain('src="https://www.youtube-nocookie.com/embed/Qm7c2UlTq4A"');
    // React's own streaming scripts (they carry the response's nonce) mention onerror; nothing else may.
    const withoutOwnScripts = html.replace(/<script nonce="[^"]+">[\s\S]*?<\/script>/g, '');
    for (const hostile of ['onerror', 'onclick', 'onload', '<script>alert', 'javascript:', 'evil.example', 'style="background']) {
      expect(withoutOwnScripts).not.toContain(hostile);
    }
  });

  it('shows its title escaped once', async () => {
    const { html } = await page('/proverka-bezopasnosti.html');
    expect(html).toContain(`<h1>${TITLE_ONCE}</h1>`);
    expect(html).not.toContain('&amp;lt;');
    expect(html).not.toContain('<b>заголовка');
  });

  it('lists it in search results with a single level of escaping', async () => {
    const { status, html } = await page('/search/node/заголовка');
    expect(status).toBe(200);
    // The keyword is marked; the rest of the title reads exactly once escaped.
    const link = /href="\/proverka-bezopasnosti\.html"[^>]*>([\s\S]*?)<\/a>/.exec(html)?.[1] ?? '';
    expect(link.replace(/<\/?mark>/g, '')).toBe(TITLE_ONCE);
    expect(html).not.toContain('&amp;lt;');
    expect(html).not.toContain('&amp;amp;');
  });
});

describe("an editor's button to a popup (docs/requirements.md §2 field kinds)", () => {
  it('opens the popup its page would, and stays a plain link elsewhere', async () => {
    const html = await sanitizeHtml('<p><a href="/consultation.html" class="btn">Записаться</a> <a href="/contacts.html">Контакты</a></p>');
    expect(html).toContain(`<a href="/consultation.html" class="btn" data-popup="consultation" data-wakes="Popup">Записаться</a>`);
    expect(html).toContain('<a href="/contacts.html">Контакты</a>');
  });
});

describe('popup links in Drupal HTML: every form an editor writes (popup-links.ts)', () => {
  const SITE = 'https://lavanda-clinic.example';
  knowSiteUrl(`${SITE}/`);

  const marked = (page: string, form: string) => `href="${page}" data-popup="${form}" data-wakes="Popup"`;

  it.each([
    [
      'a hash naming a popup',
      '<a class="button" href="#consultation">Записаться</a>',
      `<a class="button" ${marked('/consultation.html', 'consultation')}>Записаться</a>`,
    ],
    ['a hash naming another popup', '<a href="#callback">Звонок</a>', `<a ${marked('/callback.html', 'callback')}>Звонок</a>`],
    ['a popup page', '<a href="/review.html">Отзыв</a>', `<a ${marked('/review.html', 'review')}>Отзыв</a>`],
    [
      'a popup page with a query and a hash',
      '<a href="/callback.html?utm_source=x#top">Звонок</a>',
      `<a ${marked('/callback.html', 'callback')}>Звонок</a>`,
    ],
    [
      'a popup page on the site’s own address',
      `<a href="${SITE}/consultation.html">Запись</a>`,
      `<a ${marked('/consultation.html', 'consultation')}>Запись</a>`,
    ],
    [
      'a popup page on the site’s address with www and http',
      '<a href="http://www.lavanda-clinic.example/review.html">Отзыв</a>',
      `<a ${marked('/review.html', 'review')}>Отзыв</a>`,
    ],
    [
      'the second address of the callback popup',
      '<a href="/callback1.html">Звонок</a>',
      `<a ${marked('/callback.html', 'callback')}>Звонок</a>`,
    ],
    [
      'a popup hash on the site’s home page by its address',
      `<a href="${SITE}/#consultation">Запись</a>`,
      `<a ${marked('/consultation.html', 'consultation')}>Запись</a>`,
    ],
    ['a popup query on any page', '<a href="/services.html?popup=review">Отзыв</a>', `<a ${marked('/review.html', 'review')}>Отзыв</a>`],
    ['a bare popup query', '<a href="?popup=callback">Звонок</a>', `<a ${marked('/callback.html', 'callback')}>Звонок</a>`],
    [
      'a popup class on a link',
      '<a class="button popup-consultation" href="#">Запись</a>',
      `<a class="button popup-consultation" ${marked('/consultation.html', 'consultation')}>Запись</a>`,
    ],
    [
      'an <id>-popup class',
      '<a class="callback-popup">Звонок</a>',
      `<a class="callback-popup" ${marked('/callback.html', 'callback')}>Звонок</a>`,
    ],
    [
      'a popup class with a hyphen for the underscore',
      '<a class="btn-send-resume">Резюме</a>',
      `<a class="btn-send-resume" ${marked('/consultation.html', 'send_resume')}>Резюме</a>`,
    ],
    [
      'a generic class with data-form',
      '<a class="js-popup" data-form="discount" href="#">Скидка</a>',
      `<a class="js-popup" ${marked('/consultation.html', 'discount')}>Скидка</a>`,
    ],
    [
      'a generic class with data-webform',
      '<span class="popup" data-webform="consultation1">Консультация</span>',
      `<a class="popup" ${marked('/consultation.html', 'consultation1')}>Консультация</a>`,
    ],
    [
      'a button with a popup class, which becomes a link',
      '<button type="button" class="js-popup-callback" onclick="x()">Звонок</button>',
      `<a class="js-popup-callback" ${marked('/callback.html', 'callback')}>Звонок</a>`,
    ],
    [
      'a span with a popup class, which becomes a link',
      '<p><span class="open-popup-review"><b>Отзыв</b></span></p>',
      `<p><a class="open-popup-review" ${marked('/review.html', 'review')}><b>Отзыв</b></a></p>`,
    ],
    [
      'an upper-case button',
      '<BUTTON CLASS="open-discount">Скидка</BUTTON>',
      `<a CLASS="open-discount" ${marked('/consultation.html', 'discount')}>Скидка</a>`,
    ],
    [
      'a popup link that asked for a new tab',
      '<a href="/callback.html" target="_blank">Звонок</a>',
      `<a ${marked('/callback.html', 'callback')}>Звонок</a>`,
    ],
    [
      'an entity-encoded popup page',
      '<a href="/consultation&#46;html">Запись</a>',
      `<a ${marked('/consultation.html', 'consultation')}>Запись</a>`,
    ],
  ])('opens the popup from %s', async (_name, input, expected) => {
    expect(await sanitizeHtml(input)).toBe(expected);
  });

  it.each([
    ['a hash naming an anchor', '<a href="#other-anchor">Ниже</a>'],
    ['a page that only starts like a popup page', '<a href="/consultation.html.evil">x</a>'],
    ['a popup page on another site', '<a href="https://evil.example/consultation.html">x</a>'],
    ['a popup page on another site, protocol-relative', '<a href="//evil.example/callback.html">x</a>'],
    ['a popup query on another site', '<a href="https://evil.example/?popup=callback">x</a>'],
    ['a query naming no popup', '<a href="/services.html?popup=unknown">x</a>'],
    ['a class naming no popup', '<a class="popup-unknown" href="/contacts.html">x</a>'],
    ['a generic class without a form', '<a class="popup" href="/contacts.html">x</a>'],
    ['a data-form without the generic class', '<span class="note" data-form="callback">x</span>'],
    ['a popup class on a block element', '<div class="popup-callback">x</div>'],
  ])('leaves %s as it was (cleaned as ever)', async (_name, input) => {
    const out = await sanitizeHtml(input);
    expect(out).not.toContain('data-popup');
    expect(out).not.toContain('data-wakes');
  });

  it('keeps a link to an in-page anchor exactly as written', async () => {
    expect(await sanitizeHtml('<a href="#other-anchor">Ниже</a>')).toBe('<a href="#other-anchor">Ниже</a>');
  });

  it('still drops a button that opens nothing, with its content', async () => {
    expect(await sanitizeHtml('<p>до<button class="btn-primary">Отправить</button>после</p>')).toBe('<p>допосле</p>');
  });

  it('classifies each form with one function', () => {
    expect(popupOfHref('#send_resume')).toBe('send_resume');
    expect(popupOfHref('/Callback.html')).toBe('callback');
    expect(popupOfHref('#Consultation')).toBeUndefined();
    expect(popupOfHref('javascript:alert(1)//#consultation')).toBeUndefined();
    expect(popupOfClass('button popup-consultation1', () => null)).toBe('consultation1');
    expect(popupOfClass('popup__body', () => null)).toBeUndefined();
  });

  it('knows a site address that is an IP address with a port (no www. form of it to add)', () => {
    expect(() => knowSiteUrl('http://127.0.0.1:8787/')).not.toThrow();
    expect(popupOfHref('http://127.0.0.1:8787/callback.html')).toBe('callback');
    expect(popupOfHref('http://127.0.0.1:8788/callback.html')).toBeUndefined();
  });
});
