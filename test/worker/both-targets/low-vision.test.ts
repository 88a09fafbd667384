import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { imagesAsText } from '../../../worker/middleware/images-as-text';
import { app, bindings, freshStart, request } from '../helpers';

beforeEach(freshStart);

const KEPT = 'page;desc="rendered a moment ago"';

/** Requests as one isolate gets them (the same bindings object), so the rendered-pages cache is shared between them. */
function isolate() {
  const env = { ...bindings };
  return async (path: string, cookie?: string) => {
    const ctx = createExecutionContext();
    const response = await app.fetch(new Request(`http://127.0.0.1:8787${path}`, { headers: cookie ? { Cookie: cookie } : {} }), env, ctx);
    const html = await response.text();
    await waitOnExecutionContext(ctx);
    return { response, html, kept: (response.headers.get('Server-Timing') ?? '').includes(KEPT) };
  };
}

/** The panel's form, as a browser without JavaScript sends it. */
async function choose(set: string, back: string, cookie?: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  if (cookie) headers.Cookie = cookie;
  const { response, settled } = await request(
    '/low-vision',
    {},
    { method: 'POST', headers, body: new URLSearchParams({ set, back }).toString() },
  );
  await settled();
  return response;
}

const htmlClass = (html: string) => /<html lang="ru"(?: class="([^"]*)")?/.exec(html)?.[1] ?? '';
/** The value a Set-Cookie gives the `vision` cookie ('' when it clears it). */
const visionSet = (response: Response) => /^vision=([^;]*)/.exec(response.headers.get('Set-Cookie') ?? '')?.[1];

describe('the version for the visually impaired', () => {
  it('turns on from a form, remembers each choice in a cookie and sends the visitor back to the page', async () => {
    const on = await choose('on', '/price.html');
    expect(on.status).toBe(303);
    expect(on.headers.get('Location')).toBe('/price.html');
    const setCookie = on.headers.get('Set-Cookie') ?? '';
    expect(setCookie).toMatch(/^vision=2bw1000; Max-Age=31536000; Path=\/; SameSite=Lax/);
    // Plain http here; on https the cookie is Secure.
    expect(setCookie).not.toContain('Secure');

    // Each choice changes its own setting and keeps the rest.
    const steps: [string, string][] = [
      ['size:largest', '3bw1000'],
      ['scheme:white-on-black', '3wb1000'],
      ['images:off', '3wb0000'],
      ['letters:wide', '3wb0100'],
      ['lines:wide', '3wb0110'],
      ['font:plain', '3wb0111'],
      ['scheme:blue', '3bl0111'],
      ['size:normal', '1bl0111'],
      ['images:on', '1bl1111'],
    ];
    let cookie = 'vision=2bw1000';
    for (const [set, expected] of steps) {
      const response = await choose(set, '/news.html', `consent=none; ${cookie}`);
      expect(response.status, set).toBe(303);
      expect(visionSet(response), set).toBe(expected);
      cookie = `vision=${expected}`;
    }

    const off = await choose('off', '/news.html', cookie);
    expect(off.status).toBe(303);
    expect(visionSet(off)).toBe('');
    expect(off.headers.get('Set-Cookie')).toContain('Max-Age=0');
  });

  it('never sends the visitor to another site, and refuses a setting that is not one in Russian', async () => {
    for (const back of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', '']) {
      const response = await choose('on', back);
      expect(response.status, back).toBe(303);
      expect(response.headers.get('Location'), back).toBe('/');
    }
    const page = await choose('on', '/news.html?page=2#top');
    expect(page.headers.get('Location')).toBe('/news.html?page=2#top');

    for (const set of ['size:huge', 'scheme:', 'colour:blue', '', 'images:maybe']) {
      const response = await choose(set, '/');
      expect(response.status, set).toBe(400);
      expect(await response.text()).toBe('Неизвестная настройка отображения');
      expect(response.headers.get('Set-Cookie')).toBeNull();
    }
    // Nothing there for a crawler.
    expect(await (await request('/robots.txt')).response.text()).toContain('Disallow: /low-vision\n');
    // Opened as an address, it is no page: the visitor goes home.
    const { response } = await request('/low-vision');
    expect(response.status).toBe(303);
    expect(response.headers.get('Location')).toBe('/');
  });

  it('renders the chosen classes on <html> and the panel with the current choices pressed, without JavaScript', async () => {
    const visit = isolate();
    const ordinary = await visit('/news.html');
    expect(htmlClass(ordinary.html)).toBe('');
    // The way in: a form in the top bar that comes back to this page.
    const entry = /<form([^>]*class="lv-entry"[^>]*)>([\s\S]*?)<\/form>/.exec(ordinary.html);
    expect(entry?.[1]).toContain('action="/low-vision"');
    expect(entry?.[1]).toContain('method="post"');
    expect(entry?.[2]).toContain('<input type="hidden" name="back" value="/news.html"/>');
    expect(entry?.[2]).toMatch(/<button type="submit" value="on"[^>]*name="set"|<button type="submit" name="set" value="on"/);
    expect(ordinary.html).toContain('Версия для слабовидящих');
    expect(ordinary.html).not.toContain('lv-panel');

    const chosen = await visit('/news.html?x=1', 'vision=3wb0111');
    expect(htmlClass(chosen.html).split(' ').sort()).toEqual(
      ['lv', 'lv-no-images', 'lv-plain-font', 'lv-scheme-white-on-black', 'lv-size-largest', 'lv-wide-letters', 'lv-wide-lines'].sort(),
    );
    expect(chosen.html).toContain('name="back" value="/news.html?x=1"');
    const pressed = [
      ...chosen.html.matchAll(
        /<button[^>]*value="([a-z:-]+)"[^>]*aria-pressed="true"|<button[^>]*aria-pressed="true"[^>]*value="([a-z:-]+)"/g,
      ),
    ]
      .map((m) => m[1] ?? m[2])
      .sort();
    expect(pressed).toEqual(['font:plain', 'images:off', 'letters:wide', 'lines:wide', 'scheme:white-on-black', 'size:largest']);
    expect(chosen.html).toContain('value="off"');
    expect(chosen.html).toContain('Обычная версия');
    // In the version the panel is the way out: no second way in.
    expect(chosen.html).not.toContain('class="lv-entry"');

    // A cookie that is not one of ours is the ordinary version.
    expect(htmlClass((await visit('/news.html', 'vision=9zz9999')).html)).toBe('');
    expect(ordinary.response.headers.get('Vary')).toContain('Cookie');
  });

  it('keeps the page cacheable: each look is a rendered page of its own, never another look’s', async () => {
    const visit = isolate();
    const path = '/price.html';
    // The first visit fills the payload cache; only a page made of cached payloads is kept.
    await visit(path);
    await visit(path);
    const ordinaryAgain = await visit(path);
    expect(ordinaryAgain.kept).toBe(true);
    expect(htmlClass(ordinaryAgain.html)).toBe('');

    const large = await visit(path, 'vision=2bl1000');
    expect(large.kept).toBe(false);
    expect(htmlClass(large.html)).toContain('lv-scheme-blue');
    const largeAgain = await visit(path, 'vision=2bl1000');
    expect(largeAgain.kept).toBe(true);
    expect(htmlClass(largeAgain.html)).toContain('lv-scheme-blue');

    const other = await visit(path, 'vision=2bw1000');
    expect(other.kept).toBe(false);
    expect(htmlClass(other.html)).toContain('lv-scheme-black-on-white');
    expect(htmlClass((await visit(path)).html)).toBe('');
  });

  it('shows carousels as plain lists with nothing that moves', async () => {
    const visit = isolate();
    const ordinary = await visit('/');
    expect(ordinary.html).toContain('data-island="Carousel"');
    const plain = await visit('/', 'vision=1bw1000');
    expect(plain.html).not.toContain('data-island="Carousel"');
    expect(plain.html).not.toContain('carousel__arrow');
    expect(plain.html).toContain('class="carousel-plain__list"');
    // Every slide is still there, as an item of the list.
    const slides = (ordinary.html.match(/class="carousel__slide"/g) ?? []).length;
    expect(slides).toBeGreaterThan(0);
    expect((plain.html.match(/class="carousel-plain__item"/g) ?? []).length).toBe(slides);
  });

  it('with images hidden, shows each picture of the page as its alt text, Drupal’s own included, and loads none', async () => {
    // A page whose Drupal HTML holds a described picture and one without words.
    const path = '/proverka-bezopasnosti.html';
    const visit = isolate();
    const shown = await visit(path, 'vision=1bw1000');
    expect(shown.html).toMatch(/<img[^>]+o-klinike\.svg/);

    const hidden = await visit(path, 'vision=1bw0000');
    expect(hidden.html).toContain('Обычное содержимое');
    expect(hidden.html).not.toMatch(/<img\b/);
    expect(hidden.html).not.toMatch(/<source\b/);
    expect(hidden.html).toContain('<span class="lv-alt">Клиника «Лаванда»</span>');
    // Nor a preload that would fetch a picture nobody sees (the frame preloads its logo on every page).
    expect(shown.html).toMatch(/<link rel="preload" as="image"/);
    expect(hidden.html).not.toContain('as="image"');
    // A picture with no words says nothing.
    expect(hidden.html).not.toContain('<span class="lv-alt"></span>');
    // Kept as rendered: the second visit, from the rendered pages, still has no picture.
    const again = await visit(path, 'vision=1bw0000');
    expect(again.kept).toBe(true);
    expect(again.html).not.toMatch(/<img\b/);
  });

  it('decodes an alt text once and escapes it once, so the visitor reads what the editor wrote', async () => {
    const site = new Hono();
    site.use('*', imagesAsText());
    site.get('/', (c) =>
      c.html(
        '<p><img src="a.jpg" alt="До &amp; после: &lt;b&gt; &#171;кожа&#187; &quot;1&quot;"><picture><source srcset="b.webp"><img src="b.jpg" alt="&#x41;"></picture></p>',
      ),
    );
    const html = async (cookie: string) => (await site.request('/', { headers: { Cookie: cookie } })).text();
    expect(await html('vision=1bw0000')).toBe(
      '<p><span class="lv-alt">До &amp; после: &lt;b&gt; «кожа» "1"</span><picture><span class="lv-alt">A</span></picture></p>',
    );
    // Images on, or the ordinary version: the page as it was.
    expect(await html('vision=1bw1000')).toContain('<img src="a.jpg"');
    expect(await html('')).toContain('<source srcset="b.webp">');
  });
});
